/**
 * The lease pages' posts: each form parsed by its schema, then handed to the services. Bad input
 * is a 400 naming the field, an unknown lease or item a 404, a clash or a move the status does
 * not allow a 409.
 */
import { data, href, redirect } from "react-router";
import { getRuntime } from "../../db/runtime.server.ts";
import { fieldErrorsOf } from "../../lib/form-schema.ts";
import { readForm } from "../../lib/request-body.server.ts";
import {
  deductionFormSchema,
  depositReceivedFormSchema,
  depositReturnFormSchema,
  endDateFormSchema,
  endFormSchema,
  leaseFormFields,
  leaseFormSchema,
  paymentFormSchema,
  returnFromAbroadFormSchema,
  taskDoneFormSchema,
} from "./lease-schema.ts";
import {
  activateLease,
  addDeduction,
  cancelLease,
  changeEndDate,
  completeTask,
  createLease,
  endLease,
  erasePersonalData,
  LeaseError,
  recordPayment,
  returnDeposit,
  setDepositStatus,
  signLease,
  tenantReturned,
  updateDraft,
} from "./leases.server.ts";

export interface LeaseActionResult {
  ok: boolean;
  /** Which form the answer is for, so the page shows it beside that form. */
  form: string;
  message: string;
  fieldErrors?: Record<string, string>;
}

const answer = (result: LeaseActionResult, status = 200) =>
  status === 200 ? result : data(result, { status });

function invalid(form: string, issues: { path: PropertyKey[]; message: string }[]) {
  // Nested fields (a tenant's) as `tenants.0.name`.
  const errors = fieldErrorsOf({ issues }, { nested: true });
  return answer(
    {
      ok: false,
      form,
      message: Object.values(errors)[0] ?? "Check the form.",
      fieldErrors: errors,
    },
    400,
  );
}

function refused(form: string, error: unknown) {
  if (!(error instanceof LeaseError)) throw error;
  return answer(
    {
      ok: false,
      form,
      message: error.message,
      ...(error.field ? { fieldErrors: { [error.field]: error.message } } : {}),
    },
    error.status,
  );
}

/**
 * A photo field's path must be a file the upload endpoint stored; anything else is refused in
 * place, before the service is called.
 */
async function missingPhoto(form: string, photo: string) {
  if (await getRuntime().storage.exists(photo)) return null;
  const message = "That photo was not found; upload it again.";
  return answer({ ok: false, form, message, fieldErrors: { photo: message } }, 400);
}

/** The new-lease form: a draft, then its page. */
export async function newLeaseAction(request: Request, adminId: number) {
  const { database } = getRuntime();
  const form = await readForm(request);
  const parsed = leaseFormSchema.safeParse(leaseFormFields(form));
  if (!parsed.success) return invalid("lease", parsed.error.issues);
  try {
    const id = await createLease(database.db, parsed.data, adminId);
    return redirect(href("/admin/leases/:id", { id: String(id) }));
  } catch (error) {
    return refused("lease", error);
  }
}

