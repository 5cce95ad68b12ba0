import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** OWASP's current scrypt parameters: N=2^17, r=8, p=1 (about 128 MiB of memory per hash). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export type ScryptParams = { N: number; r: number; p: number };

/** Thrown when the hash queue is full: answer "busy, try again shortly" rather than wait. */
export class PasswordWorkBusyError extends Error {
  constructor() {
    super("Too many password checks at once.");
  }
}

export interface WorkGate {
  /** Runs `task` when a slot is free; rejects at once with PasswordWorkBusyError when full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/** At most `concurrency` tasks at once, at most `maxWaiting` more in line (first come, first served). */
export function createWorkGate(concurrency: number, maxWaiting: number): WorkGate {
  let running = 0;
  const line: (() => void)[] = [];
  const release = () => {
    const next = line.shift();
    if (next) next();
    else running--;
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (line.length < maxWaiting) await new Promise<void>((resolve) => line.push(resolve));
      else throw new PasswordWorkBusyError();
      // A slot is ours here: taken above, or handed over by release() without being freed.
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/**
 * scrypt runs on libuv's thread pool (4 threads), which static files, media and compression
 * share, and each hash takes ~128 MiB and ~0.4 s of one core. Unbounded, 30 parallel sign-ins
 * kept a picture under /media waiting 5-16 s. One hash at a time leaves the second core and
 * three pool threads to the site; eight more may wait (about 3 s), and past that a sign-in is
 * told at once that the server is busy.
 */
export const PASSWORD_WORK = { concurrency: 1, maxWaiting: 8 } as const;
const passwordWork = createWorkGate(PASSWORD_WORK.concurrency, PASSWORD_WORK.maxWaiting);

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return passwordWork.run(() => deriveNow(password, salt, params));
}

function deriveNow(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // Node refuses more than 32 MiB by default; allow what these parameters need, and a margin.
    maxmem: 256 * params.N * params.r,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later without a migration. */
export async function hashPassword(
  password: string,
  params: ScryptParams = SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return [
    "scrypt",
    params.N,
    params.r,
    params.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const dummySalt = randomBytes(16);

/** Spends the time of one verification, so an unknown e-mail answers as slowly as a known one. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  await derive(password, dummySalt, SCRYPT_PARAMS);
}
