import { data } from "react-router";
import type { AppDatabase } from "../../db/client.server.ts";
import { fieldErrorsOf } from "../../lib/form-schema.ts";
import { addLeadNote, updatePipeline } from "./lead-desk.server.ts";
import { noteSchema, pipelineSchema } from "./lead-pipeline.ts";

/** What a post of the lead page answers: what was saved, or the first error of each field. */
export type LeadDeskResult =
  | { ok: true; saved: string }
  | { ok: false; errors: Record<string, string> };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/**
 * A post of lead `id`'s page by admin `adminId`: a note (intent "note") or the pipeline (stage,
 * lost reason, owner, follow-up). Invalid fields answer 400; a lead or owner that does not exist, 404.
 */
export async function leadDeskAction(db: AppDatabase, id: number, adminId: number, form: FormData) {
  if (form.get("intent") === "note") {
    const parsed = noteSchema.safeParse({ body: text(form, "body") });
    if (!parsed.success)
      return data<LeadDeskResult>(
        { ok: false, errors: fieldErrorsOf(parsed.error) },
        { status: 400 },
      );
    if (!(await addLeadNote(db, id, adminId, parsed.data.body)))
      throw data({ error: "That lead does not exist." }, { status: 404 });
    return data<LeadDeskResult>({ ok: true, saved: "Note added." });
  }
  const parsed = pipelineSchema.safeParse({
    stage: text(form, "stage"),
    lostReason: text(form, "lostReason"),
    ownerId: text(form, "ownerId"),
    followUpOn: text(form, "followUpOn"),
  });
  if (!parsed.success)
    return data<LeadDeskResult>(
      { ok: false, errors: fieldErrorsOf(parsed.error) },
      { status: 400 },
    );
  if (!(await updatePipeline(db, id, parsed.data, adminId)))
    return data<LeadDeskResult>(
      { ok: false, errors: { ownerId: "That lead or owner does not exist." } },
      { status: 404 },
    );
  return data<LeadDeskResult>({ ok: true, saved: "Pipeline saved." });
}
