/**
 * The public forms' schemas, one per form, used by the browser (instant feedback) and by the
 * route actions (the real check). zod/mini keeps the browser's share small. Error messages are
 * translation keys under `forms.errors`, so one schema serves both languages.
 */
import * as z from "zod/mini";
import { businessToday, dayCount, isIsoDay } from "../../domain/date-time.ts";
import { isEmailAddress } from "../../lib/email-address.ts";
import { fieldErrorsOf } from "../../lib/form-schema.ts";
import {
  type FormErrorKey,
  LEASE_LENGTHS,
  LIMITS,
  type ParseResult,
  VIEWING_MAX_DAYS_AHEAD,
  VIEWING_TIMES,
} from "./lead-fields.ts";

const err = (key: FormErrorKey) => ({ error: key });
/** A length check that stops the field's other checks: nothing runs on an overlong value. */
const maxLength = (max: number) =>
  z.maxLength(max, { error: "forms.errors.tooLong" satisfies FormErrorKey, abort: true });

/**
 * Line breaks and other control characters (C0, DEL, C1, the Unicode line and paragraph
 * separators): a one-line field that holds them could add lines of its own to a mail or a log.
 */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
export const isSingleLine = (v: string) => !CONTROL.test(v);
const singleLine = () => z.refine<string>(isSingleLine, err("forms.errors.singleLine"));

/** A one-line text: required, bounded, no control characters. */
const requiredLine = (max: number) =>
  z.string().check(maxLength(max), z.minLength(1, err("forms.errors.required")), singleLine());

const optionalText = (max: number) => z.string().check(maxLength(max));

const PHONE = /^\+?[0-9 ()-]{6,}$/;

const emailField = () =>
  z
    .string()
    .check(
      maxLength(LIMITS.email),
      z.minLength(1, { ...err("forms.errors.required"), abort: true }),
      z.refine(isEmailAddress, err("forms.errors.email")),
    );

const optionalEmail = () =>
  z.string().check(
    maxLength(LIMITS.email),
    z.refine((v) => v === "" || isEmailAddress(v), err("forms.errors.email")),
  );

const optionalPhone = () =>
  z.string().check(
    maxLength(LIMITS.phone),
    z.refine((v) => v === "" || PHONE.test(v), err("forms.errors.phone")),
  );

/** ROI get-started form: name and e-mail required, phone optional. */
export const roiLeadSchema = z.object({
  name: requiredLine(LIMITS.name),
  email: emailField(),
  phone: optionalPhone(),
});

/** The revenue-share "interested" form. */
export const revenueShareLeadSchema = z.object({
  name: requiredLine(LIMITS.name),
  email: emailField(),
  phone: optionalPhone(),
  message: optionalText(LIMITS.message),
});

/** A report of an accessibility problem: an e-mail to answer, and what went wrong (required). */
export const accessibilityReportSchema = z.object({
  name: optionalText(LIMITS.name).check(singleLine()),
  email: emailField(),
  problemPage: optionalText(LIMITS.problemPage).check(singleLine()),
  message: z
    .string()
    .check(maxLength(LIMITS.message), z.minLength(1, err("forms.errors.required"))),
});

export const newsletterSchema = z.object({
  email: emailField(),
  consent: z.string().check(z.refine((v) => v === "yes", err("forms.errors.consent"))),
});

/** The unit page's enquiry: a name, and an e-mail or a phone (one of them at least). */
export const unitEnquirySchema = z
  .object({
    name: requiredLine(LIMITS.name),
    email: optionalEmail(),
    phone: optionalPhone(),
    lease: z
      .string()
      .check(
        z.refine(
          (v) => (LEASE_LENGTHS as readonly string[]).includes(v),
          err("forms.errors.lease"),
        ),
      ),
    moveIn: z.string().check(z.refine((v) => v === "" || isIsoDay(v), err("forms.errors.date"))),
    message: optionalText(LIMITS.message),
  })
  .check(
    z.refine((v) => v.email !== "" || v.phone !== "", {
      ...err("forms.errors.contactRequired"),
      path: ["email"],
    }),
  );

/** "Notify me when it is free": an e-mail, and from when the visitor wants the unit. */
export const availabilityAlertSchema = z.object({
  email: emailField(),
  wantedFrom: z.string().check(z.refine((v) => v === "" || isIsoDay(v), err("forms.errors.date"))),
});

/**
 * A viewing day: a real date from today (in Phuket, UTC+7; a day of slack for the visitor's own
 * time zone) to a year ahead.
 */
export function isViewingDate(v: string, now = new Date()): boolean {
  if (!isIsoDay(v)) return false;
  const ahead = dayCount(businessToday(now), v);
  return ahead >= -1 && ahead <= VIEWING_MAX_DAYS_AHEAD;
}

/** The unit page's viewing request: a name, an e-mail or a phone, a day (and another one). */
export const viewingSchema = z
  .object({
    name: requiredLine(LIMITS.name),
    email: optionalEmail(),
    phone: optionalPhone(),
    date: z.string().check(
      z.minLength(1, { ...err("forms.errors.required"), abort: true }),
      z.refine((v) => isViewingDate(v), err("forms.errors.viewingDate")),
    ),
    altDate: z
      .string()
      .check(z.refine((v) => v === "" || isViewingDate(v), err("forms.errors.viewingDate"))),
    time: z
      .string()
      .check(
        z.refine(
          (v) => (VIEWING_TIMES as readonly string[]).includes(v),
          err("forms.errors.required"),
        ),
      ),
    message: optionalText(LIMITS.message),
  })
  .check(
    z.refine((v) => v.email !== "" || v.phone !== "", {
      ...err("forms.errors.contactRequired"),
      path: ["email"],
    }),
  );

/** Checks a form's fields against its schema: the data, or the first error of each field. */
export function parseForm<T>(
  schema: z.ZodMiniType<T>,
  fields: Record<string, string>,
): ParseResult<T> {
  const result = schema.safeParse(fields);
  if (result.success) return { success: true, data: result.data };
  return { success: false, fieldErrors: fieldErrorsOf<FormErrorKey>(result.error) };
}
