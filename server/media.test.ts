import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3Storage } from "../app/features/media/s3-storage.server.ts";
import { LocalDiskStorage } from "../app/features/media/storage.server.ts";
import { loadConfig } from "../app/lib/config.server.ts";
import { createLogger } from "../app/lib/logger.server.ts";
import { startS3Server, type TestBucket } from "../tests/support/s3-server.ts";
import { mediaHandler } from "./media.ts";

let bucket: TestBucket;
let storage: S3Storage;
const bytes = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]);

/** An app with only `/media`, as server/app.ts mounts it, on a port of its own. */
async function serve(env: Record<string, string>) {
  const config = loadConfig({ DATA_DIR: "/tmp/rentals-media-test", ...bucket.env, ...env });
  const app = express().use("/media", mediaHandler(config, storage, createLogger("silent")));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

beforeAll(async () => {
  bucket = await startS3Server();
  storage = new S3Storage(bucket.settings);
  await storage.put("uploads/abc-480.webp", bytes);
});

afterAll(async () => {
  storage.close();
  await bucket.stop();
});

describe("/media from a bucket", () => {
  it("streams the picture with a year of caching; HEAD, revalidation and misses answer right", async () => {
    const site = await serve({});
    try {
      const answer = await fetch(`${site.url}/media/uploads/abc-480.webp`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/webp");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.get("content-length")).toBe(String(bytes.length));
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);
      const etag = answer.headers.get("etag") ?? "";
      expect(etag).not.toBe("");

      const head = await fetch(`${site.url}/media/uploads/abc-480.webp`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(bytes.length));

      const again = await fetch(`${site.url}/media/uploads/abc-480.webp`, {
        headers: { "If-None-Match": etag },
      });
      expect(again.status).toBe(304);

      for (const missing of ["/media/uploads/nope-480.webp", "/media/uploads/abc-480.png"]) {
        const answer = await fetch(`${site.url}${missing}`);
        expect(answer.status, missing).toBe(404);
        expect(await answer.text()).toBe("Not found");
      }
      expect(
        (await fetch(`${site.url}/media/uploads/abc-480.webp`, { method: "DELETE" })).status,
      ).toBe(405);
    } finally {
      await site.close();
    }
  });

  it("sends browsers to MEDIA_PUBLIC_URL when it is set", async () => {
    const site = await serve({ MEDIA_PUBLIC_URL: "https://cdn.example/pictures/" });
    try {
      const answer = await fetch(`${site.url}/media/uploads/abc-480.webp`, { redirect: "manual" });
      expect(answer.status).toBe(301);
      expect(answer.headers.get("location")).toBe(
        "https://cdn.example/pictures/uploads/abc-480.webp",
      );
      const odd = await fetch(`${site.url}/media/..%2Fsecret.webp`, { redirect: "manual" });
      expect(odd.status).toBe(404);
    } finally {
      await site.close();
    }
  });
});

describe("/media and owners' private documents", () => {
  const pdf = new TextEncoder().encode("%PDF-1.4 private");
  const key = `private/documents/${"a".repeat(32)}.pdf`;
  const tries = [
    `/media/${key}`,
    `/media/%70rivate/documents/${"a".repeat(32)}.pdf`,
    `/media//${key}`,
    "/media/private/",
    "/media/%E0%A4%A",
  ];

  it("never serves a file under private/ from a bucket, nor redirects to it", async () => {
    await storage.put(key, pdf);
    expect(await storage.exists(key)).toBe(true);
    const envs: Record<string, string>[] = [
      {},
      { MEDIA_PUBLIC_URL: "https://cdn.example/pictures/" },
    ];
    for (const env of envs) {
      const site = await serve(env);
      try {
        for (const path of tries) {
          const answer = await fetch(`${site.url}${path}`, { redirect: "manual" });
          expect(answer.status, `${path} ${JSON.stringify(env)}`).toBe(404);
        }
      } finally {
        await site.close();
      }
    }
  });

  it("never serves a file under private/ from local disk", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "media-private-"));
    const config = loadConfig({ DATA_DIR: dataDir });
    const disk = new LocalDiskStorage(config.mediaDir);
    await disk.put(key, pdf);
    await disk.put("uploads/abc-480.webp", bytes);
    const app = express().use("/media", mediaHandler(config, disk, createLogger("silent")));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${url}/media/uploads/abc-480.webp`)).status).toBe(200);
      for (const path of tries) {
        const answer = await fetch(`${url}${path}`);
        expect(answer.status, path).toBe(404);
        expect(await answer.text()).not.toContain("%PDF");
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
