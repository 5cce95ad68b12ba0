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

  it("keeps every Russian character whole wherever the chunks are cut", async () => {
    const bytes = Buffer.from(PAGE);
    const expected = await transform(bytes, []);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await transform(bytes, [cut])).toBe(expected);
    }
    expect(expected).toContain("Найдите свой дом на Пхукете");
  });
});
