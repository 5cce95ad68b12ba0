import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureDemoPictures, SITE_PICTURES } from "../../setup/seed.server.ts";
import { ensureHeroVariants } from "./hero-variants.server.ts";
import { MEDIA_WIDTHS, variantPath } from "./media-url.ts";
import {
  type EncoderProcess,
  encoderProcess,
  inProcessEncoder,
  withEncoderProcess,
} from "./picture-encoder.server.ts";
import { LocalDiskStorage } from "./storage.server.ts";

const folders: string[] = [];
const encoders: EncoderProcess[] = [];
afterEach(async () => {
  for (const encoder of encoders.splice(0)) await encoder.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function storage() {
  const folder = await mkdtemp(path.join(tmpdir(), "picture-encoder-"));
  folders.push(folder);
  return new LocalDiskStorage(folder);
}

function encoder() {
  const made = encoderProcess();
  encoders.push(made);
  return made;
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the picture encoder in a child process", () => {
  it("makes the same bytes as the server would in itself, in another process that exits on close", async () => {
    const child = encoder();
    expect(child.pid).toBeUndefined();
    const picture = { name: "hero", mirrored: true } as const;
    const there = await child.demoPicture(picture);
    const here = await inProcessEncoder.demoPicture(picture);
    expect(there.variants).toEqual([...MEDIA_WIDTHS]);
    expect([there.width, there.height]).toEqual([here.width, here.height]);
    expect(there.files.map((f) => f.width)).toEqual(here.files.map((f) => f.width));
    for (const [i, file] of there.files.entries()) {
      expect(Buffer.isBuffer(file.data)).toBe(true);
      expect(file.data.equals(here.files[i]?.data ?? Buffer.alloc(0))).toBe(true);
    }
    const cut = await child.phoneCut(here.files[2]?.data ?? Buffer.alloc(0));
    const cutHere = await inProcessEncoder.phoneCut(here.files[2]?.data ?? Buffer.alloc(0));
    expect(cut.webp.equals(cutHere.webp)).toBe(true);
    expect(cut.avif.equals(cutHere.avif)).toBe(true);

    const pid = child.pid as number;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    await child.close();
    expect(running(pid)).toBe(false);
  });

  it("reports an error thrown in the child as it was thrown, and goes on with the next job", async () => {
    const child = encoder();
    const message = await inProcessEncoder.avif(Buffer.from("not a picture")).then(
      () => "no error",
      (error: Error) => error.message,
    );
    await expect(child.avif(Buffer.from("not a picture"))).rejects.toThrow(
      /unsupported image format/,
    );
    await expect(child.avif(Buffer.from("not a picture"))).rejects.toThrow(message);
    const webp = (await inProcessEncoder.demoPicture({ name: "office" })).files[0]?.data;
    expect((await child.avif(webp ?? Buffer.alloc(0))).length).toBeGreaterThan(1000);
  });

  it("fails the jobs waiting on a child that stops, and starts a new one for the next job", async () => {
    const child = encoder();
    await child.demoPicture({ name: "office" });
    const first = child.pid as number;
    const waiting = child.demoPicture({ name: "villa-1" });
    process.kill(first, "SIGKILL");
    await expect(waiting).rejects.toThrow("the picture encoder stopped (signal SIGKILL)");
    expect((await child.demoPicture({ name: "office" })).variants).toEqual([...MEDIA_WIDTHS]);
    expect(child.pid).not.toBe(first);
  });

  it("stores the pictures on a first start, starts no child when all are stored, and passes a failure on", async () => {
    const store = await storage();
    let pid: number | undefined;
    const made = await withEncoderProcess(async (child) => {
      const count = await ensureDemoPictures(store, [], SITE_PICTURES, child);
      pid = (child as EncoderProcess).pid;
      return count;
    });
    expect(made).toBe(SITE_PICTURES.length);
    for (const { key } of SITE_PICTURES)
      for (const width of MEDIA_WIDTHS)
        expect(await store.exists(variantPath(key, width))).toBe(true);
    expect(pid).toBeGreaterThan(0);
    expect(running(pid as number)).toBe(false);

    const again = await withEncoderProcess(async (child) => {
      const count = await ensureDemoPictures(store, [], SITE_PICTURES, child);
      return { count, pid: (child as EncoderProcess).pid };
    });
    expect(again).toEqual({ count: 0, pid: undefined });

    // A stored picture the child cannot read: the start is told, with libvips's own words.
    await store.put(variantPath("site/broken", 480), Buffer.from("not a picture"));
    await expect(
      withEncoderProcess((child) => ensureHeroVariants(store, "site/broken", child)),
    ).rejects.toThrow(/unsupported image format/);
  });
});
