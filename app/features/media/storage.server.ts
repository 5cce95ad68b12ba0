import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { MediaStorage, StoredFile } from "../../lib/media-storage.ts";

const SAFE_PATH = /^[a-z0-9][a-z0-9/_-]*\.(webp|avif)$/;
/** Owners' documents (PDFs and pictures): stored like media, never served by /media. */
const PRIVATE_PATH = /^private\/[a-z0-9][a-z0-9/_-]*\.(pdf|webp)$/;

export function isSafeMediaPath(relativePath: string): boolean {
  return (
    (SAFE_PATH.test(relativePath) || PRIVATE_PATH.test(relativePath)) &&
    !relativePath.includes("..")
  );
}

/** A path the public /media route may serve: safe, and not under `private/`. */
export function isPublicMediaPath(relativePath: string): boolean {
  return isSafeMediaPath(relativePath) && !relativePath.startsWith("private/");
}

export function assertSafeMediaPath(relativePath: string): void {
  if (!isSafeMediaPath(relativePath)) {
    throw new Error(`Refusing unsafe media path: ${relativePath}`);
  }
}

export class LocalDiskStorage implements MediaStorage {
  constructor(readonly root: string) {}

  private resolve(relativePath: string): string {
    assertSafeMediaPath(relativePath);
    return path.join(this.root, relativePath);
  }

  async put(relativePath: string, data: Uint8Array): Promise<void> {
    const file = this.resolve(relativePath);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file; synced before the rename, so that
    // a picture a saved unit names survives a power cut like the row that names it.
    const temp = `${file}.${process.pid}.tmp`;
    const handle = await open(temp, "w");
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  }

  async exists(relativePath: string): Promise<boolean> {
    try {
      return (await stat(this.resolve(relativePath))).isFile();
    } catch {
      return false;
    }
  }

  async remove(relativePath: string): Promise<void> {
    await rm(this.resolve(relativePath), { force: true });
  }

  async list(prefix: string): Promise<StoredFile[]> {
    // The folder part of the prefix is read; the rest filters the names found under it.
    const folder = prefix.slice(0, prefix.lastIndexOf("/") + 1);
    if (folder.includes("..")) throw new Error(`Refusing unsafe media prefix: ${prefix}`);
    const names = await readdir(path.join(this.root, folder), { recursive: true }).catch(
      () => [] as string[],
    );
    const files: StoredFile[] = [];
    for (const name of names) {
      const relative = `${folder}${name.split(path.sep).join("/")}`;
      // Half-written `.tmp` files and anything not made by `put` are left out.
      if (!relative.startsWith(prefix) || !isSafeMediaPath(relative)) continue;
      const info = await stat(path.join(this.root, relative)).catch(() => null);
      if (info?.isFile()) files.push({ path: relative, modifiedAt: info.mtime, size: info.size });
    }
    return files;
  }

  async get(relativePath: string): Promise<Uint8Array | undefined> {
    return readFile(this.resolve(relativePath)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
  }
}
