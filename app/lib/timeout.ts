export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`Request timeout after ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}`);
    this.name = "TimeoutError";
  }
}

/** Settles with `promise`, or rejects with a TimeoutError once `ms` have passed. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
