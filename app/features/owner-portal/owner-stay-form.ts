import { z } from "zod";
import { isIsoDay, plusDays } from "../../domain/date-time.ts";
import type { Language } from "../../i18n/languages.ts";
import type { TranslateFunction } from "../../i18n/translate.ts";
import { formatDate } from "../../lib/format.ts";
import type { OwnerStayAnswer } from "./owner-stay-rules.ts";

const isoDate = z
  .string()
  .trim()
  .refine((v) => v.length === 10 && isIsoDay(v));

/** The owner's "block these dates" form: the first night and the check-out day. */
export const ownerStayFormSchema = z
  .object({ startDate: isoDate, endDate: isoDate })
  .refine((v) => v.endDate > v.startDate);

/** A refused request as the sentence the owner reads, in their language. */
export function stayRefusal(
  answer: Exclude<OwnerStayAnswer, { ok: true }>,
  t: TranslateFunction,
  lang: Language,
): string {
  switch (answer.reason) {
    case "dates":
      return t("ownerPortal.errorDates");
    case "past":
      return t("ownerPortal.errorPast");
    case "too-long":
      return t("ownerPortal.errorTooLong");
    case "season":
      return t("ownerPortal.errorSeason", { count: answer.nightsLeft, year: answer.year });
    case "allowance":
      return t("ownerPortal.errorAllowance", {
        count: answer.nightsLeft,
        year: answer.year,
        nights: answer.nights,
      });
    case "clash":
      return t("ownerPortal.errorClash", {
        kind: t(`ownerPortal.stayKinds.${answer.clash.kind}`),
        from: formatDate(answer.clash.startDate, lang),
        to: formatDate(plusDays(answer.clash.endDate, -1), lang),
      });
  }
}
