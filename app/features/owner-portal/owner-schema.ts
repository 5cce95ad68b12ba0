import { z } from "zod";
import { isIsoDay } from "../../domain/date-time.ts";
import {
  FULL_SHARE_PERCENT,
  OWNER_ALERT_CHANNELS,
  OWNER_LANGUAGES,
  OWNER_PROGRAM_KINDS,
} from "../../domain/owners.ts";
import { isEmailAddress, MAX_EMAIL_LENGTH } from "../../lib/email-address.ts";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const wholeNumber = (v: unknown) =>
  typeof v === "string" && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : blank(v);

export const OWNER_FIELD_LIMITS = { name: 120, phone: 40, residency: 80, chatId: 64 } as const;

/** The admin's owner form (create and edit). */
export const ownerFormSchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(OWNER_FIELD_LIMITS.name),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, "Enter an e-mail address like name@example.com")
      .max(MAX_EMAIL_LENGTH)
      .refine(isEmailAddress, "Enter an e-mail address like name@example.com"),
    phone: z.string().trim().max(OWNER_FIELD_LIMITS.phone).default(""),
    language: z.enum(OWNER_LANGUAGES, { error: "Choose English or Russian" }),
    alertChannels: z.array(z.enum(OWNER_ALERT_CHANNELS)).max(OWNER_ALERT_CHANNELS.length),
    telegramChatId: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .max(OWNER_FIELD_LIMITS.chatId)
        .regex(/^-?\d{1,20}$/, "A Telegram chat id is a number")
        .optional(),
    ),
    lineUserId: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .max(OWNER_FIELD_LIMITS.chatId)
        .regex(/^U[0-9a-f]{32}$/, "A LINE user id is U followed by 32 hex digits")
        .optional(),
    ),
    residency: z.string().trim().max(OWNER_FIELD_LIMITS.residency).default(""),
    approvalThresholdBaht: z.preprocess(
      wholeNumber,
      z
        .number({ error: "The approval threshold is a whole number of baht" })
        .int()
        .min(0)
        .max(100_000_000),
    ),
  })
  .superRefine((v, ctx) => {
    // A channel chosen without its address would drop the owner's alerts without a word.
    if (v.alertChannels.includes("telegram") && !v.telegramChatId)
      ctx.addIssue({
        code: "custom",
        path: ["telegramChatId"],
        message: "Telegram alerts need the owner's Telegram chat id",
      });
    if (v.alertChannels.includes("line") && !v.lineUserId)
      ctx.addIssue({
        code: "custom",
        path: ["lineUserId"],
        message: "LINE alerts need the owner's LINE user id",
      });
  });
export type OwnerInput = z.infer<typeof ownerFormSchema>;

/** Co-owners one unit form takes. */
export const MAX_CO_OWNERS = 4;

/** The admin's form for one unit: its owners with their shares, and its program. */
export const unitOwnershipSchema = z
  .object({
    propertyId: z.number().int().positive(),
    owners: z
      .array(
        z.object({
          ownerId: z.number().int().positive(),
          sharePercent: z
            .number({ error: "A share is a whole percent" })
            .int("A share is a whole percent")
            .min(1, "A share is 1 to 100 percent")
            .max(100, "A share is 1 to 100 percent"),
        }),
      )
      .max(MAX_CO_OWNERS),
    program: z.enum(OWNER_PROGRAM_KINDS, { error: "Choose a program" }),
    propertyValueBaht: z.preprocess(
      wholeNumber,
      z.number().int().positive("The property value must be above zero").max(1e11).optional(),
    ),
    startDate: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .refine((v) => v.length === 10 && isIsoDay(v), "Start must be a date like 2026-12-01")
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    const ids = v.owners.map((o) => o.ownerId);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: "custom", path: ["owners"], message: "An owner is listed twice" });
    const total = v.owners.reduce((sum, o) => sum + o.sharePercent, 0);
    if (v.owners.length > 0 && total !== FULL_SHARE_PERCENT)
      ctx.addIssue({
        code: "custom",
        path: ["owners"],
        message: `The shares add up to ${total}%; they must add up to ${FULL_SHARE_PERCENT}%`,
      });
    if (v.program === "guaranteed" && (!v.propertyValueBaht || !v.startDate))
      ctx.addIssue({
        code: "custom",
        path: ["propertyValueBaht"],
        message: "A guaranteed-return unit needs its property value and start date",
      });
  });
export type UnitOwnershipInput = z.infer<typeof unitOwnershipSchema>;

/** The unit form's fields as posted: owner_1/share_1 … owner_4/share_4. */
export function readUnitOwnershipForm(form: FormData) {
  const owners: { ownerId: number; sharePercent: number }[] = [];
  for (let i = 1; i <= MAX_CO_OWNERS; i++) {
    const owner = String(form.get(`owner_${i}`) ?? "").trim();
    const share = String(form.get(`share_${i}`) ?? "").trim();
    if (owner === "" && share === "") continue;
    owners.push({
      ownerId: /^\d{1,10}$/.test(owner) ? Number(owner) : Number.NaN,
      sharePercent: /^\d{1,3}$/.test(share) ? Number(share) : Number.NaN,
    });
  }
  return unitOwnershipSchema.safeParse({
    propertyId: /^\d{1,10}$/.test(String(form.get("propertyId") ?? ""))
      ? Number(form.get("propertyId"))
      : Number.NaN,
    owners,
    program: form.get("program"),
    propertyValueBaht: form.get("propertyValueBaht") ?? undefined,
    startDate: form.get("startDate") ?? undefined,
  });
}
