import QRCode from "qrcode";
import { data } from "react-router";
import { z } from "zod";
import { getRuntime } from "../../db/runtime.server.ts";
import {
  beginEnrolment,
  type ChangeRefusal,
  cancelEnrolment,
  confirmEnrolment,
  isTotpRequired,
  secondFactorStatus,
  setTotpRequired,
  turnOffSecondFactor,
} from "./second-factor.server.ts";
import type { SecurityForm } from "./security-forms.ts";
import type { SessionUser } from "./sessions.server.ts";
import { tooManyWrongCodes } from "./sign-in-flow.server.ts";
import { totpUri } from "./totp.server.ts";

/** What the security page shows an admin: their second factor, and whether it is required. */
export async function loadSecuritySettings(admin: SessionUser) {
  const { database, config } = getRuntime();
  const status = await secondFactorStatus(database.db, admin.id);
  let enrolment: { secret: string; qr: string } | null = null;
  if (status.pendingSecret) {
    const uri = totpUri(status.pendingSecret, admin.email, config.contacts.brandName);
    const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    enrolment = {
      secret: status.pendingSecret,
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    };
  }
  return {
    email: admin.email,
    enrolled: status.enrolled,
    recoveryCodesLeft: status.recoveryCodesLeft,
    required: await isTotpRequired(database.db),
    enrolment,
  };
}

const REFUSALS: Record<Exclude<ChangeRefusal, "throttled">, string> = {
  "code-needed": "Enter a current code from your authenticator app, or one of your recovery codes.",
  invalid: "That code is not right. Enter the current code from your app, or a recovery code.",
  required: "Two-factor sign-in is required for every admin; it cannot be turned off.",
};

function refused(form: SecurityForm, error: string, status = 400) {
  return data({ form, error }, { status });
}

function changeRefused(reason: ChangeRefusal) {
  if (reason === "throttled") return tooManyWrongCodes({ form: "change" as const });
  return refused("change", REFUSALS[reason]);
}

/** The security page's forms, one schema: which button, and the codes typed. */
export const securityFormSchema = z.object({
  intent: z.enum(["begin", "cancel", "confirm", "disable", "require"]),
  currentCode: z.string().default(""),
  code: z.string().default(""),
  required: z.string().optional(),
});

/** The security page's forms: set up, replace or turn off a second factor; require it for all. */
export async function changeSecuritySettings(admin: SessionUser, form: FormData) {
  const db = getRuntime().database.db;
  const parsed = securityFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: "Unknown action" }, { status: 400 });
  const { intent, currentCode, code } = parsed.data;
  if (intent === "begin") {
    const begun = await beginEnrolment(db, admin.id, currentCode);
    if (!begun.ok) return changeRefused(begun.reason);
    return { ok: true };
  }
  if (intent === "cancel") {
    await cancelEnrolment(db, admin.id);
    return { ok: true };
  }
  if (intent === "confirm") {
    const codes = await confirmEnrolment(db, admin.id, code);
    if (!codes) {
      return refused(
        "enrol",
        "That code is not right. Check the time on your phone and try the current code.",
      );
    }
    return { recoveryCodes: codes };
  }
  if (intent === "disable") {
    const turnedOff = await turnOffSecondFactor(db, admin.id, currentCode);
    if (!turnedOff.ok) return changeRefused(turnedOff.reason);
    return { ok: true };
  }
  const on = parsed.data.required === "true";
  if (on && !admin.secondFactor) {
    return refused("require", "Set up your own authenticator before requiring it for everyone.");
  }
  await setTotpRequired(db, on);
  return { ok: true };
}
