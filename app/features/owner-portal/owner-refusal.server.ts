import { data } from "react-router";

/**
 * A refusal an owner's form shows: a catalogue key and, when throttled, the minutes to wait (the
 * form) and Retry-After (the browser).
 */
export function ownerRefusal<Key extends string>(
  error: Key,
  status: number,
  retryAfterSeconds?: number,
) {
  return data(
    {
      ok: false as const,
      error,
      minutes: retryAfterSeconds === undefined ? 0 : Math.max(1, Math.ceil(retryAfterSeconds / 60)),
    },
    {
      status,
      headers: retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) },
    },
  );
}
