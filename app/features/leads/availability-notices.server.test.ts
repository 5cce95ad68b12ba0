import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "../../../tests/support/mail-servers.ts";
import { setRuntime } from "../../db/runtime.server.ts";
import {
  emailSuppressions,
  leads,
  outbox,
  properties,
  rateLimits,
  stays,
} from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { businessToday, plusDays } from "../../domain/date-time.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { DEMO_CONTACTS } from "../../lib/contacts.test-fixture.ts";
import { createLogger } from "../../lib/logger.server.ts";
import { clientAddressContext } from "../../lib/request-context.ts";
import * as unsubscribeRoute from "../../routes/unsubscribe.tsx";
import { getLead } from "../lead-desk/lead-desk.server.ts";
import { describeMessage } from "../lead-desk/lead-pipeline.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { startSavedSearchJob } from "../saved-searches/saved-search-jobs.server.ts";
import { MIN_FREE_DAYS, sendAvailabilityNotices } from "./availability-notices.server.ts";
import { storeLead } from "./leads.server.ts";
import { createSenders, processDueMessages } from "./outbox.server.ts";

const SITE = "https://kamala.example";
const logger = pino({ level: "silent" });

const settings = (smtpUrl: string) => ({
  publicUrl: SITE,
  contacts: DEMO_CONTACTS,
  secret: "a".repeat(40),
  notifications: {
    email: { smtpUrl, from: "Kamala Living <rentals@kamala.example>", desk: [] },
    telegram: undefined,
  },
});

