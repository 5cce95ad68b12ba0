/**
 * What a new lead sends: the alert to the desk (e-mail and Telegram, in English) and the reply
 * to the visitor (e-mail, in the visitor's language). Pure functions of the lead; the outbox
 * stores what they return.
 */

import type { LEAD_KINDS } from "../../domain/leads.ts";
import type { MailKind } from "../../domain/mail.ts";
import { LEAD_KIND_LABELS } from "../../i18n/admin-labels.ts";
import { type Language, localizePath } from "../../i18n/languages.ts";
import { type Contacts, telegramLink } from "../../lib/contacts.ts";
import { formatBaht, formatDate } from "../../lib/format.ts";

type LeadKind = (typeof LEAD_KINDS)[number];

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

const LEASES: Record<string, { en: string; ru: string }> = {
  "1-year": { en: "1 year", ru: "1 год" },
  "6-months": { en: "6 months", ru: "6 месяцев" },
  "1-month": { en: "1 month", ru: "1 месяц" },
};

const TIMES: Record<string, { en: string; ru: string }> = {
  morning: { en: "morning", ru: "утро" },
  afternoon: { en: "afternoon", ru: "день" },
  evening: { en: "evening", ru: "вечер" },
  any: { en: "any time", ru: "любое время" },
};

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

const kindName = (kind: LeadKind) => LEAD_KIND_LABELS[kind];

export function unitUrl(publicUrl: string, slug: string, lang: Language): string {
  return `${publicUrl}${localizePath(`/units/${encodeURIComponent(slug)}`, lang)}`;
}

/** The ROI brochure in `lang`, from the site's own route. */
export function brochureUrl(publicUrl: string, lang: Language): string {
  return `${publicUrl}${localizePath("/owners/roi/brochure.pdf", lang)}`;
}

export function adminLeadUrl(publicUrl: string, id: number): string {
  return `${publicUrl}/admin/leads/${id}`;
}

