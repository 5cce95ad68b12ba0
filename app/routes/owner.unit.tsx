import { data } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { requireOwner, requireOwnerAction } from "../features/owner-portal/owner-guard.server.ts";
import { ownerHead } from "../features/owner-portal/owner-head.ts";
import {
  OwnerFrame,
  OwnerUnitPage,
  type StayFormResult,
} from "../features/owner-portal/owner-pages.tsx";
import { loadOwnerUnit, requestOwnerStay } from "../features/owner-portal/owner-portal.server.ts";
import { ownerStayFormSchema, stayRefusal } from "../features/owner-portal/owner-stay-form.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { createI18n } from "../i18n/messages.server.ts";
import { metaI18n } from "../i18n/meta.ts";
import { parseId, readForm } from "../lib/request-body.server.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/owner.unit";

export function meta(args: Route.MetaArgs) {
  const { t, lang } = metaI18n(args);
  return [
    ...ownerHead(lang),
    { title: t("ownerPortal.title") },
    { name: "robots", content: "noindex" },
  ];
}

/** One of the owner's units; any other id (someone else's, unknown, malformed) is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  const lang = languageFromPath(new URL(request.url).pathname);
  const owner = await requireOwner(request, lang);
  const id = parseId(params.id);
  const page = id === null ? null : await loadOwnerUnit(getRuntime().database.db, owner.id, id);
  if (!page) throw data(null, { status: 404 });
  return { name: owner.name, ...page };
}

export async function action({ request, params }: Route.ActionArgs) {
  const lang = languageFromPath(new URL(request.url).pathname);
  const owner = await requireOwnerAction(request, lang);
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const form = await readForm(request);
  const parsed = ownerStayFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return data<StayFormResult>(
      { ok: false, message: createI18n(lang).t("ownerPortal.errorDates") },
      { status: 400 },
    );
  const { config, database } = getRuntime();
  const outcome = await requestOwnerStay(database.db, owner.id, id, parsed.data, config);
  if (!outcome.ok && outcome.answer === null) throw data(null, { status: 404 });
  getRuntime().outbox?.nudge();
  if (!outcome.ok)
    return data<StayFormResult>(
      { ok: false, message: stayRefusal(outcome.answer, createI18n(lang).t, lang) },
      { status: 409 },
    );
  return data<StayFormResult>({ ok: true, status: outcome.status, ...parsed.data });
}

export default function OwnerUnit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OwnerFrame name={loaderData.name}>
      <OwnerUnitPage
        unit={loaderData.unit}
        calendar={loaderData.calendar}
        stays={loaderData.stays}
        requests={loaderData.requests}
        result={actionData}
      />
    </OwnerFrame>
  );
}
