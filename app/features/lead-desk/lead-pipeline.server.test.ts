import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditLog, leads, outbox } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import {
  addLeadNote,
  deskToday,
  getLead,
  leadsCsv,
  leadsCsvFileName,
  listLeads,
  parseLeadFilter,
  updatePipeline,
} from "./lead-desk.server.ts";
import { noteSchema, pipelineSchema } from "./lead-pipeline.ts";

/** Today in Phuket by plain arithmetic (UTC+7 all year), not by the code under test. */
const phuketToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

describe("the desk's today", () => {
  it("is the day in Phuket: it turns at 17:00 UTC", () => {
    expect(deskToday(new Date("2026-11-22T16:59:59Z"))).toBe("2026-11-22");
    expect(deskToday(new Date("2026-11-22T17:00:00Z"))).toBe("2026-11-23");
    expect(deskToday(new Date("2026-11-23T06:00:00Z"))).toBe("2026-11-23");
  });
  it("dates the export's file by it", () => {
    expect(leadsCsvFileName(new Date("2026-11-22T16:59:59Z"))).toBe("leads-2026-11-22.csv");
    expect(leadsCsvFileName(new Date("2026-11-22T17:00:00Z"))).toBe("leads-2026-11-23.csv");
  });
});

describe("the pipeline form", () => {
  const form = (v: Partial<Record<string, string>>) => ({
    stage: "contacted",
    lostReason: "",
    ownerId: "",
    followUpOn: "",
    ...v,
  });
  it("reads a stage, an owner and a follow-up date", () => {
    expect(pipelineSchema.parse(form({ ownerId: "3", followUpOn: "2026-12-01" }))).toEqual({
      stage: "contacted",
      lostReason: null,
      ownerId: 3,
      followUpOn: "2026-12-01",
    });
  });
  it("wants a reason for a lost lead, and refuses what is not a stage, an id or a date", () => {
    const problems = (v: Partial<Record<string, string>>) =>
      pipelineSchema.safeParse(form(v)).error?.issues.map((i) => i.path[0]);
    expect(problems({ stage: "lost" })).toEqual(["lostReason"]);
    expect(problems({ stage: "won'; drop table leads" })).toEqual(["stage"]);
    expect(problems({ ownerId: "1e3" })).toEqual(["ownerId"]);
    expect(problems({ ownerId: "9".repeat(40) })).toEqual(["ownerId"]);
    expect(problems({ followUpOn: "2026-02-30" })).toEqual(["followUpOn"]);
    expect(problems({ lostReason: "x".repeat(301) })).toEqual(["lostReason"]);
    expect(noteSchema.safeParse({ body: "   " }).success).toBe(false);
    expect(noteSchema.safeParse({ body: "x".repeat(4001) }).success).toBe(false);
  });
});

