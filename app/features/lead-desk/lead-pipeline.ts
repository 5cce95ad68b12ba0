/**
 * The leads pipeline as the admin reads it: stage names, the pipeline form's schema, and how a
 * lead's alerts and reply are shown.
 */
import { z } from "zod";
import type { OUTBOX_CHANNELS, OUTBOX_PURPOSES } from "../../db/schema.ts";
import { BUSINESS_TIME_ZONE, isIsoDay } from "../../domain/date-time.ts";
import { LEAD_STAGES } from "../../domain/leads.ts";
import { labelOf } from "../../i18n/admin-labels.ts";

export const STAGE_LABELS: Record<(typeof LEAD_STAGES)[number], string> = {
  new: "New",
  contacted: "Contacted",
  "viewing-booked": "Viewing booked",
  offer: "Offer",
  won: "Won",
  lost: "Lost",
};

export const LOST_REASON_MAX = 300;
/** The longest search the leads view takes; anything longer is cut. */
export const SEARCH_MAX = 100;
export const NOTE_MAX = 4000;

/** The pipeline form of a lead's page: stage (a lost lead needs its reason), owner, follow-up. */
export const pipelineSchema = z
  .object({
    stage: z.enum(LEAD_STAGES, { error: "Choose a stage." }),
    lostReason: z
      .string()
      .max(LOST_REASON_MAX, `At most ${LOST_REASON_MAX} characters.`)
      .transform((v) => v.trim()),
    ownerId: z
      .string()
      .regex(/^(|[1-9][0-9]{0,9})$/, "Choose an owner.")
      .transform((v) => (v === "" ? null : Number(v))),
    followUpOn: z
      .string()
      .refine((v) => v === "" || isIsoDay(v), "Enter a date.")
      .transform((v) => (v === "" ? null : v)),
  })
  .superRefine((v, ctx) => {
    if (v.stage === "lost" && v.lostReason === "")
      ctx.addIssue({ code: "custom", path: ["lostReason"], message: "Say why it was lost." });
  })
  .transform((v) => ({ ...v, lostReason: v.lostReason === "" ? null : v.lostReason }));

export const noteSchema = z.object({
  body: z
    .string()
    .transform((v) => v.trim())
    .pipe(
      z.string().min(1, "Write the note first.").max(NOTE_MAX, `At most ${NOTE_MAX} characters.`),
    ),
});

export interface MessageState {
  channel: string;
  purpose: string;
  status: string;
  attempts: number;
  nextAttemptAt: string;
  sentAt: string | null;
  lastError: string | null;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: "short",
    timeStyle: "short",
  });

export interface AddressSuppression {
  scope: string;
  reason: string;
  detail: string | null;
  createdAt: string;
}

/**
 * An address's mail state per kind, for the desk: "Marketing: left the newsletter 23/11/2026,
 * 10:02; other marketing goes", "Replies: bounced … (550 …); withheld until confirmed again".
 */
export function describeMailConsent(rows: AddressSuppression[]): {
  marketing: string;
  transactional: string;
} {
  const of = (scope: string) => rows.find((r) => r.scope === scope);
  const bounce = (r: AddressSuppression) =>
    `bounced ${when(r.createdAt)}${r.detail ? ` (${r.detail})` : ""}; not sent until the address is confirmed again`;
  const all = of("marketing");
  const newsletter = of("newsletter");
  const marketing = all
    ? all.reason === "bounced"
      ? bounce(all)
      : `stopped all marketing ${when(all.createdAt)}`
    : newsletter
      ? `left the newsletter ${when(newsletter.createdAt)}; saved-search alerts and availability notices still go`
      : "allowed (newsletter, saved-search alerts, availability notices)";
  const t = of("transactional");
  return {
    marketing,
    transactional: t ? bounce(t) : "replies, confirmations and reminders go",
  };
}

const PURPOSE_NAMES: Record<(typeof OUTBOX_PURPOSES)[number], string> = {
  alert: "Alert",
  reply: "Reply",
  "availability-notice": "Availability notice",
  "search-confirm": "Saved-search confirmation",
  "search-alert": "Saved-search alert",
  "lease-reminder": "Rent reminder",
  "owner-access": "Owner portal link",
  "owner-alert": "Owner alert",
};
const CHANNEL_NAMES: Record<(typeof OUTBOX_CHANNELS)[number], string> = {
  email: "e-mail",
  telegram: "Telegram",
  line: "LINE",
};

/**
 * "Alert by e-mail: sent 23/11/2026, 10:02", "… pending, next try …", "… failed: error", "Reply
 * by e-mail: bounced (550 …): call instead", "… not sent: the address bounced on …".
 */
export function describeMessage(m: MessageState): string {
  const purpose = Object.hasOwn(PURPOSE_NAMES, m.purpose)
    ? labelOf(PURPOSE_NAMES, m.purpose)
    : "Message";
  const what = `${purpose} by ${labelOf(CHANNEL_NAMES, m.channel)}`;
  if (m.status === "sent") return `${what}: sent${m.sentAt ? ` ${when(m.sentAt)}` : ""}`;
  if (m.status === "bounced")
    return `${what}: bounced, the address refused it (${m.lastError ?? "no answer kept"}); call instead`;
  if (m.status === "withheld") return `${what}: ${m.lastError ?? "not sent"}`;
  if (m.status === "failed")
    return `${what}: failed after ${m.attempts} tries: ${m.lastError ?? ""}`;
  return `${what}: pending, next try ${when(m.nextAttemptAt)}${m.lastError ? ` (last error: ${m.lastError})` : ""}`;
}
