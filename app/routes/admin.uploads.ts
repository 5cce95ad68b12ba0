import { getRuntime } from "../db/runtime.server.ts";
import { storeUpload, UploadError } from "../features/admin/uploads.server.ts";
import { requireAdminAction } from "../features/auth/guard.server.ts";
import { BODY_LIMITS, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.uploads";

/** POST one image (multipart field "file"): answers its stored media key and variants. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
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
