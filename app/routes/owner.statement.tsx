import { data } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { requireOwner } from "../features/owner-portal/owner-guard.server.ts";
import { ownerHead } from "../features/owner-portal/owner-head.ts";
import { OwnerFrame } from "../features/owner-portal/owner-pages.tsx";
import { OwnerStatementPage } from "../features/owner-statements/owner-statement-pages.tsx";
import { loadOwnerStatement } from "../features/owner-statements/statements.server.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { parseId } from "../lib/request-body.server.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/owner.statement";

export function meta(args: Route.MetaArgs) {
  const { t, lang } = metaI18n(args);
  return [
    ...ownerHead(lang),
    { title: t("ownerStatements.title") },
    { name: "robots", content: "noindex" },
  ];
}

/** One published statement of the owner's; another owner's, a draft or an unknown id is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  const lang = languageFromPath(new URL(request.url).pathname);
  const owner = await requireOwner(request, lang);
  const id = parseId(params.id);
  const statement =
    id === null ? null : await loadOwnerStatement(getRuntime().database.db, owner.id, id);
  if (!statement) throw data(null, { status: 404 });
  return { name: owner.name, statement };
}

export default function OwnerStatementRoute({ loaderData }: Route.ComponentProps) {
  return (
    <OwnerFrame name={loaderData.name}>
      <OwnerStatementPage statement={loaderData.statement} />
    </OwnerFrame>
  );
}
