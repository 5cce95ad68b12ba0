import { getRuntime } from "../db/runtime.server.ts";
import { attachmentHeader, ownerDocumentFile } from "../features/owner-portal/documents.server.ts";
import { requireOwner } from "../features/owner-portal/owner-guard.server.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/owner.document";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * One of the owner's documents, as a download. The owner comes first (signed out: the sign-in
 * form); a document that is not theirs answers 404 like one that does not exist. Never cached,
 * always an attachment, its type as stored and never sniffed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const owner = await requireOwner(request, languageFromPath(new URL(request.url).pathname));
  const id = parseId(params.id);
  if (id === null) return notFound();
  const { database, storage } = getRuntime();
  const file = await ownerDocumentFile(database.db, storage, owner.id, id);
  if (!file) return notFound();
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": attachmentHeader(file.fileName),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
