import { getRuntime } from "../db/runtime.server.ts";
import { requireOwner } from "../features/owner-portal/owner-guard.server.ts";
import { ownerHead } from "../features/owner-portal/owner-head.ts";
import { OwnerFrame } from "../features/owner-portal/owner-pages.tsx";
import { OwnerStatements } from "../features/owner-statements/owner-statement-pages.tsx";
import { listOwnerStatements } from "../features/owner-statements/statements.server.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/owner.statements";

export function meta(args: Route.MetaArgs) {
  const { t, lang } = metaI18n(args);
  return [
    ...ownerHead(lang),
    { title: t("ownerStatements.title") },
    { name: "robots", content: "noindex" },
  ];
}

/** The owner's published statements (where they have a part), newest period first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  const lang = languageFromPath(new URL(request.url).pathname);
  const owner = await requireOwner(request, lang);
  return {
    name: owner.name,
    statements: await listOwnerStatements(getRuntime().database.db, owner.id),
  };
}

export default function OwnerStatementsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <OwnerFrame name={loaderData.name}>
      <OwnerStatements statements={loaderData.statements} />
    </OwnerFrame>
  );
}
