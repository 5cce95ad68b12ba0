import { Transform, type TransformCallback } from "node:stream";
import { afterLoadAndPaint } from "./late-module-preloads.server.ts";

const BODY_END = Buffer.from("</body>");
const PRELOAD_REL = Buffer.from('rel="modulepreload"');
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;

/** Adds the module preloads once the page has loaded and painted (afterLoadAndPaint). */
const starter = (hrefs: string[]) =>
  `(()=>{const run=()=>{for(const href of ${JSON.stringify(hrefs)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}};${afterLoadAndPaint("run")}})()`;

/**
 * Asks for the application's modules only once the page has loaded. The entry script already
 * waits for the `load` event (late-module-preloads.server.ts), but the module preloads at the
 * end of the body started all the modules (about 120 KB) at once, next to the pictures of the
 * first screen: on a phone's connection they shared its bandwidth with the largest picture and
 * held back its paint (Lighthouse's largest contentful paint, mobile, 2.7 s on the home page).
 * Here each `<link rel="modulepreload">` left before `</body>` becomes one line of a script
 * that adds the same links on `load`, once the frame after it is painted (as the entry script
 * starts): the modules still come in parallel, not one import after another, but after the
 * page's own pictures are loaded and shown.
 *
 * Only the piece of the stream holding `</body>` is read as text, from its first preload on;
 * every other piece passes as it came. A page whose preloads are not in that piece keeps them.
 */
export function preloadsAfterLoad(nonce: string): Transform {
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (done || chunk.indexOf(BODY_END) < 0) {
        callback(null, chunk);
        return;
      }
      done = true;
      // Read from the first preload on: it starts with "<", never inside a character.
      const first = chunk.indexOf(PRELOAD_REL);
      const from =
        first < 0 || first > chunk.lastIndexOf(BODY_END) ? -1 : chunk.lastIndexOf("<link", first);
      if (from < 0) {
        callback(null, chunk);
        return;
      }
      const text = chunk.subarray(from).toString("utf8");
      const end = text.lastIndexOf("</body>");
      const hrefs: string[] = [];
      const before = text.slice(0, end).replace(MODULE_PRELOAD, (tag) => {
        const href = tag.match(HREF)?.[1];
        if (!href) return tag;
        if (!hrefs.includes(href)) hrefs.push(href);
        return "";
      });
      const script = `<script nonce="${nonce}">${starter(hrefs)}</script>`;
      callback(
        null,
        Buffer.concat([chunk.subarray(0, from), Buffer.from(before + script + text.slice(end))]),
      );
    },
  });
}
