import { data } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { requireOwner, requireOwnerAction } from "../features/owner-portal/owner-guard.server.ts";
import { ownerHead } from "../features/owner-portal/owner-head.ts";
import { OwnerFrame } from "../features/owner-portal/owner-pages.tsx";
import {
  OwnerRepairPage,
  type RepairFormResult,
} from "../features/owner-portal/owner-repair-pages.tsx";
import {
  addRepairPhoto,
  decideRepair,
  loadOwnerRepair,
  RepairError,
  repairPhotoSchema,
} from "../features/owner-portal/repairs.server.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { parseId, readForm } from "../lib/request-body.server.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/owner.repair";

export function meta(args: Route.MetaArgs) {
  const { t, lang } = metaI18n(args);
  return [
    ...ownerHead(lang),
    { title: t("ownerRepairs.title") },
    { name: "robots", content: "noindex" },
  ];
}

/** One repair of the owner's units; any other id (someone else's, unknown, malformed) is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  const lang = languageFromPath(new URL(request.url).pathname);
  const owner = await requireOwner(request, lang);
  const id = parseId(params.id);
  const page = id === null ? null : await loadOwnerRepair(getRuntime().database.db, owner.id, id);
  if (!page) throw data(null, { status: 404 });
  return { name: owner.name, page };
}

const answer = (ok: boolean, message: string, status = 200) =>
  data<RepairFormResult>({ ok, message }, { status });

/** Approve or decline a waiting quote, or attach an uploaded photo. */
export async function action({ request, params }: Route.ActionArgs) {
  const lang = languageFromPath(new URL(request.url).pathname);
  const owner = await requireOwnerAction(request, lang);
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const form = Object.fromEntries(await readForm(request));
  const { database, storage } = getRuntime();
  try {
    if (form.intent === "approve" || form.intent === "decline") {
      await decideRepair(database.db, owner.id, id, form.intent === "approve");
      return answer(
        true,
        form.intent === "approve" ? "ownerRepairs.approvedNow" : "ownerRepairs.declinedNow",
      );
    }
    if (form.intent === "add-photo") {
      const parsed = repairPhotoSchema.safeParse(form);
      if (!parsed.success) return answer(false, "ownerRepairs.errorPhoto", 400);
      await addRepairPhoto(database.db, id, parsed.data.photo, { ownerId: owner.id }, storage);
      return answer(true, "ownerRepairs.photoAdded");
    }
  } catch (error) {
    if (!(error instanceof RepairError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    return answer(
      false,
      error.status === 409 ? "ownerRepairs.errorStage" : "ownerRepairs.errorPhoto",
      error.status,
    );
  }
  return answer(false, "ownerRepairs.errorStage", 400);
}

export default function OwnerRepairRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OwnerFrame name={loaderData.name}>
      <OwnerRepairPage page={loaderData.page} result={actionData} />
    </OwnerFrame>
  );
}