describe.each(TEST_ENGINES)("availability notices on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let unitId: number;
  const today = businessToday();
  const wanted = plusDays(today, 40);
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    smtp = await startSmtp();
    const dataDir = mkdtempSync(path.join(tmpdir(), "notices-"));
    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: SITE, SMTP_URL: smtp.url });
    setRuntime({
      config,
      logger: createLogger("silent"),
      database,
      databaseReady: true,
      storage: new LocalDiskStorage(dataDir),
    } as never);
    const [unit] = await database.db
      .insert(properties)
      .values({
        slug: "canopy-pool-villa",
        name: "Canopy Pool Villa",
        building: "The Trees",
        unitCode: "V-01",
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
    setRuntime(undefined);
    await smtp?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(outbox);
    await database.db.delete(leads);
    await database.db.delete(stays);
    await database.db.delete(rateLimits);
    await database.db.delete(emailSuppressions);
    smtp.messages.length = 0;
    smtp.received.length = 0;
  });

  const s = () => settings(smtp.url);
  const notifyMe = (email: string, language: "en" | "ru", wantedFrom = wanted) =>
    storeLead(
      database.db,
      {
        kind: "availability-alert",
        email,
        propertyId: unitId,
        inputs: { slug: "canopy-pool-villa", wantedFrom },
        language,
        sourcePage: `/${language === "ru" ? "ru/" : ""}units/canopy-pool-villa`,
      },
      s(),
    );
  const sendDue = () =>
    processDueMessages(
      database.db,
      createSenders(s().notifications, async () => ({
        pdf: Buffer.alloc(0),
        fileName: "x.pdf",
      })),
      { logger },
    );
  const notices = () =>
    database.db.select().from(outbox).where(eq(outbox.purpose, "availability-notice"));

  it("sends one notice, in the visitor's language, once the calendar frees the wanted date", async () => {
    // A lease runs past the wanted date, then a short stay two months after it.
    const [lease] = await database.db
      .insert(stays)
      .values({
        propertyId: unitId,
        kind: "lease",
        startDate: plusDays(today, -100),
        endDate: plusDays(wanted, 10),
      })
      .returning({ id: stays.id });
    await database.db.insert(stays).values({
      propertyId: unitId,
      kind: "short-stay",
      startDate: plusDays(wanted, 60),
      endDate: plusDays(wanted, 67),
    });
    const id = await notifyMe("waiting@example.com", "ru");
    await sendDue();
    smtp.messages.length = 0;

    expect(await sendAvailabilityNotices(database.db, s())).toEqual({ checked: 1, mailed: 0 });
    // The stay ends early: free from the wanted date, for more than a month.
    await database.db
      .update(stays)
      .set({ endDate: plusDays(wanted, -3) })
      .where(eq(stays.id, lease?.id ?? 0));
    expect(await sendAvailabilityNotices(database.db, s())).toEqual({ checked: 1, mailed: 1 });
    // Again, and again the next day: nothing more.
    expect(await sendAvailabilityNotices(database.db, s())).toEqual({ checked: 0, mailed: 0 });
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    expect(await sendAvailabilityNotices(database.db, s(), tomorrow)).toEqual({
      checked: 0,
      mailed: 0,
    });
    expect(await sendDue()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0];
    const raw = smtp.received.at(-1)?.raw.toString("utf8") ?? "";
    expect(mail?.to && "text" in mail.to ? mail.to.text : "").toBe("waiting@example.com");
    // Russian: the subject names the unit and the first free day, the text the free stretch up to
    // the day before the next stay, and the unit's Russian page.
    const ruDate = (iso: string) =>
      new Intl.DateTimeFormat("ru-RU", {
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "UTC",
      }).format(new Date(`${iso}T00:00:00Z`));
    expect(mail?.subject).toBe(
      `Kamala Living: объект Canopy Pool Villa свободен с ${ruDate(wanted)}`,
    );
    expect(mail?.text).toContain(
      `Объект Canopy Pool Villa (The Trees · V-01) свободен с ${ruDate(wanted)} по ${ruDate(plusDays(wanted, 59))}.`,
    );
    expect(mail?.text).toContain(`${SITE}/ru/units/canopy-pool-villa`);
    expect(mail?.text).toContain("Это единственное уведомление");
    expect(raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    const stored = (await notices())[0]?.payload as { text: string; unsubscribeUrl: string };

    // The lead shows it was sent.
    const lead = await getLead(database.db, id);
    const said = lead?.messages.map(describeMessage) ?? [];
    expect(said.some((m) => /^Availability notice by e-mail: sent /.test(m))).toBe(true);

    // Its link's one-click POST stops all marketing (200), not replies.
    const token = new URL(stored.unsubscribeUrl).searchParams.get("token") ?? "";
    const body = "List-Unsubscribe=One-Click";
    const request = new Request(stored.unsubscribeUrl, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(body.length),
      },
    });
    const context = new RouterContextProvider();
    context.set(clientAddressContext, "192.0.2.9");
    const answer = (await unsubscribeRoute.action({
      request,
      url: new URL(stored.unsubscribeUrl),
      params: {},
      context,
    } as never)) as { init?: { status?: number } | null; data: unknown };
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data).toEqual({
      status: "done",
      email: "waiting@example.com",
      scope: "marketing",
    });
    const rows = await database.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.email, "waiting@example.com"));
    expect(rows.map((r) => `${r.scope}:${r.reason}`)).toEqual(["marketing:unsubscribed"]);
    // A new request from that address gets its reply, but no notice.
    await database.db.delete(rateLimits);
    await notifyMe("waiting@example.com", "ru");
    expect(await sendAvailabilityNotices(database.db, s())).toEqual({ checked: 1, mailed: 0 });
  });

  it("writes in English for an English request, from today when the wanted date has passed, in the saved searches' daily round", async () => {
    await database.db.insert(stays).values({
      propertyId: unitId,
      kind: "owner-block",
      startDate: plusDays(today, MIN_FREE_DAYS - 1),
      endDate: plusDays(today, MIN_FREE_DAYS + 5),
    });
    // Wanted from a day already gone: from today, and an owner's block within a month: not free.
    const id = await notifyMe("later@example.com", "en", plusDays(today, -5));
    const job = startSavedSearchJob({
      database,
      settings: s(),
      hour: 9,
      logger: createLogger("silent"),
      isReady: () => true,
      afterMail: () => {},
      alsoDaily: (db) => sendAvailabilityNotices(db, s()),
    });
    try {
      expect(await job.runNow()).toEqual({ ran: true, mailed: 0 });
      await database.db.delete(stays);
      expect(await job.runNow()).toEqual({ ran: true, mailed: 1 });
    } finally {
      job.stop();
    }
    const [notice] = await notices();
    expect(notice?.leadId).toBe(id);
    const payload = notice?.payload as { subject: string; text: string };
    const enDate = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${today}T00:00:00Z`));
    expect(payload.subject).toBe(`Kamala Living: Canopy Pool Villa is free from ${enDate}`);
    expect(payload.text).toContain("with nothing booked after that");
    expect(payload.text).toContain(`${SITE}/units/canopy-pool-villa`);
  });
});
