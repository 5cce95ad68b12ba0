/**
 * The outbox: messages caused by a lead are written in the lead's own transaction, so a lead is
 * never stored without its alerts, nor an alert sent for a lead that was not stored. A worker in
 * each server process takes due messages, sends them, and marks them sent; a failure is retried
 * later with exponential back-off, and given up (failed) after MAX_ATTEMPTS.
 *
 * Each channel (e-mail, Telegram, LINE) has a loop of its own, and the messages of one batch are sent
 * at once, each within SEND_TIMEOUT_MS: a mail server that accepts and never answers holds up
 * its own mail only, never a Telegram alert.
 *
 * Several servers may run workers on one PostgreSQL database: a worker takes messages with
 * `for update skip locked` and moves their next try past a lease (LEASE_MS, the send timeout and
 * a margin) in the same statement, so no other worker sees them while they are being sent. A
 * worker that dies mid-send leaves them to be taken again once the lease is over: a message is
 * sent at least once, and at most twice (the dead worker's try, then one retry).
 */
import { eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { recordBounce, suppressionOf } from "../../db/mail-consent.server.ts";
import { takeReplyAllowance } from "../../db/reply-caps.server.ts";
import { OUTBOX_CHANNELS, outbox, properties } from "../../db/schema.ts";
import { mailKindOfPurpose } from "../../domain/mail.ts";
import type { Language } from "../../i18n/languages.ts";
import type { NotificationConfig } from "../../lib/config.server.ts";
import type { Contacts } from "../../lib/contacts.ts";
import type { Logger } from "../../lib/logger.server.ts";
import {
  alertSubject,
  alertText,
  type EmailMessage,
  type LeadForMessages,
  replyEmail,
  type TelegramMessage,
  telegramAlert,
} from "./lead-messages.ts";
import { createLineSender, type LineMessage } from "./line-push.server.ts";
import { createEmailSender, PermanentMailError } from "./smtp-sender.server.ts";

export const MAX_ATTEMPTS = 10;
/** The longest one message may take to send; past it, the try counts as failed. */
export const SEND_TIMEOUT_MS = 45 * 1000;
/**
 * How long a taken message is left to its worker before another may take it: longer than the
 * send timeout, so a live worker has always given up before anyone takes its message again.
 */
export const LEASE_MS = SEND_TIMEOUT_MS + 15 * 1000;
const FIRST_RETRY_MS = 30 * 1000;
const MAX_RETRY_MS = 60 * 60 * 1000;

/** 30 s after the first failure, doubling, never more than an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** What the store needs to write a lead's messages. */
export interface MessageSettings {
  publicUrl: string;
  contacts: Contacts;
  notifications: NotificationConfig;
  /** Signed the unsubscribe links of mails written before decision 094 (still accepted). */
  secret: string;
}

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** Writes the alerts and the reply caused by a lead; runs inside the lead's transaction. */
export async function enqueueLeadMessages(
  tx: Tx | AppDatabase,
  lead: Omit<LeadForMessages, "unit"> & { propertyId: number | null },
  settings: MessageSettings,
): Promise<void> {
  const { notifications, publicUrl } = settings;
  const unit =
    lead.propertyId === null
      ? null
      : ((
          await tx
            .select({
              name: properties.name,
              slug: properties.slug,
              building: properties.building,
              unitCode: properties.unitCode,
            })
            .from(properties)
            .where(eq(properties.id, lead.propertyId))
        )[0] ?? null);
  const full: LeadForMessages = { ...lead, unit };
  const rows: (typeof outbox.$inferInsert)[] = [];
  if (notifications.email && notifications.email.desk.length > 0) {
    const message: EmailMessage = {
      to: notifications.email.desk,
      subject: alertSubject(full),
      text: alertText(full, publicUrl),
      ...(full.email ? { replyTo: full.email } : {}),
      kind: "desk",
      ...(full.name || full.email ? { fromName: full.name ?? full.email ?? "" } : {}),
    };
    rows.push({ channel: "email", purpose: "alert", leadId: lead.id, payload: message });
  }
  if (notifications.telegram) {
    const message: TelegramMessage = telegramAlert(full, publicUrl);
    rows.push({ channel: "telegram", purpose: "alert", leadId: lead.id, payload: message });
  }
  // A newsletter signup's one mail is its confirmation, written by newsletter.server.ts.
  if (notifications.email && full.email && full.kind !== "newsletter") {
    const email = full.email;
    // A reply to a request just made is transactional: no unsubscribe stops it, only a hard
    // bounce of an earlier mail to the address. Then the lead says why no reply went.
    const bounced = await suppressionOf(tx, email, "transactional");
    if (bounced) {
      const message = replyEmail({ ...full, email }, publicUrl, settings.contacts, undefined);
      rows.push({
        channel: "email",
        purpose: "reply",
        leadId: lead.id,
        payload: message,
        status: "withheld",
        lastError:
          `not sent: ${email.toLowerCase()} bounced on ${bounced.createdAt.toISOString().slice(0, 10)}${bounced.detail ? ` (${bounced.detail})` : ""}; call or write from your own mailbox`.slice(
            0,
            500,
          ),
      });
    } else if (await takeReplyAllowance(tx, email, full.kind)) {
      // Over the recipient's daily caps the reply is withheld; the desk's alerts above still go.
      const message = replyEmail({ ...full, email }, publicUrl, settings.contacts, undefined);
      rows.push({ channel: "email", purpose: "reply", leadId: lead.id, payload: message });
    }
  }
  if (rows.length > 0) await tx.insert(outbox).values(rows);
}

/** A refusal that names when to try again. */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = "RetryLaterError";
  }
}

