import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const HEAD_END = Buffer.from("</head>");
const BODY_END = "</body>";
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\/?>/g;
const ENTRY_SCRIPT = /<script\b([^>]*?) type="module" async="">/;

/** The type the application's entry script waits under until the page has loaded. */
export const DEFERRED_MODULE_TYPE = "text/x-module-after-load";

/** Starts the waiting entry script once the page has loaded (or at once if it already has). */
const STARTER = `(()=>{const run=()=>{for(const waiting of document.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]')){const script=document.createElement("script");script.type="module";script.nonce=waiting.nonce;script.textContent=waiting.textContent;waiting.after(script)}};document.readyState==="complete"?run():addEventListener("load",run,{once:true})})()`;

/**
 * Puts the application's scripts after the page. React puts a `<link rel="modulepreload">` in
 * the `<head>` for every module of the page, so a slow phone downloads and runs the whole
 * application before it paints anything. Here the links move to the end of the `<body>` (low
 * priority: the scripts still download in parallel, not one import after another), and React
 * Router's entry script waits for the `load` event: the server-rendered page, which works
 * without JavaScript, is painted first, then made interactive.
 */
export function lateModulePreloads(nonce: string): Transform {
  let head: Buffer[] | undefined = [];
  let tail = "";
  let deferred = false;
  // Chunks are bytes: a character of a Russian page may be split between two of them.
  const decoder = new StringDecoder("utf8");
  const deferEntry = (text: string) => {
    if (deferred) return text;
    return text.replace(ENTRY_SCRIPT, (_tag, attributes: string) => {
      deferred = true;
      tail += `<script nonce="${nonce}">${STARTER}</script>`;
      return `<script${attributes} type="${DEFERRED_MODULE_TYPE}">`;
    });
  };
  const placeTail = (text: string) => {
    if (!tail) return text;
    const at = text.lastIndexOf(BODY_END);
    if (at < 0) return text;
    const placed = text.slice(0, at) + tail + text.slice(at);
    tail = "";
    return placed;
  };
  // A tag cut in two by a chunk's end waits for the rest, so the patterns always see it whole.
  let carry = "";
  const bodyText = (text: string) => {
    const all = carry + text;
    const open = all.lastIndexOf("<");
    const cut = open >= 0 && all.indexOf(">", open) < 0 ? open : all.length;
    carry = all.slice(cut);
    return placeTail(deferEntry(all.slice(0, cut)));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!head) {
        callback(null, bodyText(decoder.write(chunk)));
        return;
      }
      head.push(chunk);
      const buffered = Buffer.concat(head);
      const end = buffered.indexOf(HEAD_END);
      if (end < 0) {
        head = [buffered];
        callback();
        return;
      }
      head = undefined;
      const before = buffered
        .subarray(0, end)
        .toString("utf8")
        .replace(MODULE_PRELOAD, (tag) => {
          tail += tag.replace(/\s*\/?>$/, ' fetchPriority="low"/>');
          return "";
        });
      callback(null, before + bodyText(decoder.write(buffered.subarray(end))));
    },
    flush(callback: TransformCallback) {
      const rest = head ? decoder.write(Buffer.concat(head)) : "";
      const last = placeTail(deferEntry(carry + rest + decoder.end()));
      callback(null, last + tail);
    },
  });
}
