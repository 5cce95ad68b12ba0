import { describe, expect, it } from "vitest";
import { describeMessage, type MessageState } from "./lead-pipeline.ts";

const base: MessageState = {
  channel: "email",
  purpose: "alert",
  status: "sent",
  attempts: 1,
  nextAttemptAt: "2026-11-23T03:00:00.000Z",
  sentAt: "2026-11-23T03:00:02.000Z",
  lastError: null,
};

describe("a lead's message as the admin reads it", () => {
  it("says when it was sent, in Phuket time", () => {
    expect(describeMessage(base)).toBe("Alert by e-mail: sent 23/11/2026, 10:00");
  });
  it("says when a pending one is tried next, and why the last try failed", () => {
    expect(
      describeMessage({
        ...base,
        channel: "telegram",
        status: "pending",
        sentAt: null,
        attempts: 2,
        nextAttemptAt: "2026-11-23T03:05:00.000Z",
        lastError: "Telegram answered 502",
      }),
    ).toBe(
      "Alert by Telegram: pending, next try 23/11/2026, 10:05 (last error: Telegram answered 502)",
    );
  });
  it("says a failed one was given up, with its last error", () => {
    expect(
      describeMessage({
        ...base,
        purpose: "reply",
        status: "failed",
        attempts: 10,
        sentAt: null,
        lastError: "connect ECONNREFUSED",
      }),
    ).toBe("Reply by e-mail: failed after 10 tries: connect ECONNREFUSED");
  });
});
