import { href } from "react-router";
import type { AppDatabase } from "../../db/client.server.ts";
import { outbox } from "../../db/schema.ts";
import type { NotificationConfig } from "../../lib/config.server.ts";

/**
 * The desk's alerts about calendar feeds (decision 098), written to the outbox in the same
 * transaction as the feed's state, on the desk's channels (e-mail and Telegram) like a lead's
 * alert: a feed failing for longer than `afterHours`, its recovery, and a feed held because it
 * would have removed every future block.
 */
export interface FeedAlertSettings {
  notifications: NotificationConfig;
  publicUrl: string;
  /** CALENDAR_FEED_ALERT_HOURS. */
  afterHours: number;
}

export interface FeedForAlert {
  feedName: string;
  unitName: string;
  propertyId: number;
}

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export type FeedAlert =
  | { kind: "failing"; since: Date; error: string }
  | { kind: "recovered"; since: Date | null }
  | { kind: "held"; removes: number };

const when = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The alert's subject and text, in English (the desk's language). */
export function feedAlertMessage(
  feed: FeedForAlert,
  alert: FeedAlert,
  publicUrl: string,
): { subject: string; text: string } {
  const page = `${publicUrl}${href("/admin/properties/:id/calendar", { id: String(feed.propertyId) })}`;
  const name = `${feed.unitName}: ${feed.feedName}`;
  switch (alert.kind) {
    case "failing":
      return {
        subject: `Calendar feed failing: ${name}`,
        text: [
          `The calendar feed "${feed.feedName}" of ${feed.unitName} has failed since ${when(alert.since)}.`,
          `Last error: ${alert.error}`,
          "Its blocks are kept as last read, so new bookings on that channel are not blocked here.",
          `Check the address or the channel: ${page}`,
        ].join("\n"),
      };
    case "recovered":
      return {
        subject: `Calendar feed working again: ${name}`,
        text: [
          `The calendar feed "${feed.feedName}" of ${feed.unitName} was read again${alert.since ? ` (failing since ${when(alert.since)})` : ""}.`,
          page,
        ].join("\n"),
      };
    case "held":
      return {
        subject: `Calendar feed needs a look: ${name}`,
        text: [
          `The calendar feed "${feed.feedName}" of ${feed.unitName} now has no future events: reading it would remove all ${alert.removes} future blocks.`,
          "The blocks are kept until someone applies the change (a rotated export link is a common cause).",
          `Look and apply: ${page}`,
        ].join("\n"),
      };
  }
}

/** Writes the alert for each configured desk channel; returns how many messages were written. */
export async function enqueueFeedAlert(
  tx: Tx | AppDatabase,
  feed: FeedForAlert,
  alert: FeedAlert,
  settings: FeedAlertSettings,
): Promise<number> {
  const { subject, text } = feedAlertMessage(feed, alert, settings.publicUrl);
  const rows: (typeof outbox.$inferInsert)[] = [];
  const { email, telegram } = settings.notifications;
  if (email && email.desk.length > 0)
    rows.push({
      channel: "email",
      purpose: "alert",
      payload: { to: email.desk, subject, text, kind: "desk" },
    });
  if (telegram)
    rows.push({ channel: "telegram", purpose: "alert", payload: { text: `${subject}\n${text}` } });
  if (rows.length > 0) await tx.insert(outbox).values(rows);
  return rows.length;
}
