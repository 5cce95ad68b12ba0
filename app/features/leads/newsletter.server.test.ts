import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashEmailToken, mintEmailToken } from "../../db/email-tokens.server.ts";
import { setRuntime } from "../../db/runtime.server.ts";
import { emailSuppressions, emailTokens, leads, outbox, rateLimits } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import { clientAddressContext } from "../../lib/request-context.ts";
import * as confirmRoute from "../../routes/newsletter-confirm.tsx";
import * as unsubscribeRoute from "../../routes/unsubscribe.tsx";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { type LeadActionDeps, newsletterAction, roiLeadAction } from "./lead-actions.server.ts";
import type { EmailMessage } from "./lead-messages.ts";
import { confirmNewsletter, NEWSLETTER_CONFIRM_DAYS } from "./newsletter.server.ts";
import { findUnsubscribeAddress, unsubscribeToken } from "./unsubscribe.server.ts";

const SITE = "https://kamala.example";
const SECRET = "n".repeat(40);
const DAY_MS = 24 * 60 * 60 * 1000;

type Outcome = { status: number; data: { status: string; email?: string } };

/** A route module's loader or action, as React Router would call it; its status and data. */
async function call(
  fn: (args: never) => unknown,
  url: string,
  body?: Record<string, string>,
): Promise<Outcome> {
  const encoded = body ? new URLSearchParams(body).toString() : undefined;
  const request = new Request(url, {
    method: body ? "POST" : "GET",
    body: encoded,
    headers: encoded
      ? {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(encoded)),
        }
      : {},
  });
  const context = new RouterContextProvider();
  context.set(clientAddressContext, "192.0.2.70");
  const outcome = (await fn({ request, url: new URL(url), params: {}, context } as never)) as {
    init?: { status?: number } | null;
    data: Outcome["data"];
  };
  return { status: outcome.init?.status ?? 200, data: outcome.data };
}

const post = (url: string, fields: Record<string, string>) =>
  new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: SITE },
  });

