import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, lateModulePreloads } from "./late-module-preloads.server.ts";

const PAGE = [
  '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-1.js"/>',
  '<link rel="modulepreload" href="/assets/chunk-2.js"/>',
  "<title>Аренда вилл на Пхукете</title></head>",
  "<body><main><h1>Найдите свой дом на Пхукете</h1><p>Виллы с бассейном и кондоминиумы</p></main>",
  '<script nonce="n0nce" type="module" async="">import("/assets/entry.client-1.js");</script>',
  "</body></html>",
].join("");

/** Runs `bytes` through the transform in pieces cut at `cuts`, and returns the page it makes. */
async function transform(bytes: Buffer, cuts: number[]): Promise<string> {
  const stream = lateModulePreloads("n0nce");
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer | string) => out.push(Buffer.from(chunk)));
  const done = new Promise((resolve) => stream.on("end", resolve));
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    stream.write(bytes.subarray(from, cut));
    from = cut;
  }
  stream.end();
  await done;
  return Buffer.concat(out).toString("utf8");
}

describe("lateModulePreloads", () => {
  it("moves the module preloads to the end of the body and defers the entry script", async () => {
    const html = await transform(Buffer.from(PAGE), []);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    const tail = html.slice(html.indexOf("</main>"));
    expect(tail).toContain(
      '<link rel="modulepreload" href="/assets/chunk-2.js" fetchPriority="low"/>',
    );
    expect(html).toContain(`type="${DEFERRED_MODULE_TYPE}">import("/assets/entry.client-1.js");`);
    expect(html.endsWith("</body></html>")).toBe(true);
  });

  it("starts the entry script once the page has loaded and the next frame is painted", async () => {
    const html = await transform(Buffer.from(PAGE), []);
    const starter = html.match(/<script nonce="n0nce">(\(\(\)=>[^<]*)<\/script>/)?.[1];
    const inserted: string[] = [];
    const waiting = { nonce: "n0nce", textContent: 'import("/assets/entry.client-1.js");' };
    const queue = {
      load: [] as (() => void)[],
      frame: [] as (() => void)[],
      timer: [] as (() => void)[],
    };
    const document = {
      readyState: "loading",
      visibilityState: "visible",
      querySelectorAll: () => [
        {
          ...waiting,
          after: (script: { textContent: string }) => inserted.push(script.textContent),
        },
      ],
      createElement: () => ({}),
    };
    new Function(
      "document",
      "addEventListener",
      "requestAnimationFrame",
      "setTimeout",
      starter as string,
    )(
      document,
      (type: string, listener: () => void) => type === "load" && queue.load.push(listener),
      (callback: () => void) => queue.frame.push(callback),
      (callback: () => void) => queue.timer.push(callback),
    );
    for (const step of [queue.load, queue.frame, queue.timer]) {
      expect(inserted).toEqual([]);
      for (const callback of step.splice(0)) callback();
    }
    expect(inserted).toEqual([waiting.textContent]);
  });

  it("keeps every Russian character whole wherever the chunks are cut", async () => {
    const bytes = Buffer.from(PAGE);
    const expected = await transform(bytes, []);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await transform(bytes, [cut])).toBe(expected);
    }
    expect(expected).toContain("Найдите свой дом на Пхукете");
  });

  it("changes nothing else in a long page, whatever the cuts, and sends one piece per turn", async () => {
    const text = (i: number) =>
      `<p data-i="${i}">Вилла ${i} &lt; 5 км, a < b ${"ж".repeat(i % 7)}</p><script>if (a<b) x(${i});</script>`;
    const body = Array.from({ length: 400 }, (_, i) => text(i)).join("");
    // Looks like the entry script's end, but in a paragraph's text: left alone.
    const decoy = '<p> type="module" async="">not a script</p>';
    const page = PAGE.replace("<body><main>", `<body>${decoy}<main>${body}`);
    const bytes = Buffer.from(page);
    const expected = page
      .replace(/<link rel="modulepreload"[^>]*>/g, "")
      .replace(
        '<script nonce="n0nce" type="module" async="">',
        `<script nonce="n0nce" type="${DEFERRED_MODULE_TYPE}">`,
      )
      .replace(
        "</body>",
        '<link rel="modulepreload" href="/assets/entry.client-1.js" fetchPriority="low"/>' +
          '<link rel="modulepreload" href="/assets/chunk-2.js" fetchPriority="low"/>' +
          `<script nonce="n0nce">${starterOf(await transform(Buffer.from(PAGE), []))}</script></body>`,
      );
    for (const size of [1, 7, 64, 2048, 4096]) {
      const cuts = Array.from(
        { length: Math.floor(bytes.length / size) },
        (_, i) => (i + 1) * size,
      );
      expect(await transform(bytes, cuts)).toBe(expected);
    }
    expect(expected).toContain(decoy);

    const stream = lateModulePreloads("n0nce");
    const pieces: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => pieces.push(chunk));
    for (let at = 0; at < bytes.length; at += 2048) stream.write(bytes.subarray(at, at + 2048));
    await new Promise((resolve) => setImmediate(resolve));
    expect(pieces).toHaveLength(1);
    stream.end();
    await new Promise((resolve) => stream.on("end", resolve));
    expect(Buffer.concat(pieces).toString("utf8")).toBe(expected);
  });
});

/** The starter script the transform puts before `</body>`, read from a page it made. */
function starterOf(page: string): string {
  const starter = page.match(/<script nonce="n0nce">(\(\(\)=>.*?)<\/script>/)?.[1];
  if (!starter) throw new Error("no starter script");
  return starter;
}
