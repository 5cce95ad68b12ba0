import { type ChildProcess, fork } from "node:child_process";
import sharp from "sharp";
import { projectPath } from "../../lib/paths.server.ts";
import type { DemoPicture } from "./demo-pictures.server.ts";
import { readRenderedPicture } from "./demo-pictures.server.ts";
import { encodeImageVariants, type ImageVariants } from "./images.server.ts";
import { PHONE_CUT } from "./media-url.ts";

/**
 * The encoding a server does on its first start: the demo pictures' WebP variants and the home
 * page's AVIF copies and phone cut. libvips needs a few hundred MB for it, and glibc keeps much
 * of that in the process once it is freed; done in a child process that then exits, all of it
 * goes back to the system (decision 099). Uploads are still encoded in the server: one picture
 * at a time, and the files must be checked before the form is answered.
 */
export interface PictureEncoder {
  /** A rendered demo picture's WebP variants (flipped when it is mirrored). */
  demoPicture(picture: DemoPicture): Promise<ImageVariants>;
  /** An AVIF copy of a stored WebP variant. */
  avif(webp: Uint8Array): Promise<Buffer>;
  /** A phone's cut (PHONE_CUT) from the middle of a wide WebP variant, in AVIF and WebP. */
  phoneCut(webp: Uint8Array): Promise<{ avif: Buffer; webp: Buffer }>;
}

const AVIF = { quality: 50, effort: 4 } as const;

/** The encoder running in this process (tests, the command-line tools, and the child itself). */
export const inProcessEncoder: PictureEncoder = {
  async demoPicture(picture) {
    return encodeImageVariants(await readRenderedPicture(picture.name), {
      mirror: picture.mirrored === true,
    });
  },
  avif: (webp) => sharp(webp).avif(AVIF).toBuffer(),
  async phoneCut(webp) {
    const cut = sharp(webp).resize({ ...PHONE_CUT, fit: "cover", position: "centre" });
    return {
      avif: await cut.clone().avif(AVIF).toBuffer(),
      webp: await cut.clone().webp({ quality: 78 }).toBuffer(),
    };
  },
};

export type EncoderJob =
  | { kind: "demoPicture"; picture: DemoPicture }
  | { kind: "avif"; webp: Uint8Array }
  | { kind: "phoneCut"; webp: Uint8Array };

/** What the child sends back for one job. */
export type EncoderReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

/** Runs one job with the in-process encoder (in the child). */
export function runJob(job: EncoderJob): Promise<unknown> {
  switch (job.kind) {
    case "demoPicture":
      return inProcessEncoder.demoPicture(job.picture);
    case "avif":
      return inProcessEncoder.avif(job.webp);
    case "phoneCut":
      return inProcessEncoder.phoneCut(job.webp);
  }
}

/** Buffers come back over IPC as Uint8Arrays (structured clone); the callers want Buffers. */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const CHILD_MODULE = () => projectPath("app", "features", "media", "picture-encoder.child.ts");

/** An encoder whose work is done in a child process, started on the first job. */
export interface EncoderProcess extends PictureEncoder {
  /** The child's process id, once a job has started it. */
  readonly pid: number | undefined;
  /** Ends the child (if it was started) and waits until it has exited. */
  close(): Promise<void>;
}

export function encoderProcess(): EncoderProcess {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let nextId = 0;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  const start = () => {
    // None of the server's own Node flags (nor a benchmark's --import): a plain Node process.
    const started = fork(CHILD_MODULE(), [], {
      execArgv: [],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    exited = new Promise((resolve) => started.once("exit", () => resolve()));
    started.on("message", (reply: EncoderReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) {
        waiting.resolve(reply.result);
      } else {
        // The child's error as it was thrown there (sharp's message), with its stack.
        const error = new Error(reply.error.message);
        error.name = reply.error.name;
        if (reply.error.stack) error.stack = reply.error.stack;
        waiting.reject(error);
      }
    });
    const fail = (error: Error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      if (child === started) child = undefined;
    };
    started.on("error", fail);
    started.on("exit", (code, signal) =>
      fail(
        new Error(
          `the picture encoder stopped (${signal ? `signal ${signal}` : `exit code ${code}`})`,
        ),
      ),
    );
    return started;
  };

  const run = (job: EncoderJob): Promise<unknown> => {
    child ??= start();
    const id = nextId++;
    const sent = child;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      sent.send({ id, job }, (error) => {
        if (error && pending.delete(id)) reject(error);
      });
    });
  };

  return {
    get pid() {
      return child?.pid;
    },
    async demoPicture(picture) {
      const image = (await run({ kind: "demoPicture", picture })) as ImageVariants;
      return {
        ...image,
        files: image.files.map(({ width, data }) => ({ width, data: asBuffer(data) })),
      };
    },
    async avif(webp) {
      return asBuffer((await run({ kind: "avif", webp })) as Uint8Array);
    },
    async phoneCut(webp) {
      const cut = (await run({ kind: "phoneCut", webp })) as { avif: Uint8Array; webp: Uint8Array };
      return { avif: asBuffer(cut.avif), webp: asBuffer(cut.webp) };
    },
    async close() {
      const running = child;
      child = undefined;
      if (running?.connected) running.disconnect();
      await exited;
    },
  };
}

/**
 * Runs `work` with an encoder in a child process, and ends the child when it is done (or has
 * failed). A start that finds every picture stored starts no child at all.
 */
export async function withEncoderProcess<T>(
  work: (encoder: PictureEncoder) => Promise<T>,
): Promise<T> {
  const encoder = encoderProcess();
  try {
    return await work(encoder);
  } finally {
    await encoder.close();
  }
}
