import { anyId } from "promptparse/generate";
import { PROMPTPAY_ID_PATTERN } from "../../domain/promptpay.ts";

/**
 * PromptPay for invoices: the EMVCo "Thai QR" payload a banking app reads to pay an exact
 * amount to the company's PromptPay id. The payload is built by `promptparse` (a maintained,
 * dependency-free library); this module only decides which kind of id the setting holds.
 */

export type PromptPayTarget = { type: "MSISDN" | "NATID"; target: string };

/** The kind of PromptPay id a setting holds, or null when it is neither a phone nor a tax id. */
export function promptPayTarget(id: string): PromptPayTarget | null {
  if (!PROMPTPAY_ID_PATTERN.test(id)) return null;
  return { type: id.length === 10 ? "MSISDN" : "NATID", target: id };
}

/** The largest amount an invoice asks for through PromptPay (the payload holds 13 characters). */
export const MAX_PROMPTPAY_BAHT = 999_999_999;

/**
 * The payload for paying `amount` whole baht to `id`: a dynamic QR (point of initiation 12) with
 * the amount, currency 764 (baht), country TH and its CRC16-CCITT.
 */
export function promptPayPayload(id: string, amount: number): string {
  const target = promptPayTarget(id);
  if (!target) throw new Error("The PromptPay id must be a 10-digit phone number or a 13-digit id");
  if (!Number.isInteger(amount) || amount <= 0 || amount > MAX_PROMPTPAY_BAHT)
    throw new Error("A PromptPay amount is a whole number of baht above zero");
  return anyId({ ...target, amount });
}

/** The amount a payload asks for, as written in it (tag 54), e.g. "35000.00"; null when none. */
export function payloadAmount(payload: string): string | null {
  // Walk the top-level tag-length-value fields: two digits of tag, two of length, the value.
  let at = 0;
  while (at + 4 <= payload.length) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!Number.isInteger(length)) return null;
    const value = payload.slice(at + 4, at + 4 + length);
    if (tag === "54") return value;
    at += 4 + length;
  }
  return null;
}

/** A PromptPay id as an invoice shows it, most digits hidden: "xxx-xxx-5678". */
export function maskPromptPayId(id: string): string {
  return `${"x".repeat(Math.max(0, id.length - 4))}${id.slice(-4)}`;
}
