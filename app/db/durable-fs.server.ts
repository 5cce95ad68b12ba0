import { fsyncSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/**
 * The embedded database's files, made durable. Out of the box PGlite starts PostgreSQL with
 * fsync off (`-F`), and even with it on, its WebAssembly file layer (Emscripten's NODEFS)
 * answers fsync and fdatasync without doing anything: a commit is acknowledged while the
 * write-ahead log may sit only in the operating system's cache, and a power cut loses it.
 *
 * Here the file layer's fsync reaches the real file (Node's fsyncSync on the descriptor NODEFS
 * holds), and PostgreSQL runs with fsync on and `wal_sync_method=fsync` (fdatasync cannot be
 * made to reach the disk: that call never consults the file layer). PostgreSQL then does what it
 * does on any server: the log is on disk before COMMIT answers, and checkpoints sync the data
 * files before the log behind them is recycled.
 */
export class DurableNodeFS extends NodeFS {
  /** Files synced so far, by their path on disk; read by tests and the durability check. */
  readonly synced: string[] = [];
  /** Keep at most this many paths in `synced`. */
  private static readonly KEEP = 1_000;

  override async init(pg: PGlite, options: Parameters<NodeFS["init"]>[1]) {
    const result = await super.init(pg, options);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : [preRun]),
      (mod: EmscriptenModule) => {
        const nodefs = mod.NODEFS;
        if (!nodefs?.stream_ops || typeof nodefs.realPath !== "function") {
          throw new Error("PGlite's file layer changed: cannot make the embedded database durable");
        }
        nodefs.stream_ops.fsync = (stream) => {
          fsyncSync(stream.nfd);
          this.synced.push(nodefs.realPath(stream.node));
          if (this.synced.length > DurableNodeFS.KEEP)
            this.synced.splice(0, DurableNodeFS.KEEP / 2);
          return 0;
        };
      },
    ];
    return result;
  }
}

/** What of Emscripten's module this file uses. */
interface EmscriptenModule {
  NODEFS?: {
    stream_ops?: { fsync?: (stream: { nfd: number; node: unknown }) => number };
    realPath(node: unknown): string;
  };
}

/** PGlite's start parameters with fsync on and a WAL sync method the file layer carries out. */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
    "-c",
    "fsync=on",
    "-c",
    "wal_sync_method=fsync",
    "-c",
    "synchronous_commit=on",
  ];
}
