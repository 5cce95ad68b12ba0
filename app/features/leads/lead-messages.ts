/**
 * What a new lead sends: the alert to the desk (e-mail and Telegram, in English) and the reply
 * to the visitor (e-mail, in the visitor's language). Pure functions of the lead; the outbox
 * stores what they return.
 */

import { href } from "react-router";
import type { LeadKind } from "../../domain/leads.ts";
import type { MailKind } from "../../domain/mail.ts";
import { ROI_PROPERTY_TYPES } from "../../domain/owner-programs.ts";
import { isOneOf } from "../../domain/values.ts";
import { LEAD_KIND_LABELS } from "../../i18n/admin-labels.ts";
import { type Language, localizePath } from "../../i18n/languages.ts";
import { createMailI18n, type MailTranslationKey } from "../../i18n/messages.server.ts";
import { placeName } from "../../i18n/place-names.ts";
import { type Contacts, telegramLink } from "../../lib/contacts.ts";
import { formatBaht, formatDate } from "../../lib/format.ts";
import { unitPath } from "../../lib/site-paths.ts";
import { LEASE_LENGTHS, VIEWING_TIMES } from "./lead-fields.ts";

export interface LeadForMessages {
  id: number;
  kind: LeadKind;
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string | null;
  language: Language;
  sourcePage: string | null;
  inputs: Record<string, unknown>;
  unit: { name: string; slug: string; building: string; unitCode: string } | null;
  utm: { source: string | null; medium: string | null; campaign: string | null };
  referrer: string | null;
}

export interface EmailMessage {
  to: string[];
  subject: string;
  text: string;
  replyTo?: string;
  /**
   * Added when sending: the ROI brochure in this language. No message is written with it any
   * more (the reply links to the brochure); kept for messages written before.
   */
  attachBrochure?: Language;
  /** The address that unsubscribes this recipient (List-Unsubscribe). */
  unsubscribeUrl?: string;
  /** `unsubscribeUrl` takes a POST that unsubscribes at once (RFC 8058 one-click). */
  oneClickUnsubscribe?: boolean;
  /** Marketing, transactional or a desk alert; unset in messages written before (by purpose). */
  kind?: MailKind;
  /** A desk alert's display name: the visitor's, before the company's alert address. */
  fromName?: string;
}

export interface TelegramMessage {
  text: string;
}

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

const kindName = (kind: LeadKind) => LEAD_KIND_LABELS[kind];

export function unitUrl(publicUrl: string, slug: string, lang: Language): string {
  return `${publicUrl}${unitPath(slug, lang)}`;
}

/** The ROI brochure in `lang`, from the site's own route. */
export function brochureUrl(publicUrl: string, lang: Language): string {
  return `${publicUrl}${localizePath("/owners/roi/brochure.pdf", lang)}`;
}

export function adminLeadUrl(publicUrl: string, id: number): string {
  return `${publicUrl}${href("/admin/leads/:id", { id: String(id) })}`;
}

/** The lead's figures as lines: ROI inputs and projection, lease and move-in, viewing dates. */
function figureLines(lead: LeadForMessages, lang: Language): string[] {
  const { t } = createMailI18n(lang);
  const i = lead.inputs;
  const lines: string[] = [];
  if (lead.kind === "roi") {
    const value = num(i.propertyValue);
    if (value !== null) {
      const location = str(i.location);
      const type = str(i.type);
      const bedrooms = str(i.bedrooms);
      const details = [
        location && placeName(location, lang),
        type && (isOneOf(ROI_PROPERTY_TYPES, type) ? t(`roi.types.${type}`) : type),
        bedrooms && t("mail.figures.bedrooms", { bedrooms }),
      ].filter(Boolean);
      const money = formatBaht(value, lang);
      lines.push(
        details.length > 0
          ? t("mail.figures.propertyValueDetails", { value: money, details: details.join(", ") })
          : t("mail.figures.propertyValue", { value: money }),
      );
    }
    const annual = num(i.annual);
    if (annual !== null) {
      const baht = (v: unknown) => formatBaht(num(v) ?? 0, lang);
      lines.push(
        t("mail.figures.projection", {
          annual: formatBaht(annual, lang),
          quarterly: baht(i.quarterly),
          monthly: baht(i.monthly),
          fiveYear: baht(i.fiveYearTotal),
          nights: num(i.freeNights) ?? 0,
        }),
      );
    }
  }
  const lease = str(i.lease);
  if (lease) {
    const name = isOneOf(LEASE_LENGTHS, lease) ? t(`enquiry.leases.${lease}`) : lease;
    lines.push(t("mail.figures.lease", { lease: name }));
  }
  const moveIn = str(i.moveIn);
  if (moveIn) lines.push(t("mail.figures.moveIn", { date: formatDate(moveIn, lang) }));
  const wantedFrom = str(i.wantedFrom);
  if (wantedFrom) lines.push(t("mail.figures.wantedFrom", { date: formatDate(wantedFrom, lang) }));
  const dates = Array.isArray(i.dates)
    ? i.dates.filter((d): d is string => typeof d === "string")
    : [];
  if (dates.length > 0) {
    const time = str(i.time);
    const shown = dates.map((d) => formatDate(d, lang)).join(", ");
    lines.push(
      time
        ? t("mail.figures.viewingDatesTime", {
            dates: shown,
            time: isOneOf(VIEWING_TIMES, time)
              ? t(`viewing.times.${time}`).toLocaleLowerCase(lang)
              : time,
          })
        : t("mail.figures.viewingDates", { dates: shown }),
    );
  }
  return lines;
}

