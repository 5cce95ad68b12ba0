import { HeadObjectCommand } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestBucket } from "../../../tests/support/s3-server.ts";
import { ensureDemoPictures, SITE_PICTURES } from "../../setup/seed.server.ts";
import { storeUpload } from "../admin/uploads.server.ts";
import { demoMediaKey, demoUnits } from "../listings/demo-units.server.ts";
import { MEDIA_WIDTHS, variantPath } from "./media-url.ts";
import { MEDIA_CACHE_CONTROL, S3Storage } from "./s3-storage.server.ts";

let bucket: TestBucket;
let storage: S3Storage;

beforeAll(async () => {
  bucket = await startS3Server();
  storage = new S3Storage(bucket.settings);
});

afterAll(async () => {
  storage.close();
  await bucket.stop();
});

const read = async (file: string) => {
  const object = await storage.open(file);
  if (typeof object !== "object") throw new Error(`${file}: ${object}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return { ...object, bytes: Buffer.concat(chunks) };
};

describe("pictures in an S3-compatible bucket", () => {
  it("puts, finds, lists, reads and removes objects by their media path", async () => {
    await storage.put("tests/a-480.webp", new Uint8Array([1, 2, 3]));
    await storage.put("tests/b/c-960.webp", new Uint8Array([4]));
    await storage.put("other/d-480.webp", new Uint8Array([5]));
    expect(await storage.exists("tests/a-480.webp")).toBe(true);
    expect(await storage.exists("tests/missing-480.webp")).toBe(false);

    const listed = await storage.list("tests/");
    expect(listed.map((f) => f.path).sort()).toEqual(["tests/a-480.webp", "tests/b/c-960.webp"]);
    const a = listed.find((f) => f.path === "tests/a-480.webp");
    expect(a?.size).toBe(3);
    expect(Math.abs((a?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    const object = await read("tests/a-480.webp");
    expect([...object.bytes]).toEqual([1, 2, 3]);
    expect(object.contentType).toBe("image/webp");
    expect(object.etag).toMatch(/^"[0-9a-f]+"$/);
    // The browser's copy is still good: nothing to send.
    expect(await storage.open("tests/a-480.webp", object.etag)).toBe("not-modified");
    expect(await storage.open("tests/missing-480.webp")).toBeUndefined();

    await storage.remove("tests/a-480.webp");
    await storage.remove("tests/never-there-480.webp");
    expect(await storage.exists("tests/a-480.webp")).toBe(false);
    expect((await storage.list("tests/")).map((f) => f.path)).toEqual(["tests/b/c-960.webp"]);
  });

  it("refuses paths the server would never make", async () => {
    for (const bad of ["../x-480.webp", "a/../../x-480.webp", "x.png", "/abs-480.webp"]) {
      await expect(storage.put(bad, new Uint8Array([1]))).rejects.toThrow(/unsafe media path/);
      await expect(storage.open(bad)).rejects.toThrow(/unsafe media path/);
    }
  });

  it("stores an upload as WebP variants with long cache headers", async () => {
    const png = await sharp({
      create: { width: 1000, height: 600, channels: 3, background: "#1f8a99" },
    })
      .png()
      .toBuffer();
    const image = await storeUpload(storage, png);
    expect(image.variants).toEqual([480, 960]);
    const stored = (await storage.list(`${image.mediaKey}-`)).map((f) => f.path).sort();
    expect(stored).toEqual([variantPath(image.mediaKey, 480), variantPath(image.mediaKey, 960)]);
    const small = await read(variantPath(image.mediaKey, 480));
    const meta = await sharp(small.bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(480);
    const head = await storage.client.send(
      new HeadObjectCommand({
        Bucket: bucket.bucket,
        Key: variantPath(image.mediaKey, 480),
      }),
    );
    expect(head.CacheControl).toBe(MEDIA_CACHE_CONTROL);
  });

  it("makes the demo pictures that are missing from the bucket, and only those", async () => {
    const units = demoUnits().slice(0, 1);
    const slug = units[0]?.slug ?? "";
    const pictures = (units[0]?.pictures.length ?? 0) + SITE_PICTURES.length;
    expect(await ensureDemoPictures(storage, units, SITE_PICTURES)).toBe(pictures);
    expect(await ensureDemoPictures(storage, units, SITE_PICTURES)).toBe(0);

    // One variant of one picture lost: that picture is made again.
    await storage.remove(variantPath(demoMediaKey(units[0] ?? { slug, pictures: [] }, 0), 960));
    expect(await ensureDemoPictures(storage, units, SITE_PICTURES)).toBe(1);
    for (const width of MEDIA_WIDTHS) {
      const meta = await sharp(
        (await read(variantPath(demoMediaKey(units[0] ?? { slug, pictures: [] }, 0), width))).bytes,
      ).metadata();
      expect(meta.width).toBe(width);
    }
  });
});
