import { requireOwner, requireOwnerAction } from "../features/owner-portal/owner-guard.server.ts";
import { ownerHead } from "../features/owner-portal/owner-head.ts";
import { OwnerFrame } from "../features/owner-portal/owner-pages.tsx";
import {
  changeOwnerSecurity,
  loadOwnerSecurity,
} from "../features/owner-portal/owner-second-factor.server.ts";
import {
  OwnerSecurityPage,
  type OwnerSecurityResult,
} from "../features/owner-portal/owner-security-page.tsx";
import { languageFromPath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { readForm } from "../lib/request-body.server.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/owner.security";

export function meta(args: Route.MetaArgs) {
  const { t, lang } = metaI18n(args);
  return [
    ...ownerHead(lang),
    { title: t("ownerSecurity.title") },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  const owner = await requireOwner(request, languageFromPath(new URL(request.url).pathname));
  return { name: owner.name, security: await loadOwnerSecurity(owner) };
}

/** Set up, replace or turn off the owner's authenticator app. */
export async function action({ request }: Route.ActionArgs) {
  const owner = await requireOwnerAction(request, languageFromPath(new URL(request.url).pathname));
  return changeOwnerSecurity(owner, await readForm(request));
}

export default function OwnerSecurity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OwnerFrame name={loaderData.name}>
      <OwnerSecurityPage
        data={loaderData.security}
        result={actionData as OwnerSecurityResult | undefined}
      />
    </OwnerFrame>
  );
}
