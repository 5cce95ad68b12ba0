import { requireOwner } from "../features/owner-portal/owner-guard.server.ts";
import { ownerHead } from "../features/owner-portal/owner-head.ts";
import { OwnerFrame, OwnerGuide } from "../features/owner-portal/owner-pages.tsx";
import { languageFromPath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/owner.guide";

export function meta(args: Route.MetaArgs) {
  const { t, lang } = metaI18n(args);
  return [
    ...ownerHead(lang),
    { title: t("ownerPortal.guideTitle") },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  const owner = await requireOwner(request, languageFromPath(new URL(request.url).pathname));
  return { name: owner.name };
}

export default function OwnerGuidePage({ loaderData }: Route.ComponentProps) {
  return (
    <OwnerFrame name={loaderData.name}>
      <OwnerGuide />
    </OwnerFrame>
  );
}
