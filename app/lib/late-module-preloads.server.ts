import { Transform, type TransformCallback } from "node:stream";

const HEAD_END = Buffer.from("</head>");
const BODY_END = Buffer.from("</body>");
const LINK_OPEN = Buffer.from("<link");
const MODULE_PRELOAD = /^<link\b[^>]*\brel="modulepreload"[^>]*\/?>$/;
const SCRIPT_OPEN = Buffer.from("<script");
/** The end of React Router's entry script tag: `<script nonce="…" type="module" async="">`. */
const ENTRY_END = Buffer.from(' type="module" async="">');
const LT = 0x3c;
const GT = 0x3e;

/** The type the application's entry script waits under until the page has loaded. */
export const DEFERRED_MODULE_TYPE = "text/x-module-after-load";
const DEFERRED_END = Buffer.from(` type="${DEFERRED_MODULE_TYPE}">`);

/**
 * A script's statements that call the function `run` once the page has loaded and the frame
 * after that has been painted (at once in a hidden tab, which paints no frames): the largest
 * picture, loaded by then, is on the screen before the application's modules are asked for.
 */
export const afterLoadAndPaint = (run: string) =>
  `const later=()=>document.visibilityState==="hidden"?${run}():requestAnimationFrame(()=>setTimeout(${run}));document.readyState==="complete"?later():addEventListener("load",later,{once:true})`;

/** Starts the waiting entry script once the page has loaded and painted (afterLoadAndPaint). */
const STARTER = `(()=>{const run=()=>{for(const waiting of document.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]')){const script=document.createElement("script");script.type="module";script.nonce=waiting.nonce;script.textContent=waiting.textContent;waiting.after(script)}};${afterLoadAndPaint("run")}})()`;

/**
 * Where the entry script's ` type="module" async="">` ends its `<script` tag in `bytes`, or -1:
 * the first such end inside a script tag (a tag's attributes hold no `>`).
 */
function entryScriptEnd(bytes: Buffer): number {
  for (let at = bytes.indexOf(ENTRY_END); at >= 0; at = bytes.indexOf(ENTRY_END, at + 1)) {
    const open = bytes.lastIndexOf(SCRIPT_OPEN, at);
    const after = bytes[open + SCRIPT_OPEN.length];
    // `<script` as a whole tag name (followed by a space), and no `>` between it and here.
    if (open >= 0 && after === 0x20 && bytes.indexOf(GT, open) > at) return at;
  }
  return -1;
}

/**
 * Puts the application's scripts after the page. React puts a `<link rel="modulepreload">` in
 * the `<head>` for every module of the page, so a slow phone downloads and runs the whole
 * application before it paints anything. Here the links move to the end of the `<body>` (low
 * priority: the scripts still download in parallel, not one import after another), and React
 * Router's entry script waits for the `load` event: the server-rendered page, which works
 * without JavaScript, is painted first, then made interactive.
 *
 * It works on the bytes as React writes them: after the `<head>` only two tags change (the entry
 * script's type, and `</body>` gets the moved links before it); everything else passes through
 * untouched, never decoded to text and encoded again. React writes a page in many small pieces
 * within one turn of the event loop; they are passed on together, once that turn ends, so the
 * streams after this one (the web stream, the response) handle one piece instead of a hundred.
 */
export function lateModulePreloads(nonce: string): Transform {
  let head: Buffer[] | undefined = [];
  let tail = "";
  let deferred = false;
  // A tag cut in two by a chunk's end waits for the rest, so the searches always see it whole.
  let carry: Buffer | undefined;
  let pending: Buffer[] = [];
  let scheduled = false;

  /** The entry script deferred and the tail placed in a run of whole tags. */
  const body = (bytes: Buffer) => {
    let parts = [bytes];
    if (!deferred) {
      const at = entryScriptEnd(bytes);
      if (at >= 0) {
        deferred = true;
        tail += `<script nonce="${nonce}">${STARTER}</script>`;
        parts = [bytes.subarray(0, at), DEFERRED_END, bytes.subarray(at + ENTRY_END.length)];
      }
    }
    if (tail) {
      for (let i = parts.length - 1; i >= 0; i--) {
        const part = parts[i] as Buffer;
        const at = part.lastIndexOf(BODY_END);
        if (at < 0) continue;
        parts.splice(i, 1, part.subarray(0, at), Buffer.from(tail), part.subarray(at));
        tail = "";
        break;
      }
    }
    for (const part of parts) if (part.length > 0) pending.push(part);
  };
  const bodyBytes = (bytes: Buffer) => {
    const all = carry ? Buffer.concat([carry, bytes]) : bytes;
    const open = all.lastIndexOf(LT);
    const cut = open >= 0 && all.indexOf(GT, open) < 0 ? open : all.length;
    carry = cut < all.length ? Buffer.from(all.subarray(cut)) : undefined;
    body(all.subarray(0, cut));
  };

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (head) {
        head.push(chunk);
        const buffered = Buffer.concat(head);
        const end = buffered.indexOf(HEAD_END);
        if (end < 0) {
          head = [buffered];
          callback();
          return;
        }
        head = undefined;
        // Only the `<link>` tags are read as text: the head also holds the site's stylesheet.
        let from = 0;
        for (let at = buffered.indexOf(LINK_OPEN); at >= 0 && at < end; ) {
          const close = buffered.indexOf(GT, at);
          if (close < 0 || close > end) break;
          const tag = buffered.toString("utf8", at, close + 1);
          if (MODULE_PRELOAD.test(tag)) {
            tail += tag.replace(/\s*\/?>$/, ' fetchPriority="low"/>');
            if (at > from) pending.push(buffered.subarray(from, at));
            from = close + 1;
          }
          at = buffered.indexOf(LINK_OPEN, close);
        }
        if (end > from) pending.push(buffered.subarray(from, end));
        bodyBytes(buffered.subarray(end));
      } else {
        bodyBytes(chunk);
      }
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(passOn);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      const rest = head ? Buffer.concat(head) : Buffer.alloc(0);
      head = undefined;
      const last = carry ? Buffer.concat([carry, rest]) : rest;
      carry = undefined;
      body(last);
      if (tail) pending.push(Buffer.from(tail));
      tail = "";
      passOn();
      callback();
    },
  });
  function passOn() {
    scheduled = false;
    if (pending.length === 0 || stream.destroyed) return;
    const out = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
    pending = [];
    stream.push(out);
  }
  return stream;
}
