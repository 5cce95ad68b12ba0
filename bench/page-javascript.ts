/**
 * The JavaScript a visitor's browser downloads for a page, up to the moment the network is idle
 * without the visitor doing anything: the files Chromium fetched, each then asked for again
 * gzip-compressed and brotli-compressed (the budget counts gzip; browsers mostly get brotli).
 */
import { request } from "node:http";
import type { Browser } from "@playwright/test";

export interface PageJavaScript {
  files: number;
  gzipKB: number;
  brotliKB: number;
  adminCode: boolean;
  /** Each file by name with its gzip size in KB, largest first: what to look at when it grows. */
  largest: string[];
}

/** The number of bytes the server sends for a URL when asked for this encoding. */
function encodedBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "Accept-Encoding": encoding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve(bytes));
    })
      .on("error", reject)
      .end();
  });
}

const kilobytes = (bytes: number) => +(bytes / 1024).toFixed(1);

export async function pageJavaScript(browser: Browser, url: string): Promise<PageJavaScript> {
  const page = await browser.newPage();
  const urls: string[] = [];
  page.on("requestfinished", (finished) => {
    if (finished.resourceType() === "script") urls.push(finished.url());
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.close();
  const scripts = await Promise.all(
    urls.map(async (script) => ({
      name: new URL(script).pathname.split("/").pop(),
      gzip: await encodedBytes(script, "gzip"),
      brotli: await encodedBytes(script, "br"),
    })),
  );
  const sum = (key: "gzip" | "brotli") => scripts.reduce((total, script) => total + script[key], 0);
  return {
    files: scripts.length,
    gzipKB: kilobytes(sum("gzip")),
    brotliKB: kilobytes(sum("brotli")),
    adminCode: urls.some((script) => /admin/i.test(script)),
    largest: [...scripts]
      .sort((a, b) => b.gzip - a.gzip)
      .map((script) => `${script.name} ${kilobytes(script.gzip)}`),
  };
}
