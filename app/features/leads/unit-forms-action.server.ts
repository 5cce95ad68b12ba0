import { data } from "react-router";
import { ALERT_FORM_MARKER } from "../../domain/leads.ts";
import { readForm } from "../../lib/request-body.server.ts";
import { availabilityAlertAction, runtimeDeps, unitEnquiryAction } from "./lead-actions.server.ts";

/**
 * The unit page's two forms: the enquiry, or "notify me when it is free", told apart by the
 * `form` field of the body, read once (bounded) before anything else.
 */
export async function unitFormsAction(request: Request, clientAddress: string, slug: string) {
  const form = await readForm(request);
  const deps = runtimeDeps(clientAddress);
  if (form.get("form") === ALERT_FORM_MARKER) {
    // Marked, so that after a post without JavaScript only this form shows the answer.
    const answer = await availabilityAlertAction(request, deps, slug, form);
    return data({ ...answer.data, form: ALERT_FORM_MARKER }, answer.init ?? undefined);
  }
  return unitEnquiryAction(request, deps, slug, form);
}