function unitLine(lead: LeadForMessages, publicUrl: string, lang: Language): string | null {
  if (lead.unit) {
    return `${lead.unit.name} (${lead.unit.building} · ${lead.unit.unitCode}) — ${unitUrl(publicUrl, lead.unit.slug, lang)}`;
  }
  const slug = str(lead.inputs.slug);
  return slug ? unitUrl(publicUrl, slug, lang) : null;
}

/** The alert's text, the same for e-mail and Telegram: kind, unit, contacts, figures, links. */
export function alertText(lead: LeadForMessages, publicUrl: string): string {
  const lines = [`New lead: ${kindName(lead.kind)}`];
  const unit = unitLine(lead, publicUrl, "en");
  if (unit) lines.push(`Unit: ${unit}`);
  if (lead.name) lines.push(`Name: ${lead.name}`);
  if (lead.email) lines.push(`E-mail: ${lead.email}`);
  if (lead.phone) lines.push(`Phone: ${lead.phone}`);
  lines.push(`Language: ${lead.language === "ru" ? "Russian" : "English"}`);
  lines.push(...figureLines(lead, "en"));
  // The visitor's own words, quoted as such: the alert around them stays in English.
  if (lead.message)
    lines.push(
      "",
      "The visitor wrote:",
      ...lead.message.split(/\r\n|\r|\n/).map((line) => `> ${line}`),
      "",
    );
  if (lead.sourcePage) lines.push(`Page: ${publicUrl}${lead.sourcePage}`);
  const campaign = [lead.utm.source, lead.utm.medium, lead.utm.campaign].filter(Boolean);
  if (campaign.length > 0) lines.push(`Campaign: ${campaign.join(" / ")}`);
  if (lead.referrer) lines.push(`Referred by: ${lead.referrer}`);
  lines.push("", `Open in the admin: ${adminLeadUrl(publicUrl, lead.id)}`);
  return lines.join("\n");
}

export function alertSubject(lead: LeadForMessages): string {
  const who = lead.name ?? lead.email ?? lead.phone ?? "";
  const unit = lead.unit ? ` — ${lead.unit.name}` : "";
  // A header is one line: whatever a visitor typed never adds another.
  return `New lead: ${kindName(lead.kind)}${unit}${who ? ` — ${who}` : ""}`
    .replace(/[\r\n\t\u2028\u2029]+/g, " ")
    .slice(0, 200);
}

/** Telegram refuses texts over 4096 characters. */
export function telegramAlert(lead: LeadForMessages, publicUrl: string): TelegramMessage {
  const text = alertText(lead, publicUrl);
  return { text: text.length > 4000 ? `${text.slice(0, 3990)}…` : text };
}

/** "Kamala Living: your enquiry about Sea View Loft": one line, whatever the unit's name holds. */
export function replySubject(lead: LeadForMessages, brand: string): string {
  const { t } = createMailI18n(lead.language);
  // An accessibility report is answered as a message to the desk.
  const kind = lead.kind === "accessibility" ? "contact" : lead.kind;
  const unit = lead.unit?.name;
  const what =
    kind === "unit-enquiry" || kind === "viewing" || kind === "availability-alert"
      ? unit
        ? t(`mail.lead.subject.${kind}`, { unit })
        : t(`mail.lead.subjectNoUnit.${kind}`)
      : t(`mail.lead.subject.${kind}`);
  return `${brand}: ${what}`.replace(/[\r\n\t\u2028\u2029]+/g, " ").slice(0, 200);
}

/** How a reply's text ends: what happens next, by the kind of request. */
function nextStep(kind: LeadKind): MailTranslationKey {
  if (kind === "newsletter") return "mail.lead.nextNewsletter";
  if (kind === "viewing") return "mail.lead.nextViewing";
  if (kind === "availability-alert") return "mail.lead.nextAvailability";
  return "mail.lead.next";
}

