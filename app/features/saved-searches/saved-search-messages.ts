/**
 * The mail of a saved search, in the visitor's language: the confirmation (double opt-in) and
 * the alert listing new units. Pure functions; the outbox stores what they return.
 */
import { type Language, localizePath } from "../../i18n/languages.ts";
import { createI18n } from "../../i18n/messages.server.ts";
import type { Contacts } from "../../lib/contacts.ts";
import { formatBaht } from "../../lib/format.ts";
import type { EmailMessage } from "../leads/lead-messages.ts";
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

const TEXT = {
  en: {
    hello: "Hello,",
    confirmSubject: (brand: string) => `Confirm your saved search — ${brand}`,
    confirmAsked: "You asked us to e-mail you new units like these:",
    confirmHow: (days: number) =>
      `To confirm, open this link and press Confirm (it works for ${days} days):`,
    confirmIgnore: "If it was not you, ignore this e-mail: nothing more will be sent.",
    alertSubject: (count: number, brand: string) =>
      `${count === 1 ? "A new unit matches" : `${count} new units match`} your search — ${brand}`,
    alertIntro: "New units match your saved search:",
    bedrooms: (n: number) => `${n} ${n === 1 ? "bedroom" : "bedrooms"}`,
    perMonth: "a month on a 1-year lease",
    more: (n: number) => `… and ${n} more.`,
    list: "Every unit of this search:",
    why: "You receive this because you saved this search on our site and confirmed it.",
    stop: "Stop these e-mails:",
    signature: (brand: string) => `Kind regards,\n${brand}`,
  },
  ru: {
    hello: "Здравствуйте!",
    confirmSubject: (brand: string) => `Подтвердите сохранённый поиск — ${brand}`,
    confirmAsked: "Вы попросили присылать новые объекты по этому поиску:",
    confirmHow: (days: number) =>
      `Чтобы подтвердить, откройте ссылку и нажмите «Подтвердить» (ссылка действует ${days} дней):`,
    confirmIgnore: "Если это были не вы, просто не отвечайте: больше писем не будет.",
    alertSubject: (count: number, brand: string) =>
      `${count === 1 ? "Новый объект" : `${count} ${ruWord(count, "новый объект", "новых объекта", "новых объектов")}`} по вашему поиску — ${brand}`,
    alertIntro: "По вашему сохранённому поиску появились новые объекты:",
    bedrooms: (n: number) => `${n} ${ruWord(n, "спальня", "спальни", "спален")}`,
    perMonth: "в месяц при аренде на год",
    more: (n: number) => `… и ещё ${n}.`,
    list: "Все объекты этого поиска:",
    why: "Вы получили это письмо, потому что сохранили и подтвердили этот поиск на нашем сайте.",
    stop: "Больше не присылать эти письма:",
    signature: (brand: string) => `С уважением,\n${brand}`,
  },
} as const;

const RU_PLURALS = new Intl.PluralRules("ru");

/** The Russian word for a number: 1 and 21 спальня, 2 спальни, 5 спален. */
function ruWord(n: number, one: string, few: string, many: string): string {
  const form = RU_PLURALS.select(n);
  return form === "one" ? one : form === "few" ? few : many;
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
  const x = TEXT[lang];
  const { t } = createI18n(lang);
  const lines = [
    x.hello,
    "",
    x.confirmAsked,
    describeFilters(input.filters, t, lang),
    "",
    x.confirmHow(input.expiresInDays),
    input.links.confirm,
    "",
    x.confirmIgnore,
    "",
    x.signature(input.contacts.brandName),
  ];
  return {
    to: [input.email],
    subject: x.confirmSubject(input.contacts.brandName),
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
  const x = TEXT[lang];
  const { t } = createI18n(lang);
  const shown = input.units.slice(0, MAX_UNITS_IN_ALERT);
  const lines: string[] = [x.hello, "", x.alertIntro, describeFilters(input.filters, t, lang), ""];
  for (const unit of shown) {
    const url = `${input.publicUrl}${localizePath(`/units/${encodeURIComponent(unit.slug)}`, lang)}`;
    lines.push(
      `- ${unit.name} (${unit.building} · ${unit.unitCode}), ${x.bedrooms(unit.bedrooms)}, ${formatBaht(unit.pricingYearly, lang)} ${x.perMonth}`,
      `  ${url}`,
    );
  }
  if (input.units.length > shown.length) lines.push(x.more(input.units.length - shown.length));
  lines.push(
    "",
    x.list,
    input.links.list,
    "",
    x.signature(input.contacts.brandName),
    "",
    x.why,
    x.stop,
    input.links.unsubscribe,
  );
  return {
    to: [input.email],
    subject: x.alertSubject(input.units.length, input.contacts.brandName),
    text: lines.join("\n"),
    replyTo: input.contacts.email,
    unsubscribeUrl: input.links.unsubscribe,
    oneClickUnsubscribe: true,
  };
}
