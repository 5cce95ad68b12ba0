import { getRuntime } from "../db/runtime.server.ts";
import {
  tokenPageAction,
  tokenPageLoader,
} from "../features/saved-searches/saved-search-actions.server.ts";
import { TokenPage } from "../features/saved-searches/saved-search-pages.tsx";
import { metaI18n } from "../i18n/meta.ts";
import { readForm } from "../lib/request-body.server.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import { assertSameOrigin } from "../lib/same-origin.server.ts";
import type { Route } from "./+types/saved-search-unsubscribe";

export function loader({ url, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  return tokenPageLoader(url, "unsubscribe");
}

export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request, getRuntime().config.publicUrl);
  return tokenPageAction(url, await readForm(request), "unsubscribe");
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return [{ title: t("savedSearch.unsubscribeTitle") }, { name: "robots", content: "noindex" }];
}

export default function SavedSearchUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <TokenPage step="unsubscribe" state={actionData ?? loaderData} />;
}
