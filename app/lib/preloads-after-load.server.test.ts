import { describe, expect, it } from "vitest";
import { lateModulePreloads } from "./late-module-preloads.server.ts";
import { preloadsAfterLoad } from "./preloads-after-load.server.ts";

const PAGE = [
  '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-1.js"/>',
  '<link rel="modulepreload" href="/assets/chunk-2.js"/>',
  '<link rel="preload" as="image" href="/media/hero.avif"/>',
  "<title>Аренда вилл на Пхукете</title></head>",
  "<body><main><h1>Найдите свой дом на Пхукете</h1><p>Виллы с бассейном и кондоминиумы</p></main>",
  '<script nonce="n0nce" type="module" async="">import("/assets/entry.client-1.js");</script>',
  "</body></html>",
].join("");

/** Runs `bytes` through both transforms, as the server does, in pieces cut at `cuts`. */
async function transform(bytes: Buffer, cuts: number[]): Promise<string> {
  const late = lateModulePreloads("n0nce");
  const after = preloadsAfterLoad("n0nce");
  late.pipe(after);
  const out: Buffer[] = [];
  after.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => after.on("end", resolve));
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    late.write(bytes.subarray(from, cut));
    from = cut;
  }
  late.end();
  await done;
  return Buffer.concat(out).toString("utf8");
}

describe("preloadsAfterLoad", () => {
  it("leaves no module preload in the page: a script adds them on load", async () => {
    const html = await transform(Buffer.from(PAGE), []);
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    const script = html.match(/<script nonce="n0nce">([^<]*modulepreload[^<]*)<\/script>/)?.[1];
    expect(script).toContain('["/assets/entry.client-1.js","/assets/chunk-2.js"]');
    expect(script).toContain('addEventListener("load"');
    expect(script).toContain("requestAnimationFrame");
    // The pictures' preloads stay where they are, first in the page.
    expect(html.indexOf('href="/media/hero.avif"')).toBeLessThan(html.indexOf("</head>"));
    expect(html.endsWith("</body></html>")).toBe(true);
  });

  it("adds the links to the head once the page has loaded and the next frame is painted", async () => {
    const html = await transform(Buffer.from(PAGE), []);
    const script = html.match(/<script nonce="n0nce">([^<]*modulepreload[^<]*)<\/script>/)?.[1];
    const added: { rel: string; href: string }[] = [];
    const loads: (() => void)[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const document = {
      readyState: "interactive",
      visibilityState: "visible",
      createElement: () => ({ rel: "", href: "" }),
      head: { append: (link: { rel: string; href: string }) => added.push(link) },
    };
    new Function(
      "document",
      "addEventListener",
      "requestAnimationFrame",
      "setTimeout",
      script as string,
    )(
      document,
      (type: string, listener: () => void) => type === "load" && loads.push(listener),
      (callback: () => void) => frames.push(callback),
      (callback: () => void) => timers.push(callback),
    );
    for (const step of [loads, frames]) {
      expect(added).toEqual([]);
      for (const callback of step.splice(0)) callback();
    }
    // The frame's callback runs before its paint; the links come in the task after it.
    expect(added).toEqual([]);
    for (const callback of timers.splice(0)) callback();
    expect(added).toEqual([
      { rel: "modulepreload", href: "/assets/entry.client-1.js" },
      { rel: "modulepreload", href: "/assets/chunk-2.js" },
    ]);
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
