import { describe, expect, it } from "vitest";
import { alertText, type LeadForMessages, telegramAlert } from "./lead-messages.ts";

/** Telegram refuses a message over 4096 characters; the alert keeps well under it. */
const TELEGRAM_MAX = 4096;
const SITE = "https://kamala.example";

const lead = (message: string): LeadForMessages => ({
  id: 7,
  kind: "revenue-share",
  name: "Dmitri",
  email: "dmitri@example.com",
  phone: null,
  message,
  language: "ru",
  sourcePage: "/ru/owners/revenue-share",
  inputs: {},
  unit: null,
  utm: { source: null, medium: null, campaign: null },
  referrer: null,
});

/** A visitor's message that makes the desk's alert exactly `length` characters long. */
function messageForAlertOf(length: number): string {
  const base = alertText(lead("x"), SITE).length;
  const message = "x".repeat(length - base + 1);
  expect(alertText(lead(message), SITE)).toHaveLength(length);
  return message;
}

describe("the desk's Telegram alert", () => {
  it("is the whole alert while it fits in 4,000 characters", () => {
    const short = lead("Call me after six, please.");
    expect(telegramAlert(short, SITE).text).toBe(alertText(short, SITE));
    const full = lead(messageForAlertOf(4000));
    expect(telegramAlert(full, SITE).text).toBe(alertText(full, SITE));
  });

  it("is cut with an ellipsis past 4,000 characters, within Telegram's limit", () => {
    for (const length of [4001, 4097, 20_000]) {
      const long = lead(messageForAlertOf(length));
      const text = telegramAlert(long, SITE).text;
      expect(text.length, String(length)).toBeLessThanOrEqual(4000);
      expect(text.length, String(length)).toBeLessThan(TELEGRAM_MAX);
      expect(text.endsWith("…"), String(length)).toBe(true);
      // What is kept is the alert's own beginning: the kind and the contact come first.
      expect(alertText(long, SITE).startsWith(text.slice(0, -1)), String(length)).toBe(true);
      expect(text).toContain("dmitri@example.com");
    }
  });
});
