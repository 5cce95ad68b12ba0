import { hitRateLimit } from "../db/rate-limit.server.ts";
import { getRuntime } from "../db/runtime.server.ts";
import { OWNER_UPLOADS_PER_HOUR } from "../domain/owners.ts";
import { storeUpload, UploadError } from "../features/admin/uploads.server.ts";
import { requireOwnerAction } from "../features/owner-portal/owner-guard.server.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { BODY_LIMITS, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/owner.uploads";

/**
 * An owner's photo for a repair (multipart field "file"): the same checks and re-encoding as the
 * desk's uploads; answers the stored key, which the ticket's page then attaches. Each owner may
 * send OWNER_UPLOADS_PER_HOUR in an hour, counted before the body is read: past it, a 429 with
 * Retry-After, and the picture is never decoded.
 */
export async function action({ request }: Route.ActionArgs) {
  const owner = await requireOwnerAction(request, languageFromPath(new URL(request.url).pathname));
  const hit = await hitRateLimit(getRuntime().database.db, `owner-uploads:${owner.id}`, {
    limit: OWNER_UPLOADS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
  });
  if (!hit.allowed) {
    return Response.json(
      { error: "Too many photos in an hour; try again later.", throttled: true },
      { status: 429, headers: { "Retry-After": String(hit.retryAfterSeconds) } },
    );
  }
  if (Number(request.headers.get("content-length")) > BODY_LIMITS.upload) {
    return Response.json({ error: "The file is larger than 10 MB." }, { status: 413 });
  }
  const file = (await readForm(request, BODY_LIMITS.upload)).get("file");
  if (!(file instanceof File)) {
    return Response.json({ error: "No file was sent." }, { status: 400 });
  }
  try {
    const image = await storeUpload(getRuntime().storage, Buffer.from(await file.arrayBuffer()));
    return Response.json({ image });
  } catch (error) {
    if (error instanceof UploadError)
      return Response.json({ error: error.message }, { status: 422 });
    throw error;
  }
}
