import { data, href } from "react-router";
import { z } from "zod";

/**
 * How many bytes a request body may have. Public forms and sign-in hold a few short fields; the
 * admin's property form a description and a picture list; only the upload endpoint takes files.
 * The Express layer (server/body-limit.ts) refuses a declared Content-Length above these before
 * anything is read, and counts the bytes of every other body as they arrive, refusing it once past;
 * `readBody` and `readForm` enforce them again while reading.
 */
export const BODY_LIMITS = {
  form: 64 * 1024,
  adminForm: 512 * 1024,
  /** One picture of at most 10 MB, and room for the multipart envelope. */
  upload: 10 * 1024 * 1024 + 64 * 1024,
} as const;

/**
 * The limit of a path (`.data` URLs of client navigations included): uploads (the desk's, an
 * owner's repair photos, owners' documents, expense receipts) take a file, the property form its texts and picture
 * list; sign-in and everything else a few short fields.
 */
export function bodyLimitFor(pathname: string): number {
  const path = pathname.replace(/\.data$/, "");
  if (
    path === href("/admin/uploads") ||
    path === href("/admin/owners/documents") ||
    path === href("/admin/statements/ledger") ||
    path === "/owner/uploads" ||
    path === "/ru/owner/uploads"
  )
    return BODY_LIMITS.upload;
  if (path.startsWith("/admin/properties/")) return BODY_LIMITS.adminForm;
  return BODY_LIMITS.form;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The body's media type, lower case, without parameters ("" when absent). */
export function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function refuse(status: 400 | 413 | 415, error: string): never {
  throw data({ error }, { status });
}

export function tooLargeMessage(maxBytes: number): string {
  const size =
    maxBytes >= 1024 * 1024
      ? `${Math.floor(maxBytes / (1024 * 1024))} MB`
      : `${Math.floor(maxBytes / 1024)} KB`;
  return `The request is too large: at most ${size} is accepted here.`;
}

/**
 * The error the server's body guard (server/body-limit.ts) puts into a body's stream once more
 * bytes arrived than its path allows: whoever reads the body sees it fail, never a body cut short
 * and taken as whole. Told by its code, not its class: the server and the build may each hold a
 * copy of this module.
 */
export const BODY_TOO_LARGE = "BODY_TOO_LARGE";

export function bodyTooLargeError(maxBytes: number): Error {
  return Object.assign(new Error(tooLargeMessage(maxBytes)), { code: BODY_TOO_LARGE });
}

function isBodyTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === BODY_TOO_LARGE;
}

/**
 * The one reader of request bodies: at most `maxBytes` (by default the limit of the request's
 * path), counting the bytes that actually arrive, so a body sent without a length (chunked) is
 * bounded too. Throws 413 past the limit without reading the rest. An action that takes no form
 * (sign-out) still reads its body through this, so a large one is refused the same way.
 */
export async function readBody(
  request: Request,
  maxBytes: number = bodyLimitFor(new URL(request.url).pathname),
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) refuse(413, tooLargeMessage(maxBytes));
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch (error) {
      if (isBodyTooLarge(error)) refuse(413, tooLargeMessage(maxBytes));
      throw error;
    }
    const { done, value } = read;
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Reading stops here; the server drains a bounded rest so the client sees the answer.
      reader.releaseLock();
      refuse(413, tooLargeMessage(maxBytes));
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * A form post's fields, read with a bound: 415 for a body that is not a form (JSON, text, none),
 * 413 past `maxBytes` (by default the limit of the request's path), 400 for a form that cannot be
 * parsed (a broken multipart body). Every action reads its body through this, never with
 * `request.formData()` directly.
 */
export async function readForm(
  request: Request,
  maxBytes: number = bodyLimitFor(new URL(request.url).pathname),
): Promise<FormData> {
  const type = mediaType(request);
  if (!FORM_TYPES.includes(type)) {
    refuse(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  const body = await readBody(request, maxBytes);
  try {
    return await new Response(body, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    refuse(400, "The form could not be read.");
  }
}

/** Database ids are PostgreSQL integers: 1 to 2^31 - 1. */
const MAX_ID = 2_147_483_647;

/**
 * An id from a URL or a form field: a plain decimal number within the database's integer range;
 * anything else ("1e20", "-1", "99999999999", "1.5", "") fails. Form schemas use it for their ids.
 */
export const idSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(MAX_ID));

/** An id checked by `idSchema`, or null. */
export function parseId(value: unknown): number | null {
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
