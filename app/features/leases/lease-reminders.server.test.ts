import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, properties } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { runLeaseReminders } from "./lease-reminders.server.ts";
import { leaseFormSchema } from "./lease-schema.ts";
import { createLease, signLease } from "./leases.server.ts";

// 10:00 in Phuket on 2027-03-02.
const now = new Date("2027-03-02T03:00:00Z");
const later = (days: number) => new Date(now.getTime() + days * 864e5);
const settings = {
  publicUrl: "http://127.0.0.1:3000",
  notifications: {
    email: {
      smtpUrl: "smtp://127.0.0.1:2525",
      from: "desk@example.com",
      desk: ["desk@example.com"],
    },
    telegram: undefined,
  },
  retentionDays: 1825,
};

describe.each(TEST_ENGINES)("lease reminders on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("reminds the tenant 3 days before and once when overdue, in their language, and alerts the desk of a late TM30", async () => {
    const db = database.db;
    const [unit] = await db
      .insert(properties)
      .values({
        slug: "reminded",
        name: "Karon Bay Condo",
        building: "Zen Space",
        unitCode: "Z-1",
        type: "condo",
        location: "Karon",
        bedrooms: 1,
        bathrooms: 1,
        sizeM2: 40,
        pricingMonthly: 40000,
        pricingSixMonth: 35000,
        pricingYearly: 30000,
      })
      .returning({ id: properties.id });
    const id = await createLease(
      db,
      leaseFormSchema.parse({
        propertyId: String(unit?.id),
        term: "month",
        startDate: "2027-03-05",
        deposit: "0",
        tenants: [
          {
            name: "Anna Petrova",
            nationality: "Russian",
            email: "anna@example.com",
            language: "ru",
          },
        ],
      }),
      null,
    );
    await signLease(db, id, null, { now });
    const messages = () =>
      db.select().from(outbox).where(eq(outbox.leaseId, id)).orderBy(outbox.id);

    // 1 March: the 5th is 4 days ahead, not yet.
    expect(await runLeaseReminders(db, settings, new Date("2027-03-01T03:00:00Z"))).toMatchObject({
      tenantReminders: 0,
    });
    // 2 March: the 5th is 3 days ahead.
    expect(await runLeaseReminders(db, settings, now)).toMatchObject({
      tenantReminders: 1,
      deskAlerts: 0,
    });
    let sent = await messages();
    expect(sent.map((m) => [m.channel, m.purpose])).toEqual([["email", "lease-reminder"]]);
    expect(sent[0]?.payload).toMatchObject({
      to: ["anna@example.com"],
      subject: "Напоминание: скоро оплата аренды за Karon Bay Condo",
    });
    const text = String((sent[0]?.payload as { text?: string } | undefined)?.text);
    // Russian groups thousands with a no-break space.
    expect(text).toContain(
      "до 5 марта 2027 г. нужно оплатить аренду за Karon Bay Condo в размере 40\u00a0000 THB.",
    );
    // The same day again: nothing twice.
    expect(await runLeaseReminders(db, settings, now)).toMatchObject({ tenantReminders: 0 });

    // 7 March: the rent is overdue, and the TM30 report (due 6 March, 00:00 in Phuket) is late.
    expect(await runLeaseReminders(db, settings, later(5))).toMatchObject({
      tenantReminders: 1,
      deskAlerts: 1,
    });
    sent = await messages();
    expect(sent).toHaveLength(3);
    expect(sent[1]?.payload).toMatchObject({
      subject: "Просрочен платёж: аренда за Karon Bay Condo",
    });
    expect(sent[2]).toMatchObject({ channel: "email", purpose: "alert" });
    expect(sent[2]?.payload).toMatchObject({
      to: ["desk@example.com"],
      subject: "TM30 overdue: Anna Petrova, Karon Bay Condo",
    });
    expect(await runLeaseReminders(db, settings, later(6))).toMatchObject({
      tenantReminders: 0,
      deskAlerts: 0,
    });
  });
});
