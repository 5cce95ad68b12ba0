/**
 * The mail a tenant gets about rent, in their language (Thai, English or Russian), and the desk's
 * alerts (English). A message typed by language: a language without its text does not compile.
 */
import { href } from "react-router";
import type { TenantLanguage } from "../../domain/leases.ts";

export interface RentReminder {
  tenantName: string;
  unitName: string;
  dueDate: string;
  /** Whole baht still owed. */
  owed: number;
  kind: "rent" | "deposit";
  overdue: boolean;
}

const amount = (baht: number, language: TenantLanguage) =>
  `${new Intl.NumberFormat(language === "ru" ? "ru-RU" : language === "th" ? "th-TH" : "en-US").format(baht)} THB`;

/** A date as the tenant reads it, e.g. "15 January 2027", "15 января 2027 г.", "15 มกราคม 2570". */
function longDate(day: string, language: TenantLanguage): string {
  const locale = language === "ru" ? "ru-RU" : language === "th" ? "th-TH" : "en-GB";
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}

const TEXTS: Record<
  TenantLanguage,
  {
    subject: (r: RentReminder) => string;
    body: (r: RentReminder, date: string, owed: string) => string[];
    sign: string;
  }
> = {
  en: {
    subject: (r) =>
      r.overdue
        ? `Overdue: ${r.kind === "deposit" ? "deposit" : "rent"} for ${r.unitName}`
        : `Reminder: ${r.kind === "deposit" ? "deposit" : "rent"} for ${r.unitName} is due soon`,
    body: (r, date, owed) => [
      `Dear ${r.tenantName},`,
      "",
      r.overdue
        ? `The ${r.kind === "deposit" ? "deposit" : "rent"} for ${r.unitName} was due on ${date} and ${owed} is still unpaid. Please pay it as soon as you can.`
        : `This is a reminder that the ${r.kind === "deposit" ? "deposit" : "rent"} for ${r.unitName}, ${owed}, is due on ${date}.`,
      "If you have paid already, please send us the transfer reference and ignore this message.",
    ],
    sign: "Kind regards,\nThe rentals desk",
  },
  ru: {
    subject: (r) =>
      r.overdue
        ? `Просрочен платёж: ${r.kind === "deposit" ? "депозит" : "аренда"} за ${r.unitName}`
        : `Напоминание: скоро оплата ${r.kind === "deposit" ? "депозита" : "аренды"} за ${r.unitName}`,
    body: (r, date, owed) => [
      `Здравствуйте, ${r.tenantName}!`,
      "",
      r.overdue
        ? `Срок оплаты ${r.kind === "deposit" ? "депозита" : "аренды"} за ${r.unitName} был ${date}, не оплачено ${owed}. Пожалуйста, оплатите как можно скорее.`
        : `Напоминаем: до ${date} нужно оплатить ${r.kind === "deposit" ? "депозит" : "аренду"} за ${r.unitName} в размере ${owed}.`,
      "Если вы уже оплатили, пришлите, пожалуйста, номер перевода и не обращайте внимания на это письмо.",
    ],
    sign: "С уважением,\nотдел аренды",
  },
  th: {
    subject: (r) =>
      r.overdue
        ? `เลยกำหนดชำระ: ${r.kind === "deposit" ? "เงินประกัน" : "ค่าเช่า"} ${r.unitName}`
        : `แจ้งเตือน: ใกล้ถึงกำหนดชำระ${r.kind === "deposit" ? "เงินประกัน" : "ค่าเช่า"} ${r.unitName}`,
    body: (r, date, owed) => [
      `เรียน คุณ${r.tenantName}`,
      "",
      r.overdue
        ? `${r.kind === "deposit" ? "เงินประกัน" : "ค่าเช่า"}ของ ${r.unitName} ครบกำหนดชำระเมื่อวันที่ ${date} และยังค้างชำระอยู่ ${owed} กรุณาชำระโดยเร็วที่สุด`
        : `ขอแจ้งให้ทราบว่า${r.kind === "deposit" ? "เงินประกัน" : "ค่าเช่า"}ของ ${r.unitName} จำนวน ${owed} ครบกำหนดชำระในวันที่ ${date}`,
      "หากท่านชำระแล้ว กรุณาส่งหมายเลขอ้างอิงการโอนให้เรา และไม่ต้องสนใจข้อความนี้",
    ],
    sign: "ขอแสดงความนับถือ\nฝ่ายเช่า",
  },
};

/** A rent (or deposit) reminder in the tenant's language. */
export function rentReminderEmail(
  reminder: RentReminder,
  language: TenantLanguage,
): { subject: string; text: string } {
  const t = TEXTS[language];
  const lines = t.body(
    reminder,
    longDate(reminder.dueDate, language),
    amount(reminder.owed, language),
  );
  return { subject: t.subject(reminder), text: [...lines, "", t.sign].join("\n") };
}

/** The desk's alert of a TM30 report past its 24 hours. */
export function tm30OverdueAlert(
  a: { unitName: string; tenantName: string | null; dueAt: string; leaseId: number },
  publicUrl: string,
) {
  const subject = `TM30 overdue: ${a.tenantName ?? "a tenant"}, ${a.unitName}`;
  const text = [
    `The TM30 report to Immigration for ${a.tenantName ?? "a tenant"} (${a.unitName}) was due by ${a.dueAt}.`,
    `Open the lease: ${new URL(`${href("/admin/leases/:id", { id: String(a.leaseId) })}#tasks`, publicUrl).toString()}`,
  ].join("\n");
  return { subject, text };
}

/** The desk's alert of a deposit to return by its legal deadline. */
export function depositDeadlineAlert(
  a: { unitName: string; deadline: string; leaseId: number; late: boolean },
  publicUrl: string,
) {
  const subject = `${a.late ? "Deposit return late" : "Deposit to return"}: ${a.unitName}, by ${a.deadline}`;
  const text = [
    `The deposit of the lease of ${a.unitName} must be returned by ${a.deadline}${a.late ? " (passed)" : ""}.`,
    `Open the lease: ${new URL(`${href("/admin/leases/:id", { id: String(a.leaseId) })}#deposit`, publicUrl).toString()}`,
  ].join("\n");
  return { subject, text };
}
