/**
 * LINE alerts: one text message pushed to one user through the Messaging API
 * (`POST {LINE_API_URL}/v2/bot/message/push`, the channel access token as a bearer token).
 * The outbox worker calls it like its e-mail and Telegram senders and keeps its retry rules.
 *
 * Each message carries a retry key written with it (`X-Line-Retry-Key`, a UUID): when a try
 * reached LINE but its answer was lost, the next try is answered 409 with the key already
 * accepted, and the message counts as sent instead of reaching the owner twice.
 */
import { RetryLaterError } from "./outbox.server.ts";

/** LINE takes at most 5,000 characters in a text message. */
export const LINE_TEXT_LIMIT = 5000;

export interface LineMessage {
  /** The user id the bot's channel knows: U followed by 32 hex digits. */
  to: string;
  text: string;
  /** A UUID fixed when the message is written, so retries are recognised by LINE. */
  retryKey: string;
}

export interface LineSettings {
  token: string;
  apiUrl: string;
}

/** Seconds in a Retry-After header, if it holds a sane number. */
function retryAfterMs(header: string | null): number | null {
  if (!header || !/^\d{1,6}$/.test(header.trim())) return null;
  return Math.min(Number(header.trim()), 3600) * 1000;
}

export function createLineSender(line: LineSettings) {
  return async (message: LineMessage): Promise<void> => {
    const response = await fetch(`${line.apiUrl}/v2/bot/message/push`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${line.token}`,
        "content-type": "application/json",
        "x-line-retry-key": message.retryKey,
      },
      body: JSON.stringify({
        to: message.to,
        messages: [{ type: "text", text: message.text.slice(0, LINE_TEXT_LIMIT) }],
      }),
      signal: AbortSignal.timeout(15_000),
    });
    // 409: a request with this retry key was accepted already, so the message went.
    if (response.ok || response.status === 409) {
      await response.body?.cancel().catch(() => {});
      return;
    }
    const body = (await response.text().catch(() => "")).slice(0, 300);
    const text = `LINE answered ${response.status}: ${body}`;
    const later = retryAfterMs(response.headers.get("retry-after"));
    if (response.status === 429 && later !== null) throw new RetryLaterError(text, later);
    throw new Error(text);
  };
}
