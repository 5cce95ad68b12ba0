import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where media files live. Local disk now; an S3-compatible store implements the same three
 * calls when the site runs on several machines.
 */
export interface MediaStorage {
  put(relativePath: string, data: Uint8Array): Promise<void>;
  exists(relativePath: string): Promise<boolean>;
  remove(relativePath: string): Promise<void>;
}

const SAFE_PATH = /^[a-z0-9][a-z0-9/_-]*\.webp$/;

export class LocalDiskStorage implements MediaStorage {
  constructor(readonly root: string) {}

  private resolve(relativePath: string): string {
    if (!SAFE_PATH.test(relativePath) || relativePath.includes("..")) {
      throw new Error(`Refusing unsafe media path: ${relativePath}`);
    }
    return path.join(this.root, relativePath);
  }

  async put(relativePath: string, data: Uint8Array): Promise<void> {
    const file = this.resolve(relativePath);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, data);
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
}
