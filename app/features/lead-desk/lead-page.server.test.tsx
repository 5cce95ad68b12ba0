import { and, asc, eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRouteRuntime } from "../../../tests/support/admin-runtime.ts";
import { auditLog, leads } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import * as leadRoute from "../../routes/admin.lead.tsx";
import { updatePipeline } from "./lead-desk.server.ts";
import { LeadPage } from "./lead-page.tsx";

const SITE = "http://desk.test";

/** A stored instant as the desk reads it: day and time in Phuket (UTC+7 all year). */
function phuketDateTime(at: Date): string {
  const local = new Date(at.getTime() + 7 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return (
    `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}, ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`
  );
}

/** The text of each item of the page's stage history, top to bottom. */
function historyItems(html: string): string[] {
  const list = html.match(/<ol[^>]*data-testid="stage-history"[^>]*>([\s\S]*?)<\/ol>/)?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
    (m[1] ?? "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

describe.each(TEST_ENGINES)("a lead's page on %s", (engine) => {
  let database: TestDatabase;
  let desk: string;
  let deskId: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ adminId: deskId, cookie: desk } = await adminRouteRuntime(database, {
      site: SITE,
      email: "desk@example.com",
      folder: "lead-page",
    }));
  });
  afterAll(() => database?.destroy());

  it("shows each stage change with its time, newest first, as stored", async () => {
    const db = database.db;
    const [lead] = await db
      .insert(leads)
      .values({ kind: "contact", name: "Mila", email: "mila@example.com" })
      .returning({ id: leads.id, createdAt: leads.createdAt });
    const id = lead?.id ?? 0;
    const pipeline = { lostReason: null, ownerId: null, followUpOn: null };
    expect(await updatePipeline(db, id, { ...pipeline, stage: "contacted" }, deskId)).toBe(true);
    expect(await updatePipeline(db, id, { ...pipeline, stage: "offer" }, deskId)).toBe(true);
    // The two saves, a day and some minutes apart, so their order and times tell apart.
    const saves = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "lead"), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(saves).toHaveLength(2);
    const times = [new Date("2026-11-20T03:15:42Z"), new Date("2026-11-21T10:05:07Z")];
    for (const [i, save] of saves.entries())
      await db.update(auditLog).set({ createdAt: times[i] }).where(eq(auditLog.id, save.id));

    // What is stored, read apart from the page's own code.
    const stored = await db
      .select({ at: auditLog.createdAt, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "lead"), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(stored.map((s) => (s.after as { stage: string }).stage)).toEqual(["contacted", "offer"]);
    const [first, second] = stored.map((s) => phuketDateTime(s.at));
    expect([first, second]).toEqual(["20/11/2026, 10:15:42", "21/11/2026, 17:05:07"]);

    const url = `${SITE}/admin/leads/${id}`;
    const loaded = await leadRoute.loader({
      request: new Request(url, { headers: { cookie: desk } }),
      params: { id: String(id) },
      context: new RouterContextProvider(),
      url: new URL(url),
    } as never);
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        HydrateFallback: () => null,
        Component: () => (
          <LeadPage lead={loaded.lead} owners={loaded.owners} actionData={undefined} />
        ),
      },
    ]);
    const html = renderToStaticMarkup(<Stub />);
    expect(historyItems(html)).toEqual([
      `Contacted → Offer ${second} · desk@example.com`,
      `New → Contacted ${first} · desk@example.com`,
      `New ${phuketDateTime(lead?.createdAt ?? new Date(0))} · received`,
    ]);
  });
});
