import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeTelegram,
  freePort,
  startFakeTelegram,
  startHungSmtp,
  startSmtp,
  type TestSmtp,
} from "../../../tests/support/mail-servers.ts";
import { type AppDatabase, openDatabase } from "../../db/client.server.ts";
import { outbox, properties } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { DEMO_CONTACTS } from "../../lib/contacts.test-fixture.ts";
import { formatBaht } from "../../lib/format.ts";
import { brochureFileName, cachedRoiBrochure } from "../owners/brochure.server.ts";
import { storeLead } from "./leads.server.ts";
import { confirmNewsletter, subscribeToNewsletter } from "./newsletter.server.ts";
import {
  createSenders,
  LEASE_MS,
  MAX_ATTEMPTS,
  type MessageSettings,
  processDueMessages,
  retryDelayMs,
  SEND_TIMEOUT_MS,
  type Senders,
  startOutboxWorker,
} from "./outbox.server.ts";
import { findUnsubscribeAddress, suppressEmail } from "./unsubscribe.server.ts";

const logger = pino({ level: "silent" });
const PUBLIC_URL = "https://kamala.example";
const TOKEN = "123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQr";
const SECRET = "s".repeat(40);

const brochure = async (lang: "en" | "ru") => ({
  pdf: (await cachedRoiBrochure(lang, DEMO_CONTACTS)).pdf,
  fileName: brochureFileName(lang),
});

function settings(smtpUrl: string | null, telegramApi: string | null): MessageSettings {
  return {
    publicUrl: PUBLIC_URL,
    contacts: DEMO_CONTACTS,
    secret: SECRET,
    notifications: {
      email: smtpUrl
        ? {
            smtpUrl,
            from: "Desk <desk@kamala.example>",
            desk: ["a@kamala.example", "b@kamala.example"],
          }
        : undefined,
      telegram: telegramApi ? { token: TOKEN, chatId: "-1001234", apiUrl: telegramApi } : undefined,
    },
  };
}

const ROI_INPUTS = {
  propertyValue: 8_000_000,
  location: "Kamala",
  type: "pool-villa",
  bedrooms: "3",
  annual: 560_000,
  quarterly: 140_000,
  monthly: 46_667,
  fiveYearTotal: 2_800_000,
  freeNights: 15,
};

it("waits 30 s after a first failure, doubling, never more than an hour", () => {
  expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  expect(retryDelayMs(8)).toBe(60 * 60 * 1000);
  expect(retryDelayMs(30)).toBe(60 * 60 * 1000);
});

