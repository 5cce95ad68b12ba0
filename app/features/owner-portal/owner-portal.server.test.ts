import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminUsers,
  outbox,
  ownerStayRequests,
  owners,
  stays,
  unitPrograms,
} from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { createSession, readSession } from "../auth/sessions.server.ts";
import { checkCredentials } from "../auth/sign-in.server.ts";
import { unitCalendarIcs } from "../availability/ical-export.server.ts";
import { addStay } from "../availability/stays.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import {
  createOwner,
  issueOwnerToken,
  saveUnitOwnership,
  setPasswordWithToken,
} from "./owner-accounts.server.ts";
import type { OwnerMailSettings } from "./owner-messages.server.ts";
import {
  loadOwnerOverview,
  loadOwnerUnit,
  refuseOwnerStay,
  requestOwnerStay,
  setAutoApproveOwnerStays,
} from "./owner-portal.server.ts";
import { ownerFormSchema, unitOwnershipSchema } from "./owner-schema.ts";
import { createOwnerSession, readOwnerSession } from "./owner-sessions.server.ts";
import { OWNER_ACCOUNTS } from "./owner-sign-in.server.ts";

// 10:00 in Phuket on 2026-11-26.
const now = new Date("2026-11-26T03:00:00Z");

const mail: OwnerMailSettings = {
  publicUrl: "http://127.0.0.1:3000",
  notifications: {
    email: {
      smtpUrl: "smtp://127.0.0.1:2525",
      from: "desk@example.com",
      desk: ["desk@example.com"],
    },
    telegram: undefined,
  } as OwnerMailSettings["notifications"],
};

const ownerInput = (email: string, language: "en" | "ru" = "en") =>
  ownerFormSchema.parse({
    name: `Owner ${email}`,
    email,
    language,
    alertChannels: ["email"],
    approvalThresholdBaht: "5000",
  });

