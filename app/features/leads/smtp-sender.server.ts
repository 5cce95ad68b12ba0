/**
 * The SMTP side of the outbox (docs/mail.md): one nodemailer transport built from SMTP_URL with
 * the EHLO name, nodemailer's own DKIM signing when configured, and the headers every automatic
 * mail carries. A refusal that will not change (5xx) is thrown as a PermanentMailError, so the
 * outbox gives the message up at once; anything else (4xx, a dropped connection) is retried.
 */
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { MailKind } from "../../domain/mail.ts";
import type { Language } from "../../i18n/languages.ts";
import type { NotificationConfig } from "../../lib/config.server.ts";
import type { EmailMessage } from "./lead-messages.ts";

type EmailSettings = NonNullable<NotificationConfig["email"]>;

/** The receiving server refused the mail for good (an SMTP 5xx answer). */
export class PermanentMailError extends Error {
  constructor(
    message: string,
    /** Refused at RCPT TO: the address itself (no such mailbox), so it is suppressed. */
    readonly recipientRefused: boolean,
  ) {
    super(message);
    this.name = "PermanentMailError";
  }
}

/** A nodemailer error as a PermanentMailError when the server's answer was a 5xx. */
export function classifySmtpError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const e = error as Error & { responseCode?: number; response?: string; command?: string };
  const code = typeof e.responseCode === "number" ? e.responseCode : 0;
  // 535 and 530 say our credentials or TLS are wrong: the company's to fix, not the mail's fate.
  if (code < 500 || code > 599 || code === 530 || code === 535) return error;
  const answer = (e.response ?? e.message).replace(/\s+/g, " ").trim();
  return new PermanentMailError(answer, e.command === "RCPT TO");
}

/** The one line a display name may be, without characters that would break the header. */
function displayName(name: string): string {
  return name
    .replace(/[\r\n\t\u2028\u2029"<>\\]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 70);
}

/** The headers of a mail the product sends by itself (RFC 3834, Microsoft's X- header, 8058). */
export function automaticHeaders(message: EmailMessage, kind: MailKind): Record<string, string> {
  const headers: Record<string, string> = {
    "Auto-Submitted": "auto-generated",
    "X-Auto-Response-Suppress": "All",
  };
  if (message.unsubscribeUrl && (kind === "marketing" || message.oneClickUnsubscribe))
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  return headers;
}

/** nodemailer's options for one outbox mail: From by kind, envelope, automatic headers. */
export function composeMail(
  email: EmailSettings,
  message: EmailMessage,
  attachments: { filename: string; content: Buffer; contentType: string }[] = [],
): SendMailOptions {
  const kind = message.kind ?? "transactional";
  // A desk alert comes From the company's alert address, named after the visitor.
  const alertFrom = email.alertFrom;
  const from =
    kind === "desk" && alertFrom && message.fromName
      ? { name: displayName(message.fromName), address: alertFrom }
      : kind === "desk" && alertFrom
        ? alertFrom
        : email.from;
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(email.bounceAddress ? { envelope: { from: email.bounceAddress, to: message.to } } : {}),
    attachments,
    headers: automaticHeaders(message, kind),
    ...(message.unsubscribeUrl
      ? { list: { unsubscribe: { url: message.unsubscribeUrl, comment: "Unsubscribe" } } }
      : {}),
  };
}

/** The SMTP transport of SMTP_URL, with the EHLO name and DKIM signing when configured. */
export function smtpTransport(email: EmailSettings, sign = true) {
  return nodemailer.createTransport({
    url: email.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(email.heloName ? { name: email.heloName } : {}),
    ...(sign && email.dkim ? { dkim: email.dkim } : {}),
  });
}

export function createEmailSender(
  email: EmailSettings,
  brochure: (lang: Language) => Promise<{ pdf: Buffer; fileName: string }>,
): (message: EmailMessage) => Promise<void> {
  const transport = smtpTransport(email);
  return async (message) => {
    const attachments = message.attachBrochure
      ? [await brochure(message.attachBrochure)].map((b) => ({
          filename: b.fileName,
          content: b.pdf,
          contentType: "application/pdf",
        }))
      : [];
    try {
      await transport.sendMail(composeMail(email, message, attachments));
    } catch (error) {
      throw classifySmtpError(error);
    }
  };
}