/** The reply to a visitor who gave an e-mail, in their language. */
export function replyEmail(
  lead: LeadForMessages & { email: string },
  publicUrl: string,
  contacts: Contacts,
  unsubscribeUrl: string | undefined,
): EmailMessage {
  const lang = lead.language;
  const { t } = createMailI18n(lang);
  const lines: string[] = [
    lead.name ? t("mail.common.dear", { name: lead.name }) : t("mail.common.hello"),
    "",
    t("mail.lead.thanks"),
  ];
  // An accessibility report's reply says only thanks and what happens next.
  if (lead.kind !== "accessibility") lines.push("", t(`mail.lead.about.${lead.kind}`));
  // A link, never an attachment: the address is not confirmed, and a PDF is a big mail to send
  // to whoever typed it.
  if (lead.kind === "roi") lines.push(t("mail.lead.brochure"), brochureUrl(publicUrl, lang));
  const unit = unitLine(lead, publicUrl, lang);
  const aboutUnit = ["unit-enquiry", "viewing", "availability-alert"].includes(lead.kind);
  if (unit && aboutUnit) lines.push(unit);
  const figures = figureLines(lead, lang);
  if (figures.length > 0) lines.push("", ...figures);
  lines.push(
    "",
    t(nextStep(lead.kind)),
    "",
    t("mail.common.contacts"),
    t("mail.common.phone", { phone: contacts.phone }),
    `WhatsApp: https://wa.me/${contacts.whatsapp}`,
    `Telegram: ${telegramLink(contacts.telegram)}`,
    `E-mail: ${contacts.email}`,
    t("mail.common.office", { address: contacts.officeAddress }),
    "",
    t("mail.common.signature", { brand: contacts.brandName }),
  );
  if (unsubscribeUrl) lines.push("", t("mail.lead.unsubscribe"), unsubscribeUrl);
  return {
    to: [lead.email],
    subject: replySubject(lead, contacts.brandName),
    text: lines.join("\n"),
    replyTo: contacts.email,
    // A reply to a request just made is transactional; the newsletter's welcome is its first issue.
    kind: lead.kind === "newsletter" ? "marketing" : "transactional",
    ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
  };
}

/** The double opt-in's one mail: the link that confirms a newsletter subscription. */
export function newsletterConfirmationEmail(input: {
  email: string;
  language: Language;
  confirmUrl: string;
  contacts: Contacts;
  expiresInDays: number;
}): EmailMessage {
  const { t } = createMailI18n(input.language);
  const brand = input.contacts.brandName;
  return {
    to: [input.email],
    subject: t("mail.newsletterConfirm.subject", { brand }),
    text: [
      t("mail.common.hello"),
      "",
      t("mail.newsletterConfirm.text", { brand, days: input.expiresInDays }),
      input.confirmUrl,
      "",
      t("mail.newsletterConfirm.ignore"),
      "",
      t("mail.common.signature", { brand }),
    ].join("\n"),
    replyTo: input.contacts.email,
    kind: "transactional",
  };
}

/**
 * "Notify me when it is free", kept: the unit, the free dates, the unit's page, once per request,
 * in the visitor's language, with a link that stops all marketing.
 */
export function availabilityNoticeEmail(input: {
  email: string;
  language: Language;
  unit: { name: string; slug: string; building: string; unitCode: string };
  /** First free day, and the last one when a stay follows (ISO dates). */
  freeFrom: string;
  freeUntil: string | null;
  askedOn: string;
  publicUrl: string;
  contacts: Contacts;
  unsubscribeUrl: string;
}): EmailMessage {
  const lang = input.language;
  const { t } = createMailI18n(lang);
  const brand = input.contacts.brandName;
  const unit = `${input.unit.name} (${input.unit.building} · ${input.unit.unitCode})`;
  const from = formatDate(input.freeFrom, lang);
  const text = [
    t("mail.common.hello"),
    "",
    input.freeUntil
      ? t("mail.availabilityNotice.freeUntil", {
          unit,
          from,
          until: formatDate(input.freeUntil, lang),
        })
      : t("mail.availabilityNotice.freeOpen", { unit, from }),
    t("mail.availabilityNotice.asked", { on: formatDate(input.askedOn, lang) }),
    "",
    t("mail.availabilityNotice.link"),
    unitUrl(input.publicUrl, input.unit.slug, lang),
    "",
    t("mail.availabilityNotice.once"),
    "",
    t("mail.common.contacts"),
    t("mail.common.phone", { phone: input.contacts.phone }),
    `WhatsApp: https://wa.me/${input.contacts.whatsapp}`,
    `E-mail: ${input.contacts.email}`,
    "",
    t("mail.common.signature", { brand }),
    "",
    t("mail.availabilityNotice.unsubscribe"),
    input.unsubscribeUrl,
  ].join("\n");
  return {
    to: [input.email],
    subject: t("mail.availabilityNotice.subject", { brand, unit: input.unit.name, from })
      .replace(/[\r\n\t\u2028\u2029]+/g, " ")
      .slice(0, 200),
    text,
    replyTo: input.contacts.email,
    kind: "marketing",
    unsubscribeUrl: input.unsubscribeUrl,
    oneClickUnsubscribe: true,
  };
}
