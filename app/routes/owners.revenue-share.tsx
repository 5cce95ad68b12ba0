import { useLocation } from "react-router";
import {
  REVENUE_SHARE_COMPANY_PERCENT,
  REVENUE_SHARE_OWNER_PERCENT,
} from "../domain/owner-programs.ts";
import { revenueShareLeadAction, runtimeDeps } from "../features/leads/lead-actions.server.ts";
import { RevenueShareDialog } from "../features/owners/revenue-share-dialog.tsx";
import { languageFromPath, localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { clientAddressContext } from "../lib/request-context.ts";
import type { Route } from "./+types/owners.revenue-share";

export function action({ request, context }: Route.ActionArgs) {
  return revenueShareLeadAction(request, runtimeDeps(context.get(clientAddressContext)));
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return [
    {
      title: t("revenueShare.title", {
        owner: REVENUE_SHARE_OWNER_PERCENT,
        company: REVENUE_SHARE_COMPANY_PERCENT,
      }),
    },
  ];
}

export default function OwnersRevenueShare({ actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <RevenueShareDialog
      serverResult={actionData}
      homePath={localizePath("/", languageFromPath(pathname))}
      pagePath={pathname}
    />
  );
}