describe.each(TEST_ENGINES)("the owner portal on %s", (engine) => {
  let database: TestDatabase;
  let anna: number;
  let boris: number;
  let guaranteed: number;
  let shared: number;
  let others: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    // Owners' ids apart from units' ids, so a query mixing them cannot pass by chance.
    for (let i = 0; i < 5; i++) await insertTestUnit(db, `padding-${i}`);
    anna = await createOwner(db, ownerInput("anna@example.com", "ru"), null);
    boris = await createOwner(db, ownerInput("boris@example.com"), null);
    guaranteed = await insertTestUnit(db, "villa-g");
    shared = await insertTestUnit(db, "condo-rs");
    others = await insertTestUnit(db, "boris-only");
    await saveUnitOwnership(
      db,
      unitOwnershipSchema.parse({
        propertyId: guaranteed,
        owners: [{ ownerId: anna, sharePercent: 100 }],
        program: "guaranteed",
        propertyValueBaht: "12000000",
        startDate: "2026-01-15",
      }),
      null,
    );
    await saveUnitOwnership(
      db,
      unitOwnershipSchema.parse({
        propertyId: shared,
        owners: [
          { ownerId: anna, sharePercent: 60 },
          { ownerId: boris, sharePercent: 40 },
        ],
        program: "revenue-share",
      }),
      null,
    );
    await saveUnitOwnership(
      db,
      unitOwnershipSchema.parse({
        propertyId: others,
        owners: [{ ownerId: boris, sharePercent: 100 }],
        program: "revenue-share",
      }),
      null,
    );
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("refuses shares of a unit that do not add up to 100", () => {
    const result = unitOwnershipSchema.safeParse({
      propertyId: 1,
      owners: [
        { ownerId: 1, sharePercent: 60 },
        { ownerId: 2, sharePercent: 30 },
      ],
      program: "revenue-share",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "The shares add up to 90%; they must add up to 100%",
    );
  });

  it("keeps a revenue-share unit's property value and start date when the desk gives them", async () => {
    const unit = await insertTestUnit(database.db, "condo-valued");
    const save = (value?: string) =>
      saveUnitOwnership(
        database.db,
        unitOwnershipSchema.parse({
          propertyId: unit,
          owners: [{ ownerId: boris, sharePercent: 100 }],
          program: "revenue-share",
          propertyValueBaht: value,
          startDate: value ? "2026-03-01" : undefined,
        }),
        null,
      );
    const stored = async () =>
      (
        await database.db
          .select({ value: unitPrograms.propertyValueBaht, start: unitPrograms.startDate })
          .from(unitPrograms)
          .where(eq(unitPrograms.propertyId, unit))
      )[0];
    await save("5000000");
    expect(await stored()).toEqual({ value: 5_000_000, start: "2026-03-01" });
    await save();
    expect(await stored()).toEqual({ value: null, start: null });
  });

  it("shows an owner only their own units, with share and program", async () => {
    const a = await loadOwnerOverview(database.db, anna, now);
    expect(a.units.map((u) => [u.id, u.sharePercent, u.program?.kind])).toEqual([
      [shared, 60, "revenue-share"],
      [guaranteed, 100, "guaranteed"],
    ]);
    // 7% of 12,000,000, a quarter of it paid each quarter; five years from the start.
    const g = a.units.find((u) => u.id === guaranteed);
    expect(g?.program).toMatchObject({
      annualReturnBaht: 840_000,
      quarterlyReturnBaht: 210_000,
      endDate: "2031-01-15",
    });
    expect(g?.freeNightsLeft).toBe(15);
    expect(await loadOwnerUnit(database.db, anna, others, now)).toBeNull();
    expect(await loadOwnerUnit(database.db, boris, guaranteed, now)).toBeNull();
  });

  it("never gives an owner a tenant's name", async () => {
    await addStay(
      database.db,
      shared,
      { kind: "lease", startDate: "2026-12-01", endDate: "2026-12-20", tenantName: "Ivan Secret" },
      { now },
    );
    const page = await loadOwnerUnit(database.db, anna, shared, now);
    expect(page?.stays).toEqual([
      { kind: "lease", startDate: "2026-12-01", endDate: "2026-12-20", nights: 19 },
    ]);
    expect(JSON.stringify(page)).not.toContain("Ivan");
    expect(JSON.stringify(await loadOwnerOverview(database.db, anna, now))).not.toContain("Ivan");
  });

  it("refuses 16 nights in June and any night in December on a guaranteed unit", async () => {
    const june = await requestOwnerStay(
      database.db,
      anna,
      guaranteed,
      { startDate: "2027-06-01", endDate: "2027-06-17" },
      mail,
      now,
    );
    expect(june).toEqual({
      ok: false,
      answer: { ok: false, reason: "allowance", year: 2027, nightsLeft: 15, nights: 16 },
    });
    const december = await requestOwnerStay(
      database.db,
      anna,
      guaranteed,
      { startDate: "2026-12-24", endDate: "2026-12-27" },
      mail,
      now,
    );
    expect(december).toMatchObject({ ok: false, answer: { reason: "season", nightsLeft: 15 } });
    const stored = await database.db
      .select()
      .from(ownerStayRequests)
      .where(eq(ownerStayRequests.propertyId, guaranteed));
    expect(stored).toEqual([]);
  });

  it("keeps a request for the desk, who refuses it with a mail in the owner's language", async () => {
    await setAutoApproveOwnerStays(database.db, false);
    const asked = await requestOwnerStay(
      database.db,
      anna,
      guaranteed,
      { startDate: "2027-07-01", endDate: "2027-07-11" },
      mail,
      now,
    );
    expect(asked).toEqual({ ok: true, status: "pending", nights: 10 });
    // Ten nights wait: five are left for 2027, so six more are refused.
    const more = await requestOwnerStay(
      database.db,
      anna,
      guaranteed,
      { startDate: "2027-08-01", endDate: "2027-08-07" },
      mail,
      now,
    );
    expect(more).toMatchObject({ ok: false, answer: { reason: "allowance", nightsLeft: 5 } });
    const [request] = await database.db
      .select()
      .from(ownerStayRequests)
      .where(eq(ownerStayRequests.propertyId, guaranteed));
    expect(request?.status).toBe("pending");
    const [admin] = await database.db
      .insert(adminUsers)
      .values({ email: "desk@example.com", passwordHash: "x" })
      .returning({ id: adminUsers.id });
    expect(
      await refuseOwnerStay(database.db, request?.id ?? 0, admin?.id ?? 0, "", mail, now),
    ).toEqual({ ok: true });
    const mails = await database.db.select().from(outbox).where(eq(outbox.purpose, "owner-alert"));
    expect(mails.map((m) => m.payload)).toEqual([
      expect.objectContaining({
        to: ["anna@example.com"],
        subject: "Проживание владельца невозможно: Unit villa-g",
      }),
    ]);
    const alerts = await database.db.select().from(outbox).where(eq(outbox.purpose, "alert"));
    expect(alerts).toHaveLength(1);
    expect((alerts[0]?.payload as { text: string } | undefined)?.text).toContain(
      "asks to block Unit villa-g",
    );
  });

  it("blocks free dates of a revenue-share unit at once when set so, and exports them", async () => {
    await setAutoApproveOwnerStays(database.db, true);
    const clash = await requestOwnerStay(
      database.db,
      boris,
      shared,
      { startDate: "2026-12-15", endDate: "2026-12-28" },
      mail,
      now,
    );
    expect(clash).toEqual({
      ok: false,
      answer: {
        ok: false,
        reason: "clash",
        clash: { kind: "lease", startDate: "2026-12-01", endDate: "2026-12-20" },
      },
    });
    const free = await requestOwnerStay(
      database.db,
      boris,
      shared,
      { startDate: "2026-12-20", endDate: "2026-12-28" },
      mail,
      now,
    );
    expect(free).toEqual({ ok: true, status: "approved", nights: 8 });
    const blocks = await database.db
      .select({ kind: stays.kind, start: stays.startDate, end: stays.endDate })
      .from(stays)
      .where(eq(stays.propertyId, shared));
    expect(blocks).toContainEqual({ kind: "owner-block", start: "2026-12-20", end: "2026-12-28" });
    const ics = await unitCalendarIcs(database.db, "condo-rs", {
      publicUrl: "http://127.0.0.1:3000",
      brandName: "Test",
      now,
    });
    expect(ics).toContain("DTSTART;VALUE=DATE:20261220");
    expect(ics).toContain("DTEND;VALUE=DATE:20261228");
    // Co-owner Anna sees the block as an owner stay on the shared unit.
    const page = await loadOwnerUnit(database.db, anna, shared, now);
    expect(page?.stays).toContainEqual({
      kind: "owner-block",
      startDate: "2026-12-20",
      endDate: "2026-12-28",
      nights: 8,
    });
    const decided = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.purpose, "owner-alert"));
    expect(decided.map((m) => (m.payload as { subject: string }).subject)).toContain(
      "Owner stay confirmed: Unit condo-rs",
    );
  });

  it("answers an owner's request for someone else's unit as not found", async () => {
    expect(
      await requestOwnerStay(
        database.db,
        anna,
        others,
        { startDate: "2027-02-01", endDate: "2027-02-03" },
        mail,
        now,
      ),
    ).toEqual({ ok: false, answer: null, notFound: true });
  });

  it("sets a password from an invitation once, then signs in as an owner only", async () => {
    const db = database.db;
    const token = await issueOwnerToken(db, boris, "invite", now);
    const later = new Date(now.getTime() + 60_000);
    expect(await setPasswordWithToken(db, token, "short", later)).toMatchObject({
      ok: false,
      reason: "weak",
    });
    expect(await setPasswordWithToken(db, token, "coconut harbour lantern", later)).toEqual({
      ok: true,
      ownerId: boris,
    });
    expect(await setPasswordWithToken(db, token, "coconut harbour lantern 2", later)).toEqual({
      ok: false,
      reason: "link",
    });
    const signIn = {
      email: "Boris@Example.com",
      password: "coconut harbour lantern",
      address: "127.0.0.9",
    };
    expect(await checkCredentials(db, signIn, later, OWNER_ACCOUNTS)).toMatchObject({
      ok: true,
      userId: boris,
    });
    // The same address and password are no admin account.
    expect(await checkCredentials(db, signIn, later)).toEqual({ ok: false, reason: "invalid" });
  });

  it("throttles owners' failed sign-ins on counters apart from the admin's", async () => {
    const db = database.db;
    const at = new Date(now.getTime() + 2 * 60 * 60 * 1000);
    const wrong = { email: "anna@example.com", password: "not her password", address: "10.9.9.9" };
    for (let i = 0; i < 5; i++) {
      expect(await checkCredentials(db, wrong, at, OWNER_ACCOUNTS)).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    expect(await checkCredentials(db, wrong, at, OWNER_ACCOUNTS)).toMatchObject({
      ok: false,
      reason: "throttled",
    });
    // The same address and e-mail at the admin's sign-in are counted from zero.
    expect(await checkCredentials(db, wrong, at)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses an invitation link after seven days", async () => {
    const token = await issueOwnerToken(database.db, anna, "invite", now);
    const eightDays = new Date(now.getTime() + 8 * 24 * 60 * 60 * 1000);
    expect(
      await setPasswordWithToken(database.db, token, "coconut harbour lantern", eightDays),
    ).toEqual({ ok: false, reason: "link" });
  });

  it("keeps owner and admin sessions apart", async () => {
    const db = database.db;
    const [admin] = await db
      .insert(adminUsers)
      .values({
        email: "second@example.com",
        passwordHash: "x",
      })
      .returning({ id: adminUsers.id });
    const adminToken = await createSession(db, admin?.id ?? 0, {}, now);
    const ownerToken = await createOwnerSession(db, anna, {}, now);
    expect(await readOwnerSession(db, adminToken, now)).toBeNull();
    expect(await readSession(db, ownerToken, now)).toBeNull();
    expect(await readOwnerSession(db, ownerToken, now)).toMatchObject({ id: anna, language: "ru" });
    await db.update(owners).set({ disabledAt: now }).where(eq(owners.id, anna));
    expect(await readOwnerSession(db, ownerToken, now)).toBeNull();
    await db.update(owners).set({ disabledAt: null }).where(eq(owners.id, anna));
  });
});