/** The lead's figures as lines: ROI inputs and projection, lease and move-in, viewing dates. */
function figureLines(lead: LeadForMessages, lang: Language): string[] {
  const i = lead.inputs;
  const ru = lang === "ru";
  const lines: string[] = [];
  if (lead.kind === "roi") {
    const value = num(i.propertyValue);
    if (value !== null) {
      const details = [str(i.location), str(i.type), str(i.bedrooms)].filter(Boolean);
      lines.push(
        `${ru ? "Стоимость недвижимости" : "Property value"}: ${formatBaht(value, lang)}${details.length ? ` (${details.join(", ")}${i.bedrooms ? (ru ? " спальни" : " bedrooms") : ""})` : ""}`,
      );
    }
    const annual = num(i.annual);
    if (annual !== null) {
      lines.push(
        ru
          ? `Прогноз: ${formatBaht(annual, lang)} в год, ${formatBaht(num(i.quarterly) ?? 0, lang)} в квартал, ${formatBaht(num(i.monthly) ?? 0, lang)} в месяц; за 5 лет ${formatBaht(num(i.fiveYearTotal) ?? 0, lang)}; ${num(i.freeNights) ?? 0} бесплатных ночей в год`
          : `Projection: ${formatBaht(annual, lang)} a year, ${formatBaht(num(i.quarterly) ?? 0, lang)} a quarter, ${formatBaht(num(i.monthly) ?? 0, lang)} a month; ${formatBaht(num(i.fiveYearTotal) ?? 0, lang)} over 5 years; ${num(i.freeNights) ?? 0} free nights a year`,
      );
    }
  }
  const lease = str(i.lease);
  if (lease) lines.push(`${ru ? "Срок аренды" : "Lease"}: ${LEASES[lease]?.[lang] ?? lease}`);
  const moveIn = str(i.moveIn);
  if (moveIn) lines.push(`${ru ? "Заезд" : "Move-in"}: ${formatDate(moveIn, lang)}`);
  const wantedFrom = str(i.wantedFrom);
  if (wantedFrom) lines.push(`${ru ? "Нужен с" : "Wanted from"}: ${formatDate(wantedFrom, lang)}`);
  const dates = Array.isArray(i.dates)
    ? i.dates.filter((d): d is string => typeof d === "string")
    : [];
  if (dates.length > 0) {
    const time = str(i.time);
    lines.push(
      `${ru ? "Желаемые даты просмотра" : "Preferred viewing dates"}: ${dates.map((d) => formatDate(d, lang)).join(", ")}${time ? ` (${TIMES[time]?.[lang] ?? time})` : ""}`,
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

/** What each reply is, said in its subject. */
const REPLY_SUBJECTS: Record<Language, Record<string, (unit: string | null) => string>> = {
  en: {
    roi: () => "your ROI 7% program request",
    "revenue-share": () => "your 70:30 revenue share request",
    "unit-enquiry": (unit) => (unit ? `your enquiry about ${unit}` : "your enquiry about a unit"),
    contact: () => "your message to our rental desk",
    newsletter: () => "welcome to our newsletter",
    viewing: (unit) => (unit ? `your viewing request for ${unit}` : "your viewing request"),
    "availability-alert": (unit) =>
      unit ? `we will check when ${unit} is free` : "we will check when the unit is free",
  },
  ru: {
    roi: () => "ваша заявка на программу ROI 7%",
    "revenue-share": () => "ваша заявка на программу 70:30",
    "unit-enquiry": (unit) => (unit ? `ваш запрос об объекте ${unit}` : "ваш запрос об объекте"),
    contact: () => "ваше сообщение в отдел аренды",
    newsletter: () => "добро пожаловать в нашу рассылку",
    viewing: (unit) => (unit ? `ваша заявка на просмотр: ${unit}` : "ваша заявка на просмотр"),
    "availability-alert": (unit) =>
      unit ? `мы проверим, когда освободится ${unit}` : "мы проверим, когда освободится объект",
  },
};

/** "Kamala Living: your enquiry about Sea View Loft": one line, whatever the unit's name holds. */
export function replySubject(lead: LeadForMessages, brand: string): string {
  const say = REPLY_SUBJECTS[lead.language][lead.kind] ?? REPLY_SUBJECTS[lead.language].contact;
  const text = `${brand}: ${say?.(lead.unit?.name ?? null) ?? ""}`;
  return text.replace(/[\r\n\t\u2028\u2029]+/g, " ").slice(0, 200);
}

const REPLY = {
  en: {
    greeting: (name: string | null) => (name ? `Dear ${name},` : "Hello,"),
    thanks: "Thank you for contacting us. We have received your request.",
    about: {
      roi: "You asked about our ROI 7% program: a guaranteed 7% a year on your property's value, paid quarterly, with free nights for you every year.",
      "revenue-share":
        "You asked about our 70:30 revenue share program: you keep 70% of the rental income, we manage everything for 30%.",
      "unit-enquiry": "You asked about this unit:",
      contact: "You wrote to our rental desk.",
      newsletter:
        "You are subscribed to our newsletter: new units, market notes and owner news, a few times a month at most.",
      viewing: "You asked to view this unit:",
      "availability-alert": "You asked us to tell you when this unit is free:",
    } as Record<string, string>,
    next: "What happens next: someone from our desk will contact you within 24 hours to discuss the details and answer your questions.",
    nextNewsletter: "Nothing else to do: the next issue will come to this address.",
    nextViewing:
      "What happens next: we will confirm a viewing time within 24 hours, or suggest another one if that day is taken.",
    nextAvailability:
      "What happens next: once a day we check the unit's calendar. When it is free from your date, we send you one e-mail with the free dates and a link to ask for it. If you want similar units now, write to us or call.",
    contacts: "You can reach us any time:",
    phone: "Phone",
    office: "Office",
    unsubscribe: "To stop receiving our newsletter, open:",
    brochure: "The program's brochure (PDF):",
    signature: (brand: string) => `Kind regards,\n${brand}`,
  },
  ru: {
    greeting: (name: string | null) => (name ? `Здравствуйте, ${name}!` : "Здравствуйте!"),
    thanks: "Спасибо за обращение. Мы получили вашу заявку.",
    about: {
      roi: "Вы интересовались программой ROI 7%: гарантированные 7% в год от стоимости недвижимости, выплаты ежеквартально, и бесплатные ночи для вас каждый год.",
      "revenue-share":
        "Вы интересовались программой распределения дохода 70:30: вы получаете 70% дохода от аренды, мы берём на себя всё управление за 30%.",
      "unit-enquiry": "Вы спрашивали об этом объекте:",
      contact: "Вы написали в наш отдел аренды.",
      newsletter:
        "Вы подписались на нашу рассылку: новые объекты, обзоры рынка и новости для владельцев, не чаще нескольких раз в месяц.",
      viewing: "Вы хотите посмотреть этот объект:",
      "availability-alert": "Вы просили сообщить, когда этот объект освободится:",
    } as Record<string, string>,
    next: "Что дальше: наш менеджер свяжется с вами в течение 24 часов, чтобы обсудить детали и ответить на вопросы.",
    nextNewsletter: "Больше ничего делать не нужно: следующий выпуск придёт на этот адрес.",
    nextViewing:
      "Что дальше: мы подтвердим время просмотра в течение 24 часов или предложим другое, если этот день занят.",
    nextAvailability:
      "Что дальше: раз в день мы проверяем календарь объекта. Когда он будет свободен с вашей даты, мы пришлём одно письмо со свободными датами и ссылкой, чтобы оставить заявку. Если нужны похожие объекты сейчас, напишите или позвоните нам.",
    contacts: "Связаться с нами:",
    phone: "Телефон",
    office: "Офис",
    unsubscribe: "Чтобы отписаться от рассылки, откройте:",
    brochure: "Брошюра программы (PDF):",
    signature: (brand: string) => `С уважением,\n${brand}`,
  },
} as const;

/** The reply to a visitor who gave an e-mail, in their language. */
export function replyEmail(
  lead: LeadForMessages & { email: string },
  publicUrl: string,
  contacts: Contacts,
  unsubscribeUrl: string | undefined,
): EmailMessage {
  const lang = lead.language;
  const r = REPLY[lang];
  const lines: string[] = [r.greeting(lead.name), "", r.thanks];
  const about = r.about[lead.kind];
  if (about) lines.push("", about);
  // A link, never an attachment: the address is not confirmed, and a PDF is a big mail to send
  // to whoever typed it.
  if (lead.kind === "roi") lines.push(r.brochure, brochureUrl(publicUrl, lang));
  const unit = unitLine(lead, publicUrl, lang);
  const aboutUnit = ["unit-enquiry", "viewing", "availability-alert"].includes(lead.kind);
  if (unit && aboutUnit) lines.push(unit);
  const figures = figureLines(lead, lang);
  if (figures.length > 0) lines.push("", ...figures);
  lines.push(
    "",
    lead.kind === "newsletter"
      ? r.nextNewsletter
      : lead.kind === "viewing"
        ? r.nextViewing
        : lead.kind === "availability-alert"
          ? r.nextAvailability
          : r.next,
    "",
    r.contacts,
    `${r.phone}: ${contacts.phone}`,
    `WhatsApp: https://wa.me/${contacts.whatsapp}`,
    `Telegram: ${telegramLink(contacts.telegram)}`,
    `E-mail: ${contacts.email}`,
    `${r.office}: ${contacts.officeAddress}`,
    "",
    r.signature(contacts.brandName),
  );
  if (unsubscribeUrl) lines.push("", r.unsubscribe, unsubscribeUrl);
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

const CONFIRM = {
  en: {
    subject: (brand: string) => `${brand}: please confirm your newsletter subscription`,
    text: (brand: string, url: string, days: number) =>
      [
        "Hello,",
        "",
        `Someone, we hope you, asked for ${brand}'s newsletter to be sent to this address. To confirm, open this link within ${days} days:`,
        url,
        "",
        "If it was not you, ignore this e-mail: without your confirmation we send you nothing.",
        "",
        `Kind regards,\n${brand}`,
      ].join("\n"),
  },
  ru: {
    subject: (brand: string) => `${brand}: подтвердите подписку на рассылку`,
    text: (brand: string, url: string, days: number) =>
      [
        "Здравствуйте!",
        "",
        `Кто-то, надеемся, что вы, попросил присылать рассылку ${brand} на этот адрес. Чтобы подтвердить, откройте ссылку в течение ${days} дней:`,
        url,
        "",
        "Если это были не вы, просто не отвечайте на это письмо: без вашего подтверждения мы ничего не пришлём.",
        "",
        `С уважением,\n${brand}`,
      ].join("\n"),
  },
} as const;

/** The double opt-in's one mail: the link that confirms a newsletter subscription. */
export function newsletterConfirmationEmail(input: {
  email: string;
  language: Language;
  confirmUrl: string;
  contacts: Contacts;
  expiresInDays: number;
}): EmailMessage {
  const c = CONFIRM[input.language];
  return {
    to: [input.email],
    subject: c.subject(input.contacts.brandName),
    text: c.text(input.contacts.brandName, input.confirmUrl, input.expiresInDays),
    replyTo: input.contacts.email,
    kind: "transactional",
  };
}

const NOTICE = {
  en: {
    subject: (brand: string, unit: string, from: string) =>
      `${brand}: ${unit} is free from ${from}`,
    greeting: "Hello,",
    free: (unit: string, from: string, until: string | null) =>
      until
        ? `${unit} is free from ${from} until ${until}.`
        : `${unit} is free from ${from}, with nothing booked after that.`,
    asked: (on: string) => `You asked us on ${on} to tell you when it is free for your dates.`,
    link: "To ask for it or book a viewing, open the unit's page:",
    once: "This is the only notice we send for that request. Free units go quickly: the sooner you write, the better.",
    contacts: "You can reach us any time:",
    phone: "Phone",
    unsubscribe:
      "To receive no more marketing e-mails from us (notices like this, new-unit alerts, newsletters), open:",
    signature: (brand: string) => `Kind regards,\n${brand}`,
  },
  ru: {
    subject: (brand: string, unit: string, from: string) =>
      `${brand}: объект ${unit} свободен с ${from}`,
    greeting: "Здравствуйте!",
    free: (unit: string, from: string, until: string | null) =>
      until
        ? `Объект ${unit} свободен с ${from} по ${until}.`
        : `Объект ${unit} свободен с ${from}, дальше бронирований нет.`,
    asked: (on: string) => `${on} вы просили сообщить, когда он освободится на ваши даты.`,
    link: "Чтобы оставить заявку или записаться на просмотр, откройте страницу объекта:",
    once: "Это единственное уведомление по этой заявке. Свободные объекты быстро занимают: лучше написать поскорее.",
    contacts: "Связаться с нами:",
    phone: "Телефон",
    unsubscribe:
      "Чтобы больше не получать от нас рекламные письма (такие уведомления, подборки новых объектов, рассылку), откройте:",
    signature: (brand: string) => `С уважением,\n${brand}`,
  },
} as const;

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
  const n = NOTICE[lang];
  const name = `${input.unit.name} (${input.unit.building} · ${input.unit.unitCode})`;
  const from = formatDate(input.freeFrom, lang);
  const until = input.freeUntil ? formatDate(input.freeUntil, lang) : null;
  const text = [
    n.greeting,
    "",
    n.free(name, from, until),
    n.asked(formatDate(input.askedOn, lang)),
    "",
    n.link,
    unitUrl(input.publicUrl, input.unit.slug, lang),
    "",
    n.once,
    "",
    n.contacts,
    `${n.phone}: ${input.contacts.phone}`,
    `WhatsApp: https://wa.me/${input.contacts.whatsapp}`,
    `E-mail: ${input.contacts.email}`,
    "",
    n.signature(input.contacts.brandName),
    "",
    n.unsubscribe,
    input.unsubscribeUrl,
  ].join("\n");
  return {
    to: [input.email],
    subject: n
      .subject(input.contacts.brandName, input.unit.name, from)
      .replace(/[\r\n\t\u2028\u2029]+/g, " ")
      .slice(0, 200),
    text,
    replyTo: input.contacts.email,
    kind: "marketing",
    unsubscribeUrl: input.unsubscribeUrl,
    oneClickUnsubscribe: true,
  };
}