describe.each(TEST_ENGINES)("outbox on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let telegram: FakeTelegram;
  let unitId: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    smtp = await startSmtp();
    telegram = await startFakeTelegram();
    const [unit] = await database.db
      .insert(properties)
      .values({
        slug: "sea-breeze-villa",
        name: "Sea Breeze Villa",
        building: "The Trees",
        unitCode: "TT-07",
        type: "pool-villa",
        location: "Kamala",
        bedrooms: 3,
        bathrooms: 3,
        sizeM2: 240,
        pricingMonthly: 150_000,
        pricingSixMonth: 140_000,
        pricingYearly: 120_000,
      })
      .returning({ id: properties.id });
    unitId = unit?.id ?? 0;
  });
  afterAll(async () => {
    await smtp?.close();
    await telegram?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    // Each test starts with nothing left to send.
    await database.db.delete(outbox);
    smtp.messages.length = 0;
    telegram.calls.length = 0;
    telegram.status = 200;
  });

  const sendAll = (s: MessageSettings, options = {}) =>
    processDueMessages(database.db, createSenders(s.notifications, brochure), {
      secrets: [TOKEN],
      ...options,
    });

  it("sends a Russian ROI lead's alert (mail and Telegram) and its reply with a link to the brochure", async () => {
    const s = settings(smtp.url, telegram.apiUrl);
    const id = await storeLead(
      database.db,
      {
        kind: "roi",
        name: "Анна",
        email: "anna@example.com",
        phone: "+7 900 000 00 00",
        inputs: ROI_INPUTS,
        language: "ru",
        sourcePage: "/ru/owners/roi",
        source: { utmSource: "facebook", utmMedium: "cpc", utmCampaign: "roi-nov", referrer: null },
      },
      s,
    );
    // Written with the lead, in its transaction.
    const rows = await database.db.select().from(outbox).where(eq(outbox.leadId, id));
    expect(rows.map((r) => `${r.purpose}:${r.channel}:${r.status}`).sort()).toEqual([
      "alert:email:pending",
      "alert:telegram:pending",
      "reply:email:pending",
    ]);

    const worker = startOutboxWorker({
      db: () => database.db,
      senders: createSenders(s.notifications, brochure),
      logger,
      pollMs: 60_000,
    });
    worker.nudge();
    await expect.poll(() => smtp.messages.length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => telegram.calls.length).toBe(1);
    await worker.stop();

    const alert = smtp.messages.find((m) => m.subject?.startsWith("New lead"));
    expect(alert?.subject).toBe("New lead: ROI 7% program — Анна");
    const alertTo = [alert?.to].flat().flatMap((a) => a?.value.map((v) => v.address));
    expect(alertTo).toEqual(["a@kamala.example", "b@kamala.example"]);
    expect(alert?.replyTo?.text).toBe("anna@example.com");
    for (const expected of [
      "E-mail: anna@example.com",
      "Phone: +7 900 000 00 00",
      "Language: Russian",
      "Property value: ฿8,000,000 (Kamala, Pool Villa, 3 bedrooms)",
      "Projection: ฿560,000 a year, ฿140,000 a quarter, ฿46,667 a month; ฿2,800,000 over 5 years; 15 free nights a year",
      "Page: https://kamala.example/ru/owners/roi",
      "Campaign: facebook / cpc / roi-nov",
      `Open in the admin: https://kamala.example/admin/leads/${id}`,
    ])
      expect(alert?.text).toContain(expected);

    const reply = smtp.messages.find((m) => m !== alert);
    expect(reply?.to && "text" in reply.to ? reply.to.text : "").toBe("anna@example.com");
    expect(reply?.subject).toBe("Kamala Living: ваша заявка на программу ROI 7%");
    expect(reply?.text).toContain("Здравствуйте, Анна!");
    expect(reply?.text).toContain("программой ROI 7%");
    // Russian groups digits with spaces and puts the baht sign after the amount.
    expect(reply?.text).toContain(`Прогноз: ${formatBaht(560_000, "ru")} в год`);
    // The place and the type in the visitor's language, never the form's codes.
    expect(reply?.text).toContain(
      `Стоимость недвижимости: ${formatBaht(8_000_000, "ru")} (Камала, Вилла с бассейном, 3 спальни)`,
    );
    expect(formatBaht(560_000, "ru")).toMatch(/^560\s000\s฿$/);
    expect(reply?.text).toContain(`Телефон: ${DEMO_CONTACTS.phone}`);
    expect(reply?.text).toContain(`WhatsApp: https://wa.me/${DEMO_CONTACTS.whatsapp}`);
    // The brochure as a link to the site's own route, not a 37 KB attachment.
    expect(reply?.attachments).toEqual([]);
    expect(reply?.text).toContain(
      "Брошюра программы (PDF):\nhttps://kamala.example/ru/owners/roi/brochure.pdf",
    );

    expect(telegram.calls[0]?.path).toBe(`/bot${TOKEN}/sendMessage`);
    expect(telegram.calls[0]?.body.chat_id).toBe("-1001234");
    expect(telegram.calls[0]?.body.text).toContain("New lead: ROI 7% program");
    expect(telegram.calls[0]?.body.text).toContain(`https://kamala.example/admin/leads/${id}`);

    const after = await database.db.select().from(outbox).where(eq(outbox.leadId, id));
    expect(after.every((r) => r.status === "sent" && r.sentAt !== null && r.attempts === 1)).toBe(
      true,
    );
  });

  it("names the unit with its absolute link, the lease and move-in, and replies in English", async () => {
    const s = settings(smtp.url, null);
    await storeLead(
      database.db,
      {
        kind: "unit-enquiry",
        name: "John",
        email: "john@example.com",
        message: "Is it quiet?",
        propertyId: unitId,
        inputs: { slug: "sea-breeze-villa", lease: "6-months", moveIn: "2027-01-15" },
        language: "en",
        sourcePage: "/units/sea-breeze-villa",
      },
      s,
    );
    expect(await sendAll(s)).toBe(2);
    const alert = smtp.messages.find((m) => m.subject?.startsWith("New lead"));
    expect(alert?.subject).toBe("New lead: Unit enquiry — Sea Breeze Villa — John");
    expect(alert?.text).toContain(
      "Unit: Sea Breeze Villa (The Trees · TT-07) — https://kamala.example/units/sea-breeze-villa",
    );
    expect(alert?.text).toContain("Lease: 6 months");
    expect(alert?.text).toContain("Move-in: 15 Jan 2027");
    // The visitor's words are quoted as theirs in the English alert.
    expect(alert?.text).toContain("The visitor wrote:\n> Is it quiet?");
    const reply = smtp.messages.find((m) => m !== alert);
    expect(reply?.subject).toBe("Kamala Living: your enquiry about Sea Breeze Villa");
    expect(reply?.text).toContain("Dear John,");
    expect(reply?.text).toContain("https://kamala.example/units/sea-breeze-villa");
    expect(reply?.text).toContain("within 24 hours");
    expect(reply?.attachments).toHaveLength(0);
  });

  it("keeps the alert's subject on one line whatever the visitor typed", async () => {
    const s = settings(smtp.url, null);
    await storeLead(
      database.db,
      {
        kind: "contact",
        name: "Eve\r\nBcc: victim@example.com",
        language: "en",
        sourcePage: "/",
      },
      s,
    );
    expect(await sendAll(s)).toBe(1);
    const [alert] = smtp.messages;
    expect(alert?.subject).toBe("New lead: Contact — Eve Bcc: victim@example.com");
    expect(alert?.bcc).toBeUndefined();
    // Our own text, before the mailer's encoding.
    const [row] = await database.db.select().from(outbox);
    expect((row?.payload as { subject: string } | undefined)?.subject).toBe(
      "New lead: Contact — Eve Bcc: victim@example.com",
    );
  });

  it("writes no messages for channels that are not configured", async () => {
    const id = await storeLead(
      database.db,
      { kind: "roi", name: "Nobody", email: "n@example.com", language: "en", sourcePage: "/" },
      settings(null, null),
    );
    expect(await database.db.select().from(outbox).where(eq(outbox.leadId, id))).toEqual([]);
  });

  it("keeps a message while the SMTP server is down and sends it once when it is back", async () => {
    const port = await freePort();
    const s = settings(`smtp://127.0.0.1:${port}`, telegram.apiUrl);
    telegram.status = 502;
    const id = await storeLead(
      database.db,
      {
        kind: "revenue-share",
        name: "Kim",
        email: "kim@example.com",
        language: "en",
        sourcePage: "/",
      },
      s,
    );
    // First try: nothing listens, Telegram answers 502.
    expect(await sendAll(s)).toBe(3);
    let rows = await database.db.select().from(outbox).where(eq(outbox.leadId, id));
    for (const row of rows) {
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.lastError).toBeTruthy();
      expect(row.lastError).not.toContain(TOKEN);
      // The next try waits for the back-off.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    }
    expect(rows.find((r) => r.channel === "telegram")?.lastError).toContain("502");
    expect(await sendAll(s)).toBe(0);

    const back = await startSmtp(port);
    telegram.status = 200;
    try {
      // Time passes: the retries are due.
      await database.db
        .update(outbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(outbox.leadId, id));
      const worker = startOutboxWorker({
        db: () => database.db,
        senders: createSenders(s.notifications, brochure),
        logger,
        pollMs: 50,
      });
      await expect
        .poll(
          async () =>
            (await database.db.select().from(outbox).where(eq(outbox.leadId, id))).map(
              (r) => r.status,
            ),
          { timeout: 15_000 },
        )
        .toEqual(["sent", "sent", "sent"]);
      await worker.stop();
      expect(back.messages).toHaveLength(2);
      expect(back.messages.map((m) => m.subject).sort()).toEqual([
        "Kamala Living: your 70:30 revenue share request",
        "New lead: 70:30 revenue share — Kim",
      ]);
      expect(telegram.calls).toHaveLength(1);
      rows = await database.db.select().from(outbox).where(eq(outbox.leadId, id));
      expect(rows.every((r) => r.attempts === 2 && r.lastError === null)).toBe(true);
    } finally {
      await back.close();
    }
  });

  it("sends a Telegram alert at once while the SMTP server accepts and never answers", async () => {
    const hung = await startHungSmtp();
    const s = settings(hung.url, telegram.apiUrl);
    const ids: number[] = [];
    for (const name of ["Hung 1", "Hung 2", "Hung 3"])
      ids.push(
        await storeLead(database.db, { kind: "contact", name, language: "en", sourcePage: "/" }, s),
      );
    const worker = startOutboxWorker({
      db: () => database.db,
      senders: createSenders(s.notifications, brochure),
      logger,
      pollMs: 60_000,
    });
    try {
      worker.nudge();
      // The mail server's greeting timeout alone is 10 s a message: no waiting for it.
      await expect.poll(() => telegram.calls.length, { timeout: 3_000 }).toBe(3);
      const telegramRows = async () =>
        (await database.db.select().from(outbox)).filter((r) => r.channel === "telegram");
      await expect
        .poll(async () => (await telegramRows()).map((r) => r.status), { timeout: 3_000 })
        .toEqual(["sent", "sent", "sent"]);
      expect((await telegramRows()).map((r) => r.leadId).sort()).toEqual([...ids].sort());
      await expect.poll(() => hung.connections, { timeout: 3_000 }).toBeGreaterThan(0);
      const rows = await database.db.select().from(outbox);
      // The mails are still out with the worker, not lost.
      const mails = rows.filter((r) => r.channel === "email");
      expect(mails.map((r) => `${r.status}:${r.attempts}`)).toEqual([
        "pending:1",
        "pending:1",
        "pending:1",
      ]);
    } finally {
      await hung.close();
      await worker.stop();
    }
  });

  it("leases a taken message for about a minute, and takes it again once that is over", async () => {
    expect(LEASE_MS).toBeGreaterThan(SEND_TIMEOUT_MS);
    expect(LEASE_MS).toBeLessThanOrEqual(75_000);
    const [row] = await database.db
      .insert(outbox)
      .values({ channel: "telegram", purpose: "alert", payload: { text: "crash" } })
      .returning({ id: outbox.id });
    let leasedFor = 0;
    // A worker that dies while sending: it took the message and never recorded an outcome.
    await processDueMessages(
      database.db,
      {
        telegram: async () => {
          const [taken] = await database.db
            .select()
            .from(outbox)
            .where(eq(outbox.id, row?.id ?? 0));
          leasedFor = (taken?.nextAttemptAt.getTime() ?? 0) - Date.now();
          throw new Error("the process died here");
        },
      },
      { retryDelay: () => 0 },
    );
    // 60 s (the 45 s send timeout and a margin), not 5 minutes; a second of slack for the clock.
    expect(leasedFor).toBeGreaterThan(SEND_TIMEOUT_MS);
    expect(leasedFor).toBeLessThanOrEqual(61_000);
    // As the dead worker left it: taken, its lease running. Nobody takes it meanwhile.
    await database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() + interval '60 seconds'`, lastError: null })
      .where(eq(outbox.id, row?.id ?? 0));
    const sent: string[] = [];
    const senders: Senders = { telegram: async (m) => void sent.push(m.text) };
    expect(await processDueMessages(database.db, senders)).toBe(0);
    // The lease is over: another worker takes it and sends it.
    await database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 millisecond'` })
      .where(eq(outbox.id, row?.id ?? 0));
    expect(await processDueMessages(database.db, senders)).toBe(1);
    expect(sent).toEqual(["crash"]);
    const [after] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, row?.id ?? 0));
    expect(after).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("gives up a try that gets no answer within the send timeout, and retries it later", async () => {
    const [row] = await database.db
      .insert(outbox)
      .values({
        channel: "email",
        purpose: "alert",
        payload: { to: ["a@b.co"], subject: "s", text: "t" },
      })
      .returning({ id: outbox.id });
    const started = Date.now();
    const taken = await processDueMessages(
      database.db,
      { email: () => new Promise<void>(() => {}) },
      { sendTimeoutMs: 300 },
    );
    expect(taken).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    const [after] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, row?.id ?? 0));
    expect(after).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(after?.lastError).toBe("no answer within 300 ms");
    expect(after?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });

  it("waits as long as Telegram asks after a 429", async () => {
    const s = settings(null, telegram.apiUrl);
    telegram.status = 429;
    const id = await storeLead(
      database.db,
      { kind: "contact", name: "Flood", language: "en", sourcePage: "/" },
      s,
    );
    expect(await sendAll(s)).toBe(1);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.leadId, id));
    expect(row?.lastError).toContain("Telegram answered 429");
    // 600 s asked, not the first back-off's 30 s.
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 500_000);
  });

  it("gives a message up, marked failed with its last error, after the last attempt", async () => {
    const s = settings(`smtp://127.0.0.1:${await freePort()}`, null);
    const id = await storeLead(
      database.db,
      { kind: "contact", name: "Lee", language: "en", sourcePage: "/" },
      s,
    );
    await database.db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outbox.leadId, id));
    expect(await sendAll(s)).toBe(1);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.leadId, id));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, sentAt: null });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    await database.db.update(outbox).set({ nextAttemptAt: sql`now()` });
    expect(await sendAll(s)).toBe(0);
  });

  it("never sends one message twice when several workers run at once", async () => {
    for (let i = 0; i < 40; i++) {
      await database.db.insert(outbox).values({
        channel: "telegram",
        purpose: "alert",
        payload: { text: `message ${i}` },
      });
    }
    const sent: string[] = [];
    const senders: Senders = {
      telegram: async (m) => {
        // A slow channel: the workers overlap.
        await new Promise((resolve) => setImmediate(resolve));
        sent.push(m.text);
      },
    };
    // On PostgreSQL, as two servers: each with a connection pool of its own.
    const second = database.url ? await openDatabase({ url: database.url }) : database;
    try {
      const work = async (db: AppDatabase) => {
        while ((await processDueMessages(db, senders, { batch: 3 })) > 0) {}
      };
      await Promise.all([work(database.db), work(second.db), work(database.db), work(second.db)]);
    } finally {
      if (second !== database) await second.close();
    }
    expect(sent).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
    const rows = await database.db.select().from(outbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("welcomes a confirmed subscriber with a one-click unsubscribe link, and mails nothing once unsubscribed", async () => {
    const s = settings(smtp.url, null);
    await subscribeToNewsletter(
      database.db,
      { email: "Reader@Example.com", language: "ru", sourcePage: "/ru" },
      s,
    );
    expect(await sendAll(s)).toBe(2);
    const confirmation = smtp.messages.find((m) => m.subject?.includes("подтвердите подписку"));
    const confirmLink = confirmation?.text?.match(/\/ru\/newsletter\/confirm\?token=(\S+)/);
    await confirmNewsletter(database.db, confirmLink?.[1], s);
    expect(await sendAll(s)).toBe(1);
    const welcome = smtp.messages.find((m) =>
      m.subject?.includes("добро пожаловать в нашу рассылку"),
    );
    expect(welcome?.text).toContain("Вы подписались на нашу рассылку");
    const link = welcome?.text?.match(/https:\/\/kamala\.example\/ru\/unsubscribe\?token=(\S+)/);
    expect(link).toBeTruthy();
    expect(await findUnsubscribeAddress(database.db, link?.[1] ?? null, SECRET)).toBe(
      "reader@example.com",
    );
    const listHeader = welcome?.headerLines.find((h) => h.key === "list-unsubscribe");
    expect(listHeader?.line).toContain(`<${link?.[0]}>`);
    const postHeader = welcome?.headerLines.find((h) => h.key === "list-unsubscribe-post");
    expect(postHeader?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    await suppressEmail(database.db, "reader@example.com");
    smtp.messages.length = 0;
    const id = await storeLead(
      database.db,
      {
        kind: "revenue-share",
        name: "R",
        email: "READER@example.com",
        language: "en",
        sourcePage: "/",
      },
      s,
    );
    const rows = await database.db.select().from(outbox).where(eq(outbox.leadId, id));
    // Leaving the newsletter stops the newsletter, not the reply to a request just made.
    expect(rows.map((r) => r.purpose).sort()).toEqual(["alert", "reply"]);
  });
});
