import { mkdtempSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { variantPath } from "../media/media-url.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { MAX_UPLOAD_BYTES, storeUpload, UploadError } from "./uploads.server.ts";

const root = () => mkdtempSync(path.join(tmpdir(), "uploads-test-"));

/** A JPEG with EXIF orientation 6 (rotate 90°) and GPS coordinates, like a phone photo. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1f8a99" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Pocket 9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "7/1 57/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "98/1 17/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe("uploaded images", () => {
  it("stores WebP variants under a server-made key, auto-oriented, with GPS and EXIF gone", async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(input.includes(Buffer.from("PhoneCo"))).toBe(true);

    const storage = new LocalDiskStorage(root());
    const image = await storeUpload(storage, input);
    expect(image.mediaKey).toMatch(/^uploads\/[a-f0-9]{32}$/);
    // Turned upright: the 1200×800 picture stands 800 wide, 1200 tall.
    expect({ width: image.width, height: image.height }).toEqual({ width: 800, height: 1200 });
    expect(image.variants).toEqual([480]);
    const stored = await readFile(path.join(storage.root, variantPath(image.mediaKey, 480)));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from("PhoneCo"))).toBe(false);
    expect(meta.width).toBe(480);
  });

  it("makes the 480, 960 and 1600 variants of a large PNG and WebP", async () => {
    const storage = new LocalDiskStorage(root());
    const png = await sharp({
      create: { width: 2000, height: 1000, channels: 4, background: "#e0704f" },
    })
      .png()
      .toBuffer();
    expect((await storeUpload(storage, png)).variants).toEqual([480, 960, 1600]);
    const webp = await sharp({
      create: { width: 1000, height: 500, channels: 3, background: "#fff" },
    })
      .webp()
      .toBuffer();
    expect((await storeUpload(storage, webp)).variants).toEqual([480, 960]);
  });

  it("refuses a text file named .jpg, other formats, empty and oversized files, and too many pixels", async () => {
    const dir = root();
    const storage = new LocalDiskStorage(dir);
    await expect(storeUpload(storage, Buffer.from("hello, I am not a picture"))).rejects.toThrow(
      "The file is not a PNG, JPEG or WebP image.",
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    await expect(storeUpload(storage, gif)).rejects.toThrow(UploadError);
    await expect(storeUpload(storage, Buffer.alloc(0))).rejects.toThrow("empty");
    await expect(storeUpload(storage, Buffer.alloc(MAX_UPLOAD_BYTES + 1))).rejects.toThrow(
      "larger than 10 MB",
    );
    // 8000×8000 = 64 megapixels, tiny as a PNG of one colour.
    const huge = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: "#000" },
    })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(MAX_UPLOAD_BYTES);
    await expect(storeUpload(storage, huge)).rejects.toThrow("too many pixels");
    expect(readdirSync(dir)).toEqual([]);
  });
});