describe.each(TEST_ENGINES)("newsletter, double opt-in, on %s", (engine) => {
  let database: TestDatabase;
  let deps: LeadActionDeps;
  let ip = 0;
  const next = (): LeadActionDeps => ({ ...deps, clientAddress: `203.0.113.${++ip}` });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const dataDir = mkdtempSync(path.join(tmpdir(), "newsletter-"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: SITE,
      SESSION_SECRET: SECRET,
      SMTP_URL: "smtp://127.0.0.1:1",
      LEADS_NOTIFY_EMAIL: "desk@kamala.example",
    });
    setRuntime({
      config,
      database,
      databaseReady: true,
      storage: new LocalDiskStorage(path.join(dataDir, "media")),
      logger: createLogger("silent"),
    });
    deps = {
      db: database.db,
      logger: pino({ level: "silent" }),
      publicUrl: SITE,
      clientAddress: "",
      messages: {
        publicUrl: SITE,
        contacts: config.contacts,
        secret: SECRET,
        notifications: config.notifications,
      },
    };
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(outbox);
    await database.db.delete(rateLimits);
  });

  const signUp = async (email: string, at = "/newsletter") => {
    const answer = (await newsletterAction(
      post(`${SITE}${at}`, { email, consent: "yes" }),
      next(),
    )) as {
      data: { status: string };
    };
    expect(answer.data.status).toBe("ok");
  };
  const mailsTo = async (email: string) =>
    (await database.db.select().from(outbox).where(eq(outbox.purpose, "reply")))
      .map((r) => r.payload as EmailMessage)
      .filter((m) => m.to.includes(email));
  const tokenIn = (mail: EmailMessage | undefined, pathname: string) =>
    new RegExp(`${pathname}\\?token=([A-Za-z0-9_-]{43})`).exec(mail?.text ?? "")?.[1] ?? "";
  const leadOf = async (email: string) =>
    (
      await database.db
        .select()
        .from(leads)
        .where(and(eq(leads.kind, "newsletter"), eq(leads.email, email)))
    )[0];
  const suppressed = async (email: string) =>
    (await database.db.select().from(emailSuppressions).where(eq(emailSuppressions.email, email)))
      .length > 0;

  it("sends one confirmation on signup and subscribes only when its link is used", async () => {
    await signUp("Reader@Example.com", "/ru/newsletter");
    const lead = await leadOf("reader@example.com");
    expect(lead).toMatchObject({ language: "ru", confirmedAt: null });
    const [confirmation, ...none] = await mailsTo("reader@example.com");
    expect(none).toEqual([]);
    expect(confirmation?.subject).toContain("подтвердите подписку");
    // Nothing to unsubscribe from yet: no unsubscribe link, no welcome.
    expect(confirmation?.unsubscribeUrl).toBeUndefined();
    const token = tokenIn(confirmation, "/ru/newsletter/confirm");
    expect(token).toHaveLength(43);
    // Kept as its hash only.
    const stored = await database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.email, "reader@example.com"));
    expect(stored).toMatchObject([
      { purpose: "newsletter-confirm", tokenHash: hashEmailToken(token) },
    ]);
    // The desk still hears of the signup.
    const alerts = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.purpose, "alert"), eq(outbox.leadId, lead?.id ?? 0)));
    expect(alerts).toHaveLength(1);

    // Opening the link (a mail scanner does) confirms nothing.
    const page = await call(confirmRoute.loader, `${SITE}/ru/newsletter/confirm?token=${token}`);
    expect(page).toEqual({
      status: 200,
      data: { status: "ask", email: "reader@example.com", token },
    });
    expect((await leadOf("reader@example.com"))?.confirmedAt).toBeNull();
    // The confirmation is no unsubscribe token.
    expect(await findUnsubscribeAddress(database.db, token, SECRET)).toBeNull();

    const done = await call(confirmRoute.action, `${SITE}/ru/newsletter/confirm?token=${token}`, {
      token,
    });
    expect(done).toEqual({
      status: 200,
      data: { status: "confirmed", email: "reader@example.com" },
    });
    expect((await leadOf("reader@example.com"))?.confirmedAt).not.toBeNull();
    const welcome = (await mailsTo("reader@example.com")).find(
      (m) => m !== confirmation && m.subject !== confirmation?.subject,
    );
    expect(welcome?.text).toContain("Вы подписались на нашу рассылку");
    expect(welcome?.oneClickUnsubscribe).toBe(true);
    const stop = tokenIn(welcome, "/ru/unsubscribe");
    expect(welcome?.unsubscribeUrl).toBe(`${SITE}/ru/unsubscribe?token=${stop}`);
    expect(stop).not.toBe(token);
    expect(await findUnsubscribeAddress(database.db, stop, SECRET)).toBe("reader@example.com");

    // Confirming again writes nothing more; signing up again neither.
    await call(confirmRoute.action, `${SITE}/ru/newsletter/confirm`, { token });
    await signUp("reader@example.com");
    expect(await mailsTo("reader@example.com")).toHaveLength(2);
  });

  it("keeps an unsubscribed address suppressed when anyone signs it up; only its own confirmation lifts it", async () => {
    await signUp("victim@example.com");
    const [first] = await mailsTo("victim@example.com");
    await confirmNewsletter(database.db, tokenIn(first, "/newsletter/confirm"), deps.messages);
    const welcome = (await mailsTo("victim@example.com")).at(-1);
    const stop = tokenIn(welcome, "/unsubscribe");

    // The one-click POST of a mail program: token in the query, no form token, no Origin.
    const oneClick = await call(unsubscribeRoute.action, `${SITE}/unsubscribe?token=${stop}`, {
      "List-Unsubscribe": "One-Click",
    });
    expect(oneClick).toEqual({
      status: 200,
      data: { status: "done", email: "victim@example.com", scope: "newsletter" },
    });
    expect(await suppressed("victim@example.com")).toBe(true);

    // The next day someone signs the victim up again, anonymously.
    await database.db.delete(rateLimits);
    await database.db.delete(outbox);
    await signUp("Victim@Example.com");
    expect(await suppressed("victim@example.com")).toBe(true);
    const mails = await mailsTo("victim@example.com");
    // One confirmation (it says how to ignore it), and no welcome.
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining("please confirm")]);
    // A reply to a request the person makes is not marketing: it still goes.
    await roiLeadAction(
      post(`${SITE}/owners/roi`, {
        name: "Anyone",
        email: "victim@example.com",
        value: "8000000",
        area: "Kamala",
        property: "pool-villa",
        beds: "3",
      }),
      next(),
    );
    expect((await mailsTo("victim@example.com")).map((m) => m.subject)).toEqual([
      expect.stringContaining("please confirm"),
      "Kamala Living: your ROI 7% program request",
    ]);

    // The victim opens the confirmation: that is consent, and it lifts the suppression.
    const again = tokenIn(mails[0], "/newsletter/confirm");
    expect(await confirmNewsletter(database.db, again, deps.messages)).toEqual({
      status: "confirmed",
      email: "victim@example.com",
    });
    expect(await suppressed("victim@example.com")).toBe(false);
    expect((await mailsTo("victim@example.com")).at(-1)?.text).toContain(
      "You are subscribed to our newsletter",
    );
  });

  it("refuses a confirmation link after a week, an unknown one, and an unsubscribe token", async () => {
    await signUp("late@example.com");
    const token = tokenIn((await mailsTo("late@example.com"))[0], "/newsletter/confirm");
    const later = new Date(Date.now() + (NEWSLETTER_CONFIRM_DAYS + 1) * DAY_MS);
    expect(await confirmNewsletter(database.db, token, deps.messages, later)).toEqual({
      status: "expired",
    });
    expect((await leadOf("late@example.com"))?.confirmedAt).toBeNull();
    expect(
      await call(confirmRoute.action, `${SITE}/newsletter/confirm`, { token: "x".repeat(43) }),
    ).toEqual({ status: 404, data: { status: "invalid" } });
    const stop = await mintEmailToken(database.db, "newsletter-unsubscribe", {
      email: "late@example.com",
    });
    expect(await confirmNewsletter(database.db, stop, deps.messages)).toEqual({
      status: "invalid",
    });
    expect((await leadOf("late@example.com"))?.confirmedAt).toBeNull();
  });

  it("answers a plain form POST to /unsubscribe with 200 and the page, and still takes old links", async () => {
    await database.db
      .insert(leads)
      .values({ kind: "newsletter", email: "old@example.com", language: "en" });
    // A link from a mail written before: the address signed with the server's secret.
    const old = unsubscribeToken("old@example.com", SECRET);
    const page = await call(unsubscribeRoute.loader, `${SITE}/unsubscribe?token=${old}`);
    expect(page).toEqual({
      status: 200,
      data: { status: "confirm", email: "old@example.com", token: old, scope: "newsletter" },
    });
    const done = await call(unsubscribeRoute.action, `${SITE}/unsubscribe?token=${old}`, {
      token: old,
    });
    expect(done).toEqual({
      status: 200,
      data: { status: "done", email: "old@example.com", scope: "newsletter" },
    });
    expect(await suppressed("old@example.com")).toBe(true);
    // The page the browser loads after the post (no JavaScript) has the token again: 200.
    expect((await call(unsubscribeRoute.loader, `${SITE}/unsubscribe?token=${old}`)).status).toBe(
      200,
    );
    expect(
      await call(unsubscribeRoute.action, `${SITE}/unsubscribe`, { token: "y".repeat(43) }),
    ).toEqual({ status: 400, data: { status: "invalid" } });
  });
});
