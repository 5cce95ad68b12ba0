/**
 * The mail of a saved search, in the visitor's language: the confirmation (double opt-in) and
 * the alert listing new units. Pure functions; the outbox stores what they return.
 */
import { type Language, localizePath } from "../../i18n/languages.ts";
import { createMailI18n } from "../../i18n/messages.server.ts";
import type { Contacts } from "../../lib/contacts.ts";
import { formatBaht } from "../../lib/format.ts";
import { type EmailMessage, unitUrl } from "../leads/lead-messages.ts";
import { describeFilters, type SearchFilters } from "./filter-summary.ts";

/** An alert lists this many units; the rest are on the page its link opens. */
export const MAX_UNITS_IN_ALERT = 20;

export interface SearchLinks {
  confirm: string;
  unsubscribe: string;
  /** The home page's list with the search's filters. */
  list: string;
}

/** The absolute links of a search: its pages take the token, the list takes the filters. */
export function searchLinks(
  publicUrl: string,
  token: string,
  filters: string,
  lang: Language,
): SearchLinks {
  const page = (path: string) => `${publicUrl}${localizePath(path, lang)}?token=${token}`;
  return {
    confirm: page("/saved-searches/confirm"),
    unsubscribe: page("/saved-searches/unsubscribe"),
    list: `${publicUrl}${localizePath("/", lang)}${filters ? `?${filters}` : ""}#units`,
  };
}

export interface AlertUnit {
  slug: string;
  name: string;
  building: string;
  unitCode: string;
  bedrooms: number;
  /** Baht a month on a one-year lease. */
  pricingYearly: number;
}

export function confirmationEmail(input: {
  email: string;
  language: Language;
  filters: SearchFilters;
  links: SearchLinks;
  contacts: Contacts;
  expiresInDays: number;
}): EmailMessage {
  const lang = input.language;
  const { t } = createMailI18n(lang);
  const brand = input.contacts.brandName;
  const lines = [
    t("mail.common.hello"),
    "",
    t("mail.savedSearch.confirmAsked"),
    describeFilters(input.filters, t, lang),
    "",
    t("mail.savedSearch.confirmHow", { days: input.expiresInDays }),
    input.links.confirm,
    "",
    t("mail.savedSearch.confirmIgnore"),
    "",
    t("mail.common.signature", { brand }),
  ];
  return {
    to: [input.email],
    subject: t("mail.savedSearch.confirmSubject", { brand }),
    text: lines.join("\n"),
    replyTo: input.contacts.email,
  };
}

export function alertEmail(input: {
  email: string;
  language: Language;
  filters: SearchFilters;
  units: AlertUnit[];
  links: SearchLinks;
  publicUrl: string;
  contacts: Contacts;
}): EmailMessage {
  const lang = input.language;
  const { t } = createMailI18n(lang);
  const brand = input.contacts.brandName;
  const shown = input.units.slice(0, MAX_UNITS_IN_ALERT);
  const lines: string[] = [
    t("mail.common.hello"),
    "",
    t("mail.savedSearch.alertIntro"),
    describeFilters(input.filters, t, lang),
    "",
  ];
  for (const unit of shown) {
    const bedrooms = t("property.bedrooms", { count: unit.bedrooms });
    const price = `${formatBaht(unit.pricingYearly, lang)} ${t("mail.savedSearch.perMonth")}`;
    lines.push(
      `- ${unit.name} (${unit.building} · ${unit.unitCode}), ${bedrooms}, ${price}`,
      `  ${unitUrl(input.publicUrl, unit.slug, lang)}`,
    );
  }
  const more = input.units.length - shown.length;
  if (more > 0) lines.push(t("mail.savedSearch.more", { count: more }));
  lines.push(
    "",
    t("mail.savedSearch.list"),
    input.links.list,
    "",
    t("mail.common.signature", { brand }),
    "",
    t("mail.savedSearch.why"),
    t("mail.savedSearch.stop"),
    input.links.unsubscribe,
  );
  const count = input.units.length;
  return {
    to: [input.email],
    subject:
      count === 1
        ? t("mail.savedSearch.alertSubjectSingle", { brand })
        : t("mail.savedSearch.alertSubject", { count, brand }),
    text: lines.join("\n"),
    replyTo: input.contacts.email,
    unsubscribeUrl: input.links.unsubscribe,
    oneClickUnsubscribe: true,
  };
}
