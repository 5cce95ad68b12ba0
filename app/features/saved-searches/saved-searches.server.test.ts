import { and, asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "../../../tests/support/mail-servers.ts";
import { openDatabase } from "../../db/client.server.ts";
import { hashEmailToken } from "../../db/email-tokens.server.ts";
import {
  emailSuppressions,
  emailTokens,
  outbox,
  properties,
  savedSearches,
} from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { DEMO_CONTACTS } from "../../lib/contacts.test-fixture.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import type { LeadActionDeps } from "../leads/lead-actions.server.ts";
import type { EmailMessage } from "../leads/lead-messages.ts";
import { createSenders, processDueMessages } from "../leads/outbox.server.ts";
import { saveSearchAction } from "./saved-search-actions.server.ts";
import { alertEmail, confirmationEmail, searchLinks } from "./saved-search-messages.ts";
import {
  CONFIRM_DAYS,
  confirmSearch,
  FORGET_AFTER_DAYS,
  findSearchByToken,
  forgetStaleSearches,
  saveSearch,
  sendSearchAlerts,
  unsubscribeSearch,
  unsubscribeTokenFor,
} from "./saved-searches.server.ts";
import { canonicalFilters, readFilters } from "./search-filters.ts";

const ORIGIN = "https://kamala.example";
const post = (path: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: ORIGIN },
  });
type Answer = {
  data: { status: string; fieldErrors?: Record<string, string> };
  init: ResponseInit | null;
};
const DAY_MS = 24 * 60 * 60 * 1000;

describe("a saved search's filters, schedule and mail", () => {
  it("keeps the filters in one canonical form, without order or page; refuses unknown values", () => {
    const a = readFilters("type=pool-villa&location=Kamala&sort=newest&page=3");
    const b = readFilters("location=Kamala&type=pool-villa");
    expect(a).toEqual({ status: "available", location: "Kamala", type: "pool-villa" });
    expect(a && canonicalFilters(a)).toBe(b && canonicalFilters(b));
    expect(readFilters("")).toEqual({ status: "available" });
    expect(readFilters("type=castle")).toBeNull();
    expect(readFilters(`location=${"x".repeat(400)}`)).toBeNull();
  });

  it("writes the confirmation and the alert in English and in Russian", () => {
    const filters = {
      status: "available" as const,
      type: "pool-villa" as const,
      bedrooms: "2" as const,
    };
    const token = "t".repeat(43);
    const units = [
      {
        slug: "villa-a",
        name: "Villa A",
        building: "The Trees",
        unitCode: "A1",
        bedrooms: 2,
        pricingYearly: 85_000,
      },
      {
        slug: "villa-b",
        name: "Villa B",
        building: "The Trees",
        unitCode: "B1",
        bedrooms: 5,
        pricingYearly: 120_000,
      },
    ];
    const en = confirmationEmail({
      email: "a@example.com",
      language: "en",
      filters,
      links: searchLinks(ORIGIN, token, "type=pool-villa&bedrooms=2", "en"),
      contacts: DEMO_CONTACTS,
      expiresInDays: 7,
    });
    expect(en.subject).toContain("Confirm your saved search");
    expect(en.text).toContain("Pool Villa · Bedrooms: 2 · Available");
    expect(en.text).toContain(`${ORIGIN}/saved-searches/confirm?token=${token}`);
    expect(en.unsubscribeUrl).toBeUndefined();

    const ru = alertEmail({
      email: "a@example.com",
      language: "ru",
      filters,
      units,
      links: searchLinks(ORIGIN, token, "type=pool-villa&bedrooms=2", "ru"),
      publicUrl: ORIGIN,
      contacts: DEMO_CONTACTS,
    });
    expect(ru.subject).toMatch(/^2 новых объекта по вашему поиску/);
    expect(ru.text).toContain("Вилла с бассейном");
    expect(ru.text).toContain(`${ORIGIN}/ru/units/villa-a`);
    expect(ru.text).toContain("2 спальни");
    expect(ru.text).toContain("5 спален");
    expect(ru.text).toContain(`${ORIGIN}/ru?type=pool-villa&bedrooms=2#units`);
    expect(ru.unsubscribeUrl).toBe(`${ORIGIN}/ru/saved-searches/unsubscribe?token=${token}`);
    expect(ru.oneClickUnsubscribe).toBe(true);
    const one = alertEmail({
      email: "a@example.com",
      language: "en",
      filters,
      units: units.slice(0, 1),
      links: searchLinks(ORIGIN, token, "", "en"),
      publicUrl: ORIGIN,
      contacts: DEMO_CONTACTS,
    });
    expect(one.subject).toMatch(/^A new unit matches your search/);
    expect(one.text).toContain("Villa A (The Trees · A1), 2 bedrooms, ฿85,000 a month");
  });
});

