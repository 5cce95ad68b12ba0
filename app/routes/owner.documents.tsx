import { getRuntime } from "../db/runtime.server.ts";
import { listOwnerDocuments } from "../features/owner-portal/documents.server.ts";
import { OwnerDocuments } from "../features/owner-portal/owner-document-pages.tsx";
import { requireOwner } from "../features/owner-portal/owner-guard.server.ts";
import { ownerHead } from "../features/owner-portal/owner-head.ts";
import { OwnerFrame } from "../features/owner-portal/owner-pages.tsx";
import { languageFromPath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/owner.documents";

export function meta(args: Route.MetaArgs) {
  const { t, lang } = metaI18n(args);
  return [
    ...ownerHead(lang),
    { title: t("ownerDocuments.title") },
    { name: "robots", content: "noindex" },
  ];
}

/** The documents of the owner's units and their own, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  const lang = languageFromPath(new URL(request.url).pathname);
  const owner = await requireOwner(request, lang);
  return {
    name: owner.name,
    documents: await listOwnerDocuments(getRuntime().database.db, owner.id),
  };
}

export default function OwnerDocumentsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <OwnerFrame name={loaderData.name}>
      <OwnerDocuments documents={loaderData.documents} />
    </OwnerFrame>
  );
}