describe.each(TEST_ENGINES)("the leads pipeline on %s", (engine) => {
  let database: TestDatabase;
  let me: number;
  let other: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const users = await database.db
      .insert(adminUsers)
      .values([
        { email: "me@example.com", passwordHash: "x" },
        { email: "other@example.com", passwordHash: "x" },
      ])
      .returning({ id: adminUsers.id });
    me = users[0]?.id ?? 0;
    other = users[1]?.id ?? 0;
    const rows = await database.db
      .insert(leads)
      .values([
        { kind: "roi", name: "Anna Petrova", email: "anna@example.com", phone: "+66 81 234 5678" },
        { kind: "unit-enquiry", name: "Bob", email: "bob@mail.test", ownerId: me },
        {
          kind: "contact",
          name: "Carl 100%_sure",
          followUpOn: "2020-01-01",
          ownerId: other,
          utmSource: "google",
          utmCampaign: "villas",
        },
        { kind: "viewing", name: "Dana", followUpOn: "2999-01-01" },
      ])
      .returning({ id: leads.id, name: leads.name });
    for (const r of rows) ids[r.name ?? ""] = r.id;
  });
  afterAll(() => database?.destroy());

  const list = (query: string, adminId = me) =>
    listLeads(database.db, parseLeadFilter(new URLSearchParams(query), adminId));

  it("puts overdue follow-ups first, then the newest", async () => {
    const all = await list("");
    expect(all[0]?.name).toBe("Carl 100%_sure");
    expect(all[0]?.overdue).toBe(true);
    expect(all.find((l) => l.name === "Dana")?.overdue).toBe(false);
  });

  it("searches names, e-mails and phone numbers, wildcards taken literally", async () => {
    expect((await list("q=petrova")).map((l) => l.name)).toEqual(["Anna Petrova"]);
    expect((await list("q=MAIL.TEST")).map((l) => l.name)).toEqual(["Bob"]);
    expect((await list("q=%2B668123")).map((l) => l.name)).toEqual(["Anna Petrova"]);
    expect((await list("q=%25_")).map((l) => l.name)).toEqual(["Carl 100%_sure"]);
    expect(await list("q=_")).toHaveLength(1);
    expect(await list(`q=${"a".repeat(5000)}`)).toEqual([]);
  });

  it("filters my leads and a stage", async () => {
    expect((await list("mine=1")).map((l) => l.name)).toEqual(["Bob"]);
    expect((await list("mine=1", other)).map((l) => l.name)).toEqual(["Carl 100%_sure"]);
    expect(await list("stage=new")).toHaveLength(4);
    expect(await list("stage=won")).toHaveLength(0);
    expect(parseLeadFilter(new URLSearchParams("stage=nope&mine=1"))).toEqual({
      kind: null,
      status: null,
    });
  });

  it("moves a lead through the stages, with an owner, a follow-up and dated notes", async () => {
    const id = ids["Anna Petrova"] ?? 0;
    expect(
      await updatePipeline(database.db, id, {
        stage: "viewing-booked",
        lostReason: "ignored unless lost",
        ownerId: other,
        followUpOn: phuketToday(),
      }),
    ).toBe(true);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "lead"), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({
      adminUserId: null,
      action: "pipeline",
      before: { stage: "new", lostReason: null, ownerId: null, followUpOn: null },
      after: {
        stage: "viewing-booked",
        lostReason: null,
        ownerId: other,
        followUpOn: phuketToday(),
      },
    });
    expect(await addLeadNote(database.db, id, me, "Called; viewing on Friday")).toBe(true);
    expect(await addLeadNote(database.db, id, other, "Confirmed by WhatsApp")).toBe(true);
    expect(await addLeadNote(database.db, 999_999, me, "nobody")).toBe(false);
    const lead = await getLead(database.db, id);
    expect(lead).toMatchObject({
      stage: "viewing-booked",
      lostReason: null,
      ownerEmail: "other@example.com",
      followUpOn: phuketToday(),
      // Due today counts as due.
      overdue: true,
    });
    expect(lead?.notes.map((n) => [n.body, n.author])).toEqual([
      ["Confirmed by WhatsApp", "other@example.com"],
      ["Called; viewing on Friday", "me@example.com"],
    ]);
    expect((await list("stage=viewing-booked")).map((l) => l.id)).toEqual([id]);

    await updatePipeline(
      database.db,
      id,
      { stage: "lost", lostReason: "Bought elsewhere", ownerId: null, followUpOn: null },
      me,
    );
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.adminUserId, (a.after as { stage: string }).stage])).toEqual([
      [null, "viewing-booked"],
      [me, "lost"],
    ]);
    expect(await getLead(database.db, id)).toMatchObject({
      stage: "lost",
      lostReason: "Bought elsewhere",
      ownerId: null,
      overdue: false,
    });
    // A save that keeps the stage is not a stage change.
    await updatePipeline(
      database.db,
      id,
      { stage: "lost", lostReason: "Bought a condo elsewhere", ownerId: null, followUpOn: null },
      other,
    );
    const history = (await getLead(database.db, id))?.stageHistory ?? [];
    expect(history.map((h) => [h.from, h.to, h.by])).toEqual([
      ["viewing-booked", "lost", "me@example.com"],
      ["new", "viewing-booked", null],
    ]);
    for (const change of history) expect(Date.parse(change.at)).not.toBeNaN();
    expect(Date.parse(history[0]?.at ?? "")).toBeGreaterThanOrEqual(
      Date.parse(history[1]?.at ?? ""),
    );
    // An owner that does not exist, or a lead that does not: nothing changes.
    expect(
      await updatePipeline(database.db, id, {
        stage: "won",
        lostReason: null,
        ownerId: 999_999,
        followUpOn: null,
      }),
    ).toBe(false);
    expect(
      await updatePipeline(database.db, 999_999, {
        stage: "won",
        lostReason: null,
        ownerId: null,
        followUpOn: null,
      }),
    ).toBe(false);
    expect(await getLead(database.db, 999_999)).toBeNull();
    // A lead keeps an owner whose account was disabled since; no lead is newly given to one.
    const carl = ids["Carl 100%_sure"] ?? 0;
    await database.db
      .update(adminUsers)
      .set({ disabledAt: new Date() })
      .where(eq(adminUsers.id, other));
    const keep = { stage: "new" as const, lostReason: null, followUpOn: "2020-01-01" };
    expect(await updatePipeline(database.db, carl, { ...keep, ownerId: other })).toBe(true);
    expect(await updatePipeline(database.db, id, { ...keep, ownerId: other })).toBe(false);
    await database.db.update(adminUsers).set({ disabledAt: null }).where(eq(adminUsers.id, other));
  });

  it("shows each lead's alerts and exports the new columns after the old ones", async () => {
    const id = ids.Bob ?? 0;
    await database.db.insert(outbox).values([
      {
        channel: "email",
        purpose: "alert",
        leadId: id,
        payload: {},
        status: "sent",
        sentAt: new Date(),
      },
      {
        channel: "telegram",
        purpose: "alert",
        leadId: id,
        payload: {},
        status: "failed",
        attempts: 10,
        lastError: "Telegram answered 403",
      },
    ]);
    const [bob] = await list("q=bob");
    expect(bob?.messages.map((m) => `${m.channel}:${m.status}`)).toEqual([
      "email:sent",
      "telegram:failed",
    ]);
    const csv = leadsCsv(await list(""));
    const carl = csv.split("\r\n").find((l) => l.includes("Carl"));
    expect(carl).toContain('"new","","other@example.com","2020-01-01","google","","villas","",""');
    const bobLine = csv.split("\r\n").find((l) => l.includes("bob@mail.test"));
    expect(bobLine).toContain('"alert email sent; alert telegram failed (Telegram answered 403)"');
  });
});
