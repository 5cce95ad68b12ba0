import { data, redirect } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { requireOwner, requireOwnerAction } from "../features/owner-portal/owner-guard.server.ts";
import { ownerHead } from "../features/owner-portal/owner-head.ts";
import { OwnerFrame } from "../features/owner-portal/owner-pages.tsx";
import { loadOwnerOverview } from "../features/owner-portal/owner-portal.server.ts";
import {
  OwnerRepairs,
  type RepairFormResult,
} from "../features/owner-portal/owner-repair-pages.tsx";
import { repairOpenSchema } from "../features/owner-portal/repair-schema.ts";
import {
  listOwnerRepairs,
  openRepair,
  RepairError,
} from "../features/owner-portal/repairs.server.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { formConstraints } from "../lib/form-schema.ts";
import { readForm } from "../lib/request-body.server.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/owner.repairs";

export function meta(args: Route.MetaArgs) {
  const { t, lang } = metaI18n(args);
  return [
    ...ownerHead(lang),
    { title: t("ownerRepairs.title") },
    { name: "robots", content: "noindex" },
  ];
}

/** The owner's repairs (of their units only) and the form to report one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  const lang = languageFromPath(new URL(request.url).pathname);
  const owner = await requireOwner(request, lang);
  const db = getRuntime().database.db;
  const { units } = await loadOwnerOverview(db, owner.id);
  return {
    name: owner.name,
    units: units.map((u) => ({ id: u.id, name: u.name })),
    repairs: await listOwnerRepairs(db, owner.id),
    limits: formConstraints(repairOpenSchema),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const lang = languageFromPath(new URL(request.url).pathname);
  const owner = await requireOwnerAction(request, lang);
  const parsed = repairOpenSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return data<RepairFormResult>(
      {
        ok: false,
        message: field === "propertyId" ? "ownerRepairs.errorUnit" : "ownerRepairs.errorTitle",
      },
      { status: 400 },
    );
  }
  try {
    const id = await openRepair(getRuntime().database.db, parsed.data, { ownerId: owner.id });
    return redirect(`${lang === "ru" ? "/ru" : ""}/owner/repairs/${id}`);
  } catch (error) {
    // Someone else's unit reads as an unknown one.
    if (error instanceof RepairError)
      return data<RepairFormResult>(
        { ok: false, message: "ownerRepairs.errorUnit" },
        { status: 404 },
      );
    throw error;
  }
}

export default function OwnerRepairsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OwnerFrame name={loaderData.name}>
      <OwnerRepairs
        units={loaderData.units}
        repairs={loaderData.repairs}
        limits={loaderData.limits}
        result={actionData}
      />
    </OwnerFrame>
  );
}