/** A Telegram message goes to the desk's chat unless it names another (an owner's). */
export type TelegramOutboxMessage = TelegramMessage & { chatId?: string };

export interface Senders {
  email?: (message: EmailMessage) => Promise<void>;
  telegram?: (message: TelegramOutboxMessage) => Promise<void>;
  line?: (message: LineMessage) => Promise<void>;
}

export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export interface ProcessOptions {
  batch?: number;
  /** Only this channel's messages; unset, every channel's. */
  channel?: OutboxChannel;
  /** A try that takes longer fails (retried later); SEND_TIMEOUT_MS unless set. */
  sendTimeoutMs?: number;
  retryDelay?: (attempts: number) => number;
  /** Secrets that must never be written into `last_error`. */
  secrets?: string[];
  logger?: Logger;
}

function errorText(error: unknown, secrets: string[]): string {
  let text = error instanceof Error ? error.message : String(error);
  for (const secret of secrets) if (secret) text = text.split(secret).join("***");
  return text.slice(0, 500);
}

/** `work`, or a failure once `ms` have passed (the work itself is left to finish or fail). */
function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Takes up to `batch` due messages (of one channel, when named), sends them at once, each within
 * the send timeout, and records each outcome. Returns how many were taken, so a caller can go on
 * while there are more.
 */
export async function processDueMessages(
  db: AppDatabase,
  senders: Senders,
  options: ProcessOptions = {},
): Promise<number> {
  const batch = options.batch ?? 10;
  const retryDelay = options.retryDelay ?? retryDelayMs;
  const sendTimeoutMs = options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
  const lease = `${Math.max(LEASE_MS, sendTimeoutMs + 15_000)} milliseconds`;
  const channel = options.channel ? sql`and channel = ${options.channel}` : sql``;
  const taken = await db.execute(sql`
    update ${outbox}
    set attempts = attempts + 1, next_attempt_at = now() + ${lease}::interval
    where id in (
      select id from ${outbox}
      where status = 'pending' and next_attempt_at <= now() ${channel}
      order by next_attempt_at, id
      limit ${batch}
      for update skip locked
    )
    returning id, channel, purpose, payload, attempts`);
  const { rows } = taken as unknown as {
    rows: {
      id: number | string;
      channel: string;
      purpose: string;
      payload: unknown;
      attempts: number;
    }[];
  };
  await Promise.all(
    rows.map(async (row) => {
      const id = Number(row.id);
      const send = senders[row.channel as OutboxChannel] as
        | ((payload: unknown) => Promise<void>)
        | undefined;
      const mail = row.channel === "email" ? withMailKind(row.purpose, row.payload) : null;
      try {
        if (!send) throw new Error(`${row.channel} is not configured`);
        await withTimeout(Promise.resolve(send(mail ?? row.payload)), sendTimeoutMs);
        await db
          .update(outbox)
          .set({ status: "sent", sentAt: new Date(), lastError: null })
          .where(eq(outbox.id, id));
      } catch (error) {
        if (mail && error instanceof PermanentMailError) {
          await recordPermanentFailure(db, id, mail, error, options);
          return;
        }
        const lastError = errorText(error, options.secrets ?? []);
        const giveUp = row.attempts >= MAX_ATTEMPTS;
        // A service that says when to come back (Telegram's 429) is not asked sooner.
        const asked = error instanceof RetryLaterError ? error.retryAfterMs : 0;
        await db
          .update(outbox)
          .set({
            status: giveUp ? "failed" : "pending",
            lastError,
            nextAttemptAt: new Date(Date.now() + Math.max(retryDelay(row.attempts), asked)),
          })
          .where(eq(outbox.id, id));
        options.logger?.warn(
          { outboxId: id, channel: row.channel, attempts: row.attempts, giveUp, error: lastError },
          giveUp ? "message given up" : "message not sent; will retry",
        );
      }
    }),
  );
  return rows.length;
}

