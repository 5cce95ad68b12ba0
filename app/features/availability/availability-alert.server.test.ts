import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, outbox } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { DEMO_CONTACTS } from "../../lib/contacts.test-fixture.ts";
import { availabilityAlertAction, type LeadActionDeps } from "../leads/lead-actions.server.ts";
import { insertTestUnit } from "./test-units.server.ts";

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

describe.each(TEST_ENGINES)("'notify me when it is free' on %s", (engine) => {
  let database: TestDatabase;
  let deps: LeadActionDeps;
  let unitId: number;
  let n = 0;
  const next = (): LeadActionDeps => ({ ...deps, clientAddress: `198.51.100.${++n}` });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    unitId = await insertTestUnit(database.db, "alert-unit", {
      status: "occupied",
      rentedUntil: "2027-05-31",
    });
    deps = { db: database.db, logger: pino({ level: "silent" }), clientAddress: "" };
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("queues an alert for the desk and a reply to the visitor, as every lead does", async () => {
    const withMail: LeadActionDeps = {
      ...next(),
      messages: {
        publicUrl: "https://kamala.example",
        contacts: DEMO_CONTACTS,
        secret: "a-secret-of-the-test-that-is-long-enough",
        notifications: {
          // Only queued here: the outbox's own tests send through a real SMTP server.
          email: {
            smtpUrl: "smtp://127.0.0.1:9",
            from: "desk@kamala.example",
            desk: ["desk@kamala.example"],
          },
          telegram: undefined,
        },
      },
    };
    const result = (await availabilityAlertAction(
      post("/units/alert-unit", {
        form: "availability-alert",
        email: "queued@example.com",
        wantedFrom: "2027-06-01",
        page: "/units/alert-unit",
      }),
      withMail,
      "alert-unit",
    )) as Answer;
    expect(result.data).toEqual({ status: "ok" });
    const [row] = await database.db
      .select()
      .from(leads)
      .where(eq(leads.email, "queued@example.com"));
    const queued = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.leadId, row?.id ?? 0));
    expect(queued.map((m) => m.purpose).sort()).toEqual(["alert", "reply"]);
  });

  it("stores the e-mail, the unit and the wanted date as an availability-alert lead", async () => {
    const result = (await availabilityAlertAction(
      post("/ru/units/alert-unit", {
        form: "availability-alert",
        email: "wait@example.com",
        wantedFrom: "2027-06-01",
        page: "/ru/units/alert-unit",
      }),
      next(),
      "alert-unit",
    )) as Answer;
    expect(result.data).toEqual({ status: "ok" });
    const rows = await database.db.select().from(leads).where(eq(leads.email, "wait@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "availability-alert",
      propertyId: unitId,
      language: "ru",
      sourcePage: "/ru/units/alert-unit",
      inputs: { slug: "alert-unit", wantedFrom: "2027-06-01" },
    });
  });

  it("answers a bad e-mail or date with 400 and stores nothing", async () => {
    for (const [fields, field] of [
      [{ email: "not an address", wantedFrom: "" }, "email"],
      [{ email: "ok@example.com", wantedFrom: "2027-02-30" }, "wantedFrom"],
      [{ email: `${"a".repeat(300)}@example.com`, wantedFrom: "" }, "email"],
    ] as const) {
      const result = (await availabilityAlertAction(
        post("/units/alert-unit", fields),
        next(),
        "alert-unit",
      )) as Answer;
      expect(result.init?.status).toBe(400);
      expect(Object.keys(result.data.fieldErrors ?? {})).toEqual([field]);
    }
    const stored = await database.db
      .select()
      .from(leads)
      .where(eq(leads.kind, "availability-alert"));
    // Only the good posts of the tests above are there.
    expect(stored.map((lead) => lead.email).sort()).toEqual([
      "queued@example.com",
      "wait@example.com",
    ]);
  });
});