describe.each(TEST_ENGINES)("saved searches on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let deps: LeadActionDeps;
  let n = 0;
  const next = (): LeadActionDeps => ({ ...deps, clientAddress: `198.51.100.${++n}` });
  const settings = () => {
    if (!deps.messages) throw new Error("no settings");
    return deps.messages;
  };
  const searchOf = async (email: string) =>
    database.db.select().from(savedSearches).where(eq(savedSearches.email, email));
  const mailFor = async (searchId: number, purpose: string) =>
    (
      await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.savedSearchId, searchId), eq(outbox.purpose, purpose)))
        // In the order they were written: PostgreSQL returns updated rows in any order.
        .orderBy(asc(outbox.id))
    ).map((row) => row.payload as EmailMessage);
  /** The token of the latest link to `step` in a mail to `email`'s search. */
  const linkToken = async (email: string, step: "confirm" | "unsubscribe") => {
    const [row] = await searchOf(email);
    const mails = await mailFor(
      row?.id ?? 0,
      step === "confirm" ? "search-confirm" : "search-alert",
    );
    const text = mails.at(-1)?.text ?? "";
    return new RegExp(`/saved-searches/${step}\\?token=([A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? "";
  };
  const confirmTokenOf = (email: string) => linkToken(email, "confirm");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    smtp = await startSmtp();
    deps = {
      db: database.db,
      logger: pino({ level: "silent" }),
      publicUrl: ORIGIN,
      clientAddress: "",
      messages: {
        publicUrl: ORIGIN,
        contacts: DEMO_CONTACTS,
        secret: "s".repeat(40),
        notifications: {
          email: { smtpUrl: smtp.url, from: "desk@kamala.example", desk: [] },
          telegram: undefined,
        },
      },
    };
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.destroy();
  });

  it("stores the filters with the address and language, unconfirmed, and mails a confirmation", async () => {
    const answer = (await saveSearchAction(
      post("/ru/saved-searches", {
        email: "Anna@Example.com",
        consent: "yes",
        filters: "type=pool-villa&location=Kamala&sort=newest",
        page: "/ru/",
      }),
      next(),
    )) as unknown as Answer;
    expect(answer.data).toEqual({ status: "ok" });
    const [row] = await searchOf("anna@example.com");
    expect(row).toMatchObject({
      filters: "location=Kamala&type=pool-villa",
      language: "ru",
      confirmedAt: null,
      unsubscribedAt: null,
      sourcePage: "/ru/",
    });
    const [mail, ...more] = await mailFor(row?.id ?? 0, "search-confirm");
    expect(more).toEqual([]);
    expect(mail?.to).toEqual(["anna@example.com"]);
    expect(mail?.subject).toContain("Подтвердите сохранённый поиск");
    const token = await confirmTokenOf("anna@example.com");
    expect(mail?.text).toContain(`${ORIGIN}/ru/saved-searches/confirm?token=${token}`);
    // Kept only as its SHA-256: the link's token is nowhere in the database.
    const kept = await database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.savedSearchId, row?.id ?? 0));
    expect(kept).toMatchObject([{ purpose: "search-confirm", tokenHash: hashEmailToken(token) }]);
    expect(JSON.stringify(kept)).not.toContain(token);

    // The same search again (another order of the same filters): no second row, no second mail.
    const again = (await saveSearchAction(
      post("/ru/saved-searches", {
        email: "anna@example.com",
        consent: "yes",
        filters: "location=Kamala&type=pool-villa",
      }),
      next(),
    )) as unknown as Answer;
    expect(again.data).toEqual({ status: "ok" });
    expect(await searchOf("anna@example.com")).toHaveLength(1);
    expect(await mailFor(row?.id ?? 0, "search-confirm")).toHaveLength(1);
  });

  it("refuses a bad address, no consent and unknown or oversized filters with 400, storing nothing", async () => {
    const answer = (await saveSearchAction(
      post("/saved-searches", { email: "not-an-address", consent: "", filters: "type=castle" }),
      next(),
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({
      email: "forms.errors.email",
      consent: "forms.errors.searchConsent",
      filters: "forms.errors.filters",
    });
    const long = (await saveSearchAction(
      post("/saved-searches", {
        email: "long@example.com",
        consent: "yes",
        filters: `location=${"a".repeat(5000)}`,
      }),
      next(),
    )) as unknown as Answer;
    expect(long.init?.status).toBe(400);
    expect(long.data.fieldErrors).toEqual({ filters: "forms.errors.filters" });
    expect(await searchOf("not-an-address")).toEqual([]);
    expect(await searchOf("long@example.com")).toEqual([]);
  });

  it("limits posts per address like the other forms, and drops honeypot posts", async () => {
    const fixed = next();
    const fields = { email: "busy@example.com", consent: "yes", filters: "" };
    for (let i = 0; i < 10; i++) {
      const ok = (await saveSearchAction(
        post("/saved-searches", fields),
        fixed,
      )) as unknown as Answer;
      expect(ok.data.status).toBe("ok");
    }
    const refused = (await saveSearchAction(
      post("/saved-searches", fields),
      fixed,
    )) as unknown as Answer;
    expect(refused.init?.status).toBe(429);
    const trap = (await saveSearchAction(
      post("/saved-searches", { ...fields, email: "bot@example.com", website: "http://spam" }),
      next(),
    )) as unknown as Answer;
    expect(trap.data.status).toBe("ok");
    expect(await searchOf("bot@example.com")).toEqual([]);
  });

  it("confirms by the token only; the link expires after a week", async () => {
    const now = new Date();
    const { id } = await saveSearch(
      database.db,
      { email: "late@example.com", filters: "type=condo", language: "en", sourcePage: null },
      settings(),
      now,
    );
    const token = await confirmTokenOf("late@example.com");
    expect(await findSearchByToken(database.db, token, "confirm", now)).toMatchObject({
      id,
      confirmed: false,
      expired: false,
    });
    expect(await confirmSearch(database.db, "x".repeat(43), now)).toBe("invalid");
    const later = new Date(now.getTime() + (CONFIRM_DAYS + 1) * DAY_MS);
    expect(await confirmSearch(database.db, token, later)).toBe("expired");
    expect((await searchOf("late@example.com"))[0]?.confirmedAt).toBeNull();
    expect(await confirmSearch(database.db, token, now)).toBe("confirmed");
    expect((await searchOf("late@example.com"))[0]?.confirmedAt).not.toBeNull();
    expect(await confirmSearch(database.db, token, now)).toBe("confirmed");
  });

  it("forgets searches never confirmed or unsubscribed from a month ago, and keeps the rest", async () => {
    const then = new Date(Date.now() - (FORGET_AFTER_DAYS + 2) * DAY_MS);
    const save = (email: string, at: Date) =>
      saveSearch(
        database.db,
        { email, filters: "location=Rawai", language: "en", sourcePage: null },
        settings(),
        at,
      );
    const tokenOf = confirmTokenOf;
    const stopTokenOf = async (email: string) => {
      const [row] = await searchOf(email);
      if (!row) throw new Error("not stored");
      return unsubscribeTokenFor(database.db, row);
    };
    await save("never@example.com", then);
    await save("kept@example.com", then);
    await confirmSearch(database.db, await tokenOf("kept@example.com"), then);
    await save("left@example.com", then);
    await confirmSearch(database.db, await tokenOf("left@example.com"), then);
    await unsubscribeSearch(database.db, await stopTokenOf("left@example.com"), then);
    await save("recent@example.com", new Date(Date.now() - (FORGET_AFTER_DAYS - 2) * DAY_MS));

    expect(await forgetStaleSearches(database.db)).toBe(2);
    expect(await searchOf("never@example.com")).toEqual([]);
    expect(await searchOf("left@example.com")).toEqual([]);
    expect(await searchOf("kept@example.com")).toHaveLength(1);
    expect(await searchOf("recent@example.com")).toHaveLength(1);
    expect(await forgetStaleSearches(database.db)).toBe(0);
  });

  it("sends each confirmed search the units new to it, once, and nothing when nothing is new", async () => {
    const known = await insertTestUnit(database.db, "ss-known", {
      type: "pool-villa",
      location: "Bang Tao",
      bedrooms: 3,
    });
    const store = async (email: string, filters: string) => {
      await saveSearch(
        database.db,
        { email, filters, language: "en", sourcePage: null },
        settings(),
      );
      const [row] = await searchOf(email);
      if (!row) throw new Error("not stored");
      return row;
    };
    const villas = await store("villas@example.com", "location=Bang+Tao&type=pool-villa");
    const pending = await store("pending@example.com", "location=Bang+Tao&type=pool-villa");
    const leaving = await store("leaving@example.com", "location=Bang+Tao&type=pool-villa");
    const muted = await store("muted@example.com", "location=Bang+Tao&type=pool-villa");
    for (const s of [villas, leaving, muted])
      await confirmSearch(database.db, await confirmTokenOf(s.email));
    await database.db.insert(emailSuppressions).values({ email: "muted@example.com" });

    // The unit there at confirmation is not news; nor is anything yet.
    await sendSearchAlerts(database.db, settings());
    expect(await mailFor(villas.id, "search-alert")).toEqual([]);

    const fresh = await insertTestUnit(database.db, "ss-fresh", {
      type: "pool-villa",
      location: "Bang Tao",
      bedrooms: 2,
    });
    await insertTestUnit(database.db, "ss-condo", { type: "condo", location: "Bang Tao" });
    await insertTestUnit(database.db, "ss-elsewhere", { type: "pool-villa", location: "Kamala" });
    const freed = await insertTestUnit(database.db, "ss-freed", {
      type: "pool-villa",
      location: "Bang Tao",
      status: "occupied",
    });
    await unsubscribeSearch(database.db, await unsubscribeTokenFor(database.db, leaving));

    const first = new Date();
    await sendSearchAlerts(database.db, settings(), first);
    const [alert, ...others] = await mailFor(villas.id, "search-alert");
    expect(others).toEqual([]);
    expect(alert?.to).toEqual(["villas@example.com"]);
    expect(alert?.text).toContain(`${ORIGIN}/units/ss-fresh`);
    for (const slug of ["ss-known", "ss-condo", "ss-elsewhere", "ss-freed"])
      expect(alert?.text).not.toContain(`/units/${slug}`);
    const stop = await linkToken("villas@example.com", "unsubscribe");
    expect(alert?.unsubscribeUrl).toBe(`${ORIGIN}/saved-searches/unsubscribe?token=${stop}`);
    expect(stop).not.toBe(await confirmTokenOf("villas@example.com"));
    for (const s of [pending, leaving, muted])
      expect(await mailFor(s.id, "search-alert")).toEqual([]);
    expect((await searchOf("villas@example.com"))[0]?.lastSentAt?.getTime()).toBe(first.getTime());

    // Run again: nothing new, nothing sent; a unit edited meanwhile is not news either.
    await database.db
      .update(properties)
      .set({ description: "Edited" })
      .where(eq(properties.id, fresh));
    await database.db
      .update(properties)
      .set({ description: "Edited" })
      .where(eq(properties.id, known));
    expect((await sendSearchAlerts(database.db, settings())).mailed).toBe(0);
    expect(await mailFor(villas.id, "search-alert")).toHaveLength(1);

    // A unit that becomes available is new to the search.
    await database.db
      .update(properties)
      .set({ status: "available" })
      .where(eq(properties.id, freed));
    expect((await sendSearchAlerts(database.db, settings())).mailed).toBe(1);
    const [, second] = await mailFor(villas.id, "search-alert");
    expect(second?.text).toContain(`${ORIGIN}/units/ss-freed`);
    expect(second?.text).not.toContain("/units/ss-fresh");
  });

  it("sends a unit once even when two rounds run at once (two connections on PostgreSQL)", async () => {
    const other = database.url ? await openDatabase({ url: database.url }) : null;
    try {
      await saveSearch(
        database.db,
        { email: "twice@example.com", filters: "bedrooms=4%2B", language: "en", sourcePage: null },
        settings(),
      );
      const [row] = await searchOf("twice@example.com");
      await confirmSearch(database.db, await confirmTokenOf("twice@example.com"));
      await insertTestUnit(database.db, "ss-big", { bedrooms: 5 });
      await Promise.all([
        sendSearchAlerts(database.db, settings()),
        sendSearchAlerts(other?.db ?? database.db, settings()),
      ]);
      const alerts = await mailFor(row?.id ?? 0, "search-alert");
      expect(alerts).toHaveLength(1);
      expect(alerts[0]?.text).toContain("/units/ss-big");
    } finally {
      await other?.close();
    }
  });

  it("sends the alert with List-Unsubscribe and the one-click header; a new subscription after unsubscribing is confirmed again", async () => {
    await saveSearch(
      database.db,
      { email: "oneclick@example.com", filters: "status=soon", language: "en", sourcePage: null },
      settings(),
    );
    const [row] = await searchOf("oneclick@example.com");
    const firstConfirm = await confirmTokenOf("oneclick@example.com");
    // A confirm token unsubscribes nobody.
    expect(await unsubscribeSearch(database.db, firstConfirm)).toBe(false);
    await confirmSearch(database.db, firstConfirm);
    await insertTestUnit(database.db, "ss-soon", { status: "soon" });
    await sendSearchAlerts(database.db, settings());
    const senders = createSenders(settings().notifications, async () => ({
      pdf: Buffer.from(""),
      fileName: "x",
    }));
    while ((await processDueMessages(database.db, senders)) > 0) {}
    const mail = smtp.messages.find(
      (m) =>
        m.to &&
        "text" in m.to &&
        m.to.text === "oneclick@example.com" &&
        m.subject?.includes("matches"),
    );
    expect(mail?.text).toContain("/units/ss-soon");
    const header = (key: string) => mail?.headerLines.find((h) => h.key === key)?.line ?? "";
    const stop = await linkToken("oneclick@example.com", "unsubscribe");
    expect(header("list-unsubscribe")).toContain(
      `${ORIGIN}/saved-searches/unsubscribe?token=${stop}`,
    );
    // An unsubscribe token confirms nothing.
    expect(await confirmSearch(database.db, stop)).toBe("invalid");
    expect(header("list-unsubscribe-post")).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );

    expect(await unsubscribeSearch(database.db, stop)).toBe(true);
    expect(await unsubscribeSearch(database.db, "y".repeat(43))).toBe(false);
    await insertTestUnit(database.db, "ss-soon-2", { status: "soon" });
    await sendSearchAlerts(database.db, settings());
    expect(await mailFor(row?.id ?? 0, "search-alert")).toHaveLength(1);

    // Saved again the next day: the same row, unconfirmed, a new token and a new confirmation.
    await saveSearch(
      database.db,
      { email: "oneclick@example.com", filters: "status=soon", language: "en", sourcePage: null },
      settings(),
      new Date(Date.now() + DAY_MS),
    );
    const [back, ...none] = await searchOf("oneclick@example.com");
    expect(none).toEqual([]);
    expect(back).toMatchObject({ id: row?.id, confirmedAt: null, unsubscribedAt: null });
    expect(await confirmTokenOf("oneclick@example.com")).not.toBe(firstConfirm);
    expect(await mailFor(row?.id ?? 0, "search-confirm")).toHaveLength(2);
  });
});