/** An e-mail payload with its kind: as written, or by its purpose for messages written before. */
function withMailKind(purpose: string, payload: unknown): EmailMessage {
  const message = payload as EmailMessage;
  return message.kind
    ? message
    : { ...message, kind: mailKindOfPurpose(purpose, Boolean(message.unsubscribeUrl)) };
}

/**
 * A 5xx is final at once (no retry). Refused at RCPT TO, the address is suppressed for the mail's
 * kind until it is confirmed again; a desk alert suppresses nothing (the company's own mailbox).
 */
async function recordPermanentFailure(
  db: AppDatabase,
  id: number,
  mail: EmailMessage,
  error: PermanentMailError,
  options: ProcessOptions,
): Promise<void> {
  const lastError = errorText(error, options.secrets ?? []);
  await db.transaction(async (tx) => {
    await tx
      .update(outbox)
      .set({ status: "bounced", lastError, nextAttemptAt: new Date() })
      .where(eq(outbox.id, id));
    const kind = mail.kind;
    if (error.recipientRefused && (kind === "marketing" || kind === "transactional"))
      for (const address of mail.to) await recordBounce(tx, address, kind, lastError);
  });
  options.logger?.warn(
    { outboxId: id, channel: "email", kind: mail.kind, error: lastError },
    "mail refused for good (5xx): not retried",
  );
}

/** Sends e-mail over SMTP (nodemailer), Telegram messages over the Bot API, LINE pushes. */
export function createSenders(
  notifications: NotificationConfig,
  brochure: (lang: Language) => Promise<{ pdf: Buffer; fileName: string }>,
): Senders {
  const senders: Senders = {};
  if (notifications.email) senders.email = createEmailSender(notifications.email, brochure);
  const telegram = notifications.telegram;
  if (telegram) {
    senders.telegram = async (message) => {
      const response = await fetch(`${telegram.apiUrl}/bot${telegram.token}/sendMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          chat_id: message.chatId ?? telegram.chatId,
          text: message.text,
          link_preview_options: { is_disabled: true },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        const body = (await response.text().catch(() => "")).slice(0, 300);
        const message = `Telegram answered ${response.status}: ${body}`;
        const retryAfter = Number(
          (/"retry_after"\s*:\s*(\d{1,6})/.exec(body) ?? [])[1] ?? Number.NaN,
        );
        if (response.status === 429 && Number.isFinite(retryAfter))
          throw new RetryLaterError(message, Math.min(retryAfter, 3600) * 1000);
        throw new Error(message);
      }
    };
  }
  if (notifications.line) senders.line = createLineSender(notifications.line);
  return senders;
}

export interface OutboxWorker {
  /** Look for due messages now (after a lead is stored). */
  nudge(): void;
  /** Stops polling and waits for the messages being sent. */
  stop(): Promise<void>;
}

export interface WorkerOptions extends ProcessOptions {
  db: () => AppDatabase | null;
  senders: Senders;
  logger: Logger;
  /** How often to look for due messages (retries) without a nudge. */
  pollMs?: number;
}

/** A loop that sends one channel's due messages whenever it is nudged or its timer fires. */
function channelLoop(options: WorkerOptions, channel: OutboxChannel): OutboxWorker {
  const pollMs = options.pollMs ?? 15_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, pollMs);
    timer.unref();
  };
  const drain = async () => {
    do {
      again = false;
      const db = options.db();
      if (!db) return;
      while (
        !stopped &&
        (await processDueMessages(db, options.senders, { ...options, channel })) > 0
      ) {}
    } while (again && !stopped);
  };
  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) =>
        options.logger.warn({ err, channel }, "outbox: could not send messages"),
      )
      .finally(() => {
        running = null;
        schedule();
      });
  }
  schedule();
  return {
    nudge: run,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * One loop per configured channel. Nothing configured: nothing to send, and no query every few
 * seconds. Messages of a channel that is not configured (written under an earlier configuration)
 * wait for it to come back.
 */
export function startOutboxWorker(options: WorkerOptions): OutboxWorker {
  const loops = OUTBOX_CHANNELS.filter((channel) => options.senders[channel]).map((channel) =>
    channelLoop(options, channel),
  );
  return {
    nudge: () => {
      for (const loop of loops) loop.nudge();
    },
    stop: async () => {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
