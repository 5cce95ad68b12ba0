/**
 * `npm run mail:check`: one test mail through the configured SMTP server, signed as the outbox
 * signs, and a report of what went: its headers (the DKIM-Signature among them), the envelope,
 * the server's answer, and whether the DKIM key published in DNS is the one signing.
 */
import { createPublicKey } from "node:crypto";
import nodemailer from "nodemailer";
import type { NotificationConfig } from "../../lib/config.server.ts";
import type { EmailMessage } from "./lead-messages.ts";
import { composeMail, smtpTransport } from "./smtp-sender.server.ts";

type EmailSettings = NonNullable<NotificationConfig["email"]>;
type ResolveTxt = (name: string) => Promise<string[][]>;

export interface MailCheckReport {
  /** The header block exactly as sent. */
  headers: string;
  envelope: { from: string; to: string[] };
  /** The SMTP server's last answer ("250 2.0.0 Ok: queued as …"). */
  response: string;
  dkim:
    | { signed: false }
    | {
        signed: true;
        domain: string;
        selector: string;
        record: string;
        /** The key in DNS is the signing key's public half; else what is wrong. */
        published: "matches" | "differs" | "missing";
        expected: string;
      };
}

/** The TXT value a company publishes at `<selector>._domainkey.<domain>` for this key. */
export function dkimRecordFor(privateKey: string): string {
  const key = createPublicKey(privateKey);
  const der = key.export({ type: "spki", format: "der" }).toString("base64");
  return `v=DKIM1; k=${key.asymmetricKeyType === "ed25519" ? "ed25519" : "rsa"}; p=${der}`;
}

const publicKeyOf = (record: string) => /(?:^|;)\s*p=([A-Za-z0-9+/=\s]*)/.exec(record)?.[1];

async function publishedState(
  record: string,
  expected: string,
  resolveTxt: ResolveTxt,
): Promise<"matches" | "differs" | "missing"> {
  let answers: string[][];
  try {
    answers = await resolveTxt(record);
  } catch {
    return "missing";
  }
  const values = answers.map((chunks) => chunks.join(""));
  const want = publicKeyOf(expected)?.replace(/\s/g, "");
  if (values.length === 0) return "missing";
  // ed25519 records carry the raw key; compare what we can, and call the rest a difference.
  return values.some((v) => publicKeyOf(v)?.replace(/\s/g, "") === want) ? "matches" : "differs";
}

/** Sends one test mail to `to` and tells what was sent. */
export async function mailCheck(
  email: EmailSettings,
  to: string,
  brand: string,
  resolveTxt: ResolveTxt,
): Promise<MailCheckReport> {
  const message: EmailMessage = {
    to: [to],
    subject: `${brand}: mail check`,
    text: [
      `This is a test mail from the ${brand} website, sent by the mail check.`,
      "If it arrived in the inbox with DKIM, SPF and DMARC passing, replies to visitors will too.",
    ].join("\n"),
    kind: "transactional",
  };
  const options = composeMail(email, message);
  // Rendered and signed once; the bytes printed are the bytes sent.
  const renderer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
    ...(email.dkim ? { dkim: email.dkim } : {}),
  });
  const rendered = await renderer.sendMail(options);
  const raw = rendered.message as Buffer;
  const envelope = rendered.envelope as { from: string; to: string[] };
  const sent = await smtpTransport(email, false).sendMail({ envelope, raw });
  const text = raw.toString("utf8");
  const headers = text.slice(0, Math.max(0, text.indexOf("\r\n\r\n")));
  if (!email.dkim) return { headers, envelope, response: sent.response, dkim: { signed: false } };
  const { domainName, keySelector, privateKey } = email.dkim;
  const record = `${keySelector}._domainkey.${domainName}`;
  const expected = dkimRecordFor(privateKey);
  return {
    headers,
    envelope,
    response: sent.response,
    dkim: {
      signed: true,
      domain: domainName,
      selector: keySelector,
      record,
      expected,
      published: await publishedState(record, expected, resolveTxt),
    },
  };
}
