import { getRuntime } from "../db/runtime.server.ts";
import { storeUpload, UploadError } from "../features/admin/uploads.server.ts";
import { requireOwnerAction } from "../features/owner-portal/owner-guard.server.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { BODY_LIMITS, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/owner.uploads";

/**
 * An owner's photo for a repair (multipart field "file"): the same checks and re-encoding as the
 * desk's uploads; answers the stored key, which the ticket's page then attaches.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireOwnerAction(request, languageFromPath(new URL(request.url).pathname));
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
