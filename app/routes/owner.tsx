import { data } from "react-router";
import type { AppDatabase } from "../db/client.server.ts";
import { getRuntime } from "../db/runtime.server.ts";
import { parseDisplayCurrency } from "../domain/currencies.ts";
import { businessToday } from "../domain/date-time.ts";
import { rateInForceOn } from "../features/currencies/rates.server.ts";
import { loadOwnerDashboard } from "../features/owner-dashboard/owner-dashboard.server.ts";
import {
  DASHBOARD_PARAMS,
  PortalDashboard,
} from "../features/owner-dashboard/portal-dashboard.tsx";
import { listOwnerDocuments } from "../features/owner-portal/documents.server.ts";
import { LatestDocumentsPanel } from "../features/owner-portal/owner-document-pages.tsx";
import {
  getOwner,
  requireOwner,
  requireOwnerAction,
} from "../features/owner-portal/owner-guard.server.ts";
import { ownerHead } from "../features/owner-portal/owner-head.ts";
import {
  type FormError,
  OwnerCodeStep,
  OwnerFrame,
  OwnerOverview,
  OwnerSignIn,
} from "../features/owner-portal/owner-pages.tsx";
import { loadOwnerOverview } from "../features/owner-portal/owner-portal.server.ts";
import { OpenRepairsPanel } from "../features/owner-portal/owner-repair-pages.tsx";
import { pendingOwnerSignIn } from "../features/owner-portal/owner-second-factor.server.ts";
import {
  cancelOwnerCode,
  signInOwner,
  signInOwnerWithCode,
  signOutOwner,
} from "../features/owner-portal/owner-sign-in.server.ts";
import { listOwnerRepairs } from "../features/owner-portal/repairs.server.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { readForm } from "../lib/request-body.server.ts";
import { clientAddressContext, markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/owner";

export function meta(args: Route.MetaArgs) {
  const { t, lang } = metaI18n(args);
  return [
    ...ownerHead(lang),
    { title: t("ownerPortal.title") },
    { name: "robots", content: "noindex" },
  ];
}

/** The portal's home: the sign-in form, or the owner's units once signed in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  const lang = languageFromPath(new URL(request.url).pathname);
  if (!(await getOwner(request)))
    return { signedIn: false as const, codeStep: (await pendingOwnerSignIn(request)) !== null };
  const owner = await requireOwner(request, lang);
  const db = getRuntime().database.db;
  const overview = await loadOwnerOverview(db, owner.id);
  const repairs = await listOwnerRepairs(db, owner.id, { open: true, limit: 10 });
  const documents = await listOwnerDocuments(db, owner.id, 3);
  const dashboard = await loadDashboard(db, owner.id, new URL(request.url).searchParams);
  return {
    signedIn: true as const,
    name: owner.name,
    units: overview.units,
    repairs,
    documents,
    dashboard,
  };
}

/**
 * The financial dashboard for `?unit=` (one of the owner's units; absent: all of them; anything
 * else is a 404, as an unknown unit) in `?currency=` at the desk's rate in force today.
 */
async function loadDashboard(db: AppDatabase, ownerId: number, params: URLSearchParams) {
  const unitParam = params.get(DASHBOARD_PARAMS.unit) ?? "";
  if (unitParam !== "" && !/^[1-9]\d{0,9}$/.test(unitParam)) throw data(null, { status: 404 });
  const view = await loadOwnerDashboard(db, ownerId, unitParam === "" ? null : Number(unitParam));
  if (!view) throw data(null, { status: 404 });
  const wantedCurrency = parseDisplayCurrency(params.get(DASHBOARD_PARAMS.currency)) ?? null;
  const rate = wantedCurrency
    ? await rateInForceOn(db, wantedCurrency, businessToday(new Date()))
    : null;
  return {
    ...view,
    wantedCurrency,
    currency: wantedCurrency && rate ? { currency: wantedCurrency, ...rate } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = languageFromPath(new URL(request.url).pathname);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "login")
    return signInOwner(request, form, context.get(clientAddressContext), lang);
  if (intent === "code")
    return signInOwnerWithCode(request, form, context.get(clientAddressContext), lang);
  if (intent === "cancel-code") return cancelOwnerCode(request, lang);
  await requireOwnerAction(request, lang);
  if (intent === "logout") return signOutOwner(request, lang);
  return data({ ok: false as const, error: "ownerAuth.required" }, { status: 400 });
}

export default function Owner({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    const failure = actionData && "error" in actionData ? (actionData as FormError) : undefined;
    if (loaderData.codeStep) return <OwnerCodeStep failure={failure} />;
    return <OwnerSignIn failure={failure} />;
  }
  return (
    <OwnerFrame name={loaderData.name}>
      <OwnerOverview name={loaderData.name} units={loaderData.units} />
      <PortalDashboard {...loaderData.dashboard} />
      <OpenRepairsPanel repairs={loaderData.repairs} />
      <LatestDocumentsPanel documents={loaderData.documents} />
    </OwnerFrame>
  );
}