/** The lease page's posts, told apart by `intent`. */
export async function leaseAction(request: Request, leaseId: number, adminId: number) {
  const { database, config } = getRuntime();
  const db = database.db;
  const clock = { horizonDays: config.availability.horizonDays };
  const form = await readForm(request);
  const fields = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const intent = fields.intent ?? "";
  try {
    switch (intent) {
      case "edit": {
        // The draft's form: the schema of the new-lease form, and the version it was read at.
        const parsed = leaseFormSchema.safeParse(leaseFormFields(form));
        if (!parsed.success) return invalid("edit", parsed.error.issues);
        if (!/^[1-9][0-9]{0,8}$/.test(fields.version ?? ""))
          return answer({ ok: false, form: "edit", message: "Reload the lease." }, 400);
        await updateDraft(db, leaseId, parsed.data, Number(fields.version), adminId);
        return answer({ ok: true, form: "edit", message: "Draft saved." });
      }
      case "sign":
        await signLease(db, leaseId, adminId, clock);
        return answer({
          ok: true,
          form: "status",
          message: "Lease signed: its stay is on the calendar.",
        });
      case "activate":
        await activateLease(db, leaseId, adminId);
        return answer({ ok: true, form: "status", message: "Lease active." });
      case "cancel":
        await cancelLease(db, leaseId, adminId, clock);
        return answer({
          ok: true,
          form: "status",
          message: "Lease cancelled; its stay was removed.",
        });
      case "end": {
        const parsed = endFormSchema.safeParse(fields);
        if (!parsed.success) return invalid("end", parsed.error.issues);
        await endLease(db, leaseId, parsed.data.endedOn, adminId, clock);
        return answer({ ok: true, form: "end", message: "Lease ended; its stay was shortened." });
      }
      case "change-end": {
        const parsed = endDateFormSchema.safeParse(fields);
        if (!parsed.success) return invalid("change-end", parsed.error.issues);
        await changeEndDate(db, leaseId, parsed.data.endDate, adminId, clock);
        return answer({
          ok: true,
          form: "change-end",
          message: "End moved; the stay and dues follow.",
        });
      }
      case "payment": {
        const parsed = paymentFormSchema.safeParse(fields);
        if (!parsed.success) return invalid("payment", parsed.error.issues);
        await recordPayment(
          db,
          leaseId,
          { ...parsed.data, amount: parsed.data.amount as number },
          adminId,
        );
        return answer({ ok: true, form: "payment", message: "Payment recorded." });
      }
      case "deposit-received": {
        const parsed = depositReceivedFormSchema.safeParse(fields);
        if (!parsed.success) return invalid("deposit", parsed.error.issues);
        await setDepositStatus(db, leaseId, "received", parsed.data.receivedOn, adminId);
        return answer({ ok: true, form: "deposit", message: "Deposit received." });
      }
      case "deposit-held": {
        const parsed = depositReceivedFormSchema.safeParse(fields);
        if (!parsed.success) return invalid("deposit", parsed.error.issues);
        await setDepositStatus(db, leaseId, "held", parsed.data.receivedOn, adminId);
        return answer({ ok: true, form: "deposit", message: "Deposit held." });
      }
      case "deduction": {
        const parsed = deductionFormSchema.safeParse(fields);
        if (!parsed.success) return invalid("deduction", parsed.error.issues);
        const { photo, ...deduction } = parsed.data;
        const notStored = await missingPhoto("deduction", photo);
        if (notStored) return notStored;
        await addDeduction(
          db,
          leaseId,
          { ...deduction, amount: deduction.amount as number, mediaKey: photo },
          adminId,
        );
        return answer({ ok: true, form: "deduction", message: "Deduction added." });
      }
      case "deposit-return": {
        const parsed = depositReturnFormSchema.safeParse(fields);
        if (!parsed.success) return invalid("deposit", parsed.error.issues);
        const amount = await returnDeposit(db, leaseId, parsed.data.returnedOn, adminId);
        return answer({ ok: true, form: "deposit", message: `Deposit returned: ${amount} baht.` });
      }
      case "tm30-done": {
        const parsed = taskDoneFormSchema.safeParse(fields);
        if (!parsed.success) return invalid(`task-${fields.taskId ?? ""}`, parsed.error.issues);
        const notStored = await missingPhoto(`task-${parsed.data.taskId}`, parsed.data.photo);
        if (notStored) return notStored;
        await completeTask(
          db,
          leaseId,
          parsed.data.taskId,
          parsed.data.receiptNumber,
          adminId,
          {},
          parsed.data.photo,
        );
        return answer({
          ok: true,
          form: `task-${parsed.data.taskId}`,
          message: "TM30 report recorded.",
        });
      }
      case "returned": {
        const parsed = returnFromAbroadFormSchema.safeParse(fields);
        if (!parsed.success) return invalid("returned", parsed.error.issues);
        await tenantReturned(db, leaseId, parsed.data, adminId);
        return answer({
          ok: true,
          form: "returned",
          message: "TM30 task opened: report within 24 hours.",
        });
      }
      case "erase":
        await erasePersonalData(db, leaseId, adminId, "by-hand");
        return answer({ ok: true, form: "erase", message: "Tenants' personal data erased." });
      default:
        return answer({ ok: false, form: "status", message: "Unknown action." }, 400);
    }
  } catch (error) {
    const formName =
      intent === "sign" || intent === "activate" || intent === "cancel"
        ? "status"
        : intent === "tm30-done"
          ? `task-${fields.taskId ?? ""}`
          : intent === "deposit-received" ||
              intent === "deposit-held" ||
              intent === "deposit-return"
            ? "deposit"
            : intent;
    return refused(formName, error);
  }
}
