import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "../../../tests/support/mail-servers.ts";
import { leads, outbox } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { DEMO_CONTACTS } from "../../lib/contacts.test-fixture.ts";
import { insertDemoUnits } from "../../setup/seed.server.ts";
import { demoUnits } from "../listings/demo-units.server.ts";
import {
  type LeadActionDeps,
  newsletterAction,
  viewingRequestAction,
} from "./lead-actions.server.ts";
import { isViewingDate } from "./lead-forms.ts";
import { createSenders, processDueMessages } from "./outbox.server.ts";
import {
  isSuppressed,
  readUnsubscribeToken,
  suppressEmail,
  unsubscribeToken,
} from "./unsubscribe.server.ts";

const SECRET = "k".repeat(40);
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: "http://localhost" },
  });
type Answer = {
  data: { status: string; fieldErrors?: Record<string, string> };
  init: ResponseInit | null;
};

describe("viewing days and unsubscribe tokens", () => {
  it("takes a real day from today to a year ahead", () => {
    const now = new Date("2026-11-23T03:00:00Z");
    expect(isViewingDate("2026-11-23", now)).toBe(true);
    expect(isViewingDate("2027-11-23", now)).toBe(true);
    expect(isViewingDate("2027-11-25", now)).toBe(false);
    expect(isViewingDate("2026-11-20", now)).toBe(false);
    expect(isViewingDate("2026-11-31", now)).toBe(false);
    expect(isViewingDate("tomorrow", now)).toBe(false);
  });

  it("signs the address; a changed, foreign or oversized token names nobody", () => {
    const token = unsubscribeToken("Reader@Example.com", SECRET);
    expect(readUnsubscribeToken(token, SECRET)).toBe("reader@example.com");
    expect(readUnsubscribeToken(token, "another secret of forty characters......")).toBeNull();
    const other = Buffer.from("victim@example.com").toString("base64url");
    expect(readUnsubscribeToken(`${other}.${token.split(".")[1]}`, SECRET)).toBeNull();
    expect(readUnsubscribeToken(`${"A".repeat(10_000)}.${"b".repeat(32)}`, SECRET)).toBeNull();
    expect(readUnsubscribeToken("not a token", SECRET)).toBeNull();
    expect(readUnsubscribeToken(null, SECRET)).toBeNull();
  });
});

describe.each(TEST_ENGINES)("viewing requests and unsubscribing on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let deps: LeadActionDeps;
  let n = 0;
  const next = (): LeadActionDeps => ({ ...deps, clientAddress: `192.0.2.${++n}` });
  const slug = demoUnits()[0]?.slug ?? "";

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertDemoUnits(database.db, demoUnits().slice(0, 1));
    smtp = await startSmtp();
    deps = {
      db: database.db,
      logger: pino({ level: "silent" }),
      clientAddress: "",
      messages: {
        publicUrl: "https://kamala.example",
        contacts: DEMO_CONTACTS,
        secret: SECRET,
        notifications: {
          email: { smtpUrl: smtp.url, from: "desk@kamala.example", desk: ["desk@kamala.example"] },
          telegram: undefined,
        },
      },
    };
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.destroy();
  });

  it("stores a viewing request as its own kind, alerts the desk and replies in Russian", async () => {
    const date = day(3);
    const altDate = day(4);
    const result = (await viewingRequestAction(
      post(`/ru/units/${slug}/viewing`, {
        name: "Олег",
        email: "oleg@example.com",
        phone: "",
        date,
        altDate,
        time: "evening",
        message: "",
        page: `/ru/units/${slug}`,
      }),
      next(),
      slug,
    )) as unknown as Answer;
    expect(result.data).toEqual({ status: "ok" });
    const [row] = await database.db.select().from(leads).where(eq(leads.email, "oleg@example.com"));
    expect(row).toMatchObject({
      kind: "viewing",
      language: "ru",
      inputs: { slug, dates: [date, altDate], time: "evening" },
    });
    expect(row?.propertyId).not.toBeNull();
    const messages = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.leadId, row?.id ?? 0));
    expect(messages.map((m) => m.purpose).sort()).toEqual(["alert", "reply"]);

    await processDueMessages(
      database.db,
      createSenders(
        deps.messages?.notifications ?? { email: undefined, telegram: undefined },
        async () => ({ pdf: Buffer.from(""), fileName: "x.pdf" }),
      ),
    );
    const alert = smtp.messages.find((m) => m.subject?.startsWith("New lead: Viewing request"));
    expect(alert?.text).toContain("Preferred viewing dates:");
    expect(alert?.text).toContain("(evening)");
    expect(alert?.text).toContain(`https://kamala.example/units/${slug}`);
    const reply = smtp.messages.find(
      (m) => m.to && "text" in m.to && m.to.text === "oleg@example.com",
    );
    expect(reply?.text).toContain("Вы хотите посмотреть этот объект:");
    expect(reply?.text).toContain(`https://kamala.example/ru/units/${slug}`);
    expect(reply?.text).toContain("(вечер)");
  });

  it("refuses a past day, a missing contact and an unknown time with 400", async () => {
    const result = (await viewingRequestAction(
      post(`/units/${slug}/viewing`, {
        name: "X",
        email: "",
        phone: "",
        date: "2001-01-01",
        altDate: "x".repeat(5000),
        time: "midnight",
      }),
      next(),
      slug,
    )) as unknown as Answer;
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors).toMatchObject({
      email: "forms.errors.contactRequired",
      date: "forms.errors.viewingDate",
      altDate: "forms.errors.viewingDate",
      time: "forms.errors.required",
    });
  });

  it("sends no newsletter to an address that unsubscribed, signing it up again does not undo that, and a viewing request is still answered", async () => {
    await suppressEmail(database.db, "gone@example.com");
    const first = (await newsletterAction(
      post("/newsletter", { email: "Gone@example.com", consent: "yes" }),
      next(),
    )) as unknown as Answer;
    expect(first.data).toEqual({ status: "ok" });
    // Anyone could have typed the address: it stays suppressed, and no welcome is written.
    expect(await isSuppressed(database.db, "gone@example.com")).toBe(true);
    const [lead] = await database.db
      .select()
      .from(leads)
      .where(eq(leads.email, "gone@example.com"));
    expect(lead?.confirmedAt).toBeNull();
    const written = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.leadId, lead?.id ?? 0));
    const replies = written.filter((m) => m.purpose === "reply");
    // Only the confirmation, which only the address's owner can use.
    expect(replies.map((m) => (m.payload as { subject: string }).subject)).toEqual([
      "Kamala Living: please confirm your newsletter subscription",
    ]);

    await suppressEmail(database.db, "gone@example.com");
    await database.db.delete(outbox);
    const again = (await viewingRequestAction(
      post(`/units/${slug}/viewing`, {
        name: "Gone",
        email: "GONE@example.com",
        date: day(2),
        time: "any",
      }),
      next(),
      slug,
    )) as unknown as Answer;
    expect(again.data).toEqual({ status: "ok" });
    const rows = await database.db.select().from(outbox);
    // The unsubscribe was from the newsletter: the answer to a viewing request still goes.
    expect(rows.map((m) => m.purpose).sort()).toEqual(["alert", "reply"]);
    const reply = rows.find((m) => m.purpose === "reply")?.payload as { subject: string };
    expect(reply.subject).toMatch(/^Kamala Living: your viewing request/);
  });
});
