/** How an owner's statement names its lines and periods, in the owner's language. */

import { plusDays } from "../../domain/date-time.ts";
import {
  EXPENSE_CATEGORIES,
  type ExpenseCategory,
  STAY_CHANNELS,
  type StatementLineKind,
  type StayChannel,
} from "../../domain/owner-money.ts";
import type { Language } from "../../i18n/languages.ts";
import type { TranslateFunction } from "../../i18n/translate.ts";
import { formatBaht, formatDate } from "../../lib/format.ts";

export interface LabelledLine {
  kind: StatementLineKind;
  on: string;
  amount: number;
  sourceKind: string | null;
  sourceId: number | null;
  details: unknown;
}

/** "1 Oct 2026 – 31 Oct 2026": the period with its last day, as people read it. */
export function periodText(start: string, end: string, lang: Language): string {
  return `${formatDate(start, lang)} – ${formatDate(plusDays(end, -1), lang)}`;
}

const text = (v: unknown) => (typeof v === "string" ? v : "");
const num = (v: unknown) => (typeof v === "number" ? v : 0);
const isChannel = (v: unknown): v is StayChannel => STAY_CHANNELS.includes(v as StayChannel);
const isCategory = (v: unknown): v is ExpenseCategory =>
  EXPENSE_CATEGORIES.includes(v as ExpenseCategory);

/**
 * The line's kind and what it is, in the owner's language, e.g. "Stay — 12 Oct – 20 Oct,
 * 8 nights, Airbnb" or "Expense — Cleaning: Kamala Clean Co." (the vendor as entered).
 */
export function lineText(t: TranslateFunction, lang: Language, line: LabelledLine): string {
  const d = (line.details ?? {}) as Record<string, unknown>;
  const kind = t(`ownerStatements.kinds.${line.kind}`);
  switch (line.kind) {
    case "stay":
    case "commission":
      return `${kind} — ${t("ownerStatements.stayLine", {
        from: formatDate(text(d.checkIn), lang),
        to: formatDate(text(d.checkOut), lang),
        nights: num(d.nights),
        channel: isChannel(d.channel)
          ? t(`ownerStatements.channels.${d.channel}`)
          : text(d.channel),
      })}`;
    case "expense":
      return `${kind} — ${
        isCategory(d.category) ? t(`ownerStatements.categories.${d.category}`) : text(d.category)
      }: ${text(d.vendor)}`;
    case "repair":
      return `${kind} — ${t("ownerStatements.repairLine", { id: line.sourceId ?? "" })}`;
    case "rent":
      return `${kind} — ${t("ownerStatements.rentLine")}`;
    case "guaranteed-return":
      return `${kind} — ${
        num(d.days) === num(d.quarterDays)
          ? t("ownerStatements.guaranteedFull", { value: formatBaht(num(d.propertyValue), lang) })
          : t("ownerStatements.guaranteedLine", {
              value: formatBaht(num(d.propertyValue), lang),
              days: num(d.days),
              quarterDays: num(d.quarterDays),
            })
      }`;
    default:
      return kind;
  }
}

/** Whether the line takes money away from the owners' figures (shown with a minus). */
export function isDeduction(kind: StatementLineKind): boolean {
  return (
    kind === "commission" || kind === "expense" || kind === "repair" || kind === "management-fee"
  );
}

/** A signed amount in baht: "−฿3,000" for a deduction. */
export function signedBaht(amount: number, lang: Language, deduction = amount < 0): string {
  const text = formatBaht(Math.abs(amount), lang);
  return deduction && amount !== 0 ? `−${text}` : text;
}
