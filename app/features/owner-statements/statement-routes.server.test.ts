import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, RouterContextProvider } from "react-router";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRuntime } from "../../db/runtime.server.ts";
import { outbox, owners, unitOwners, unitPrograms } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import * as adminStatementsRoute from "../../routes/admin.statements.tsx";
import * as adminExportRoute from "../../routes/admin.statements-export.ts";
import * as pageRoute from "../../routes/owner.statement.tsx";
import * as fileRoute from "../../routes/owner.statement-file.ts";
import * as receiptRoute from "../../routes/owner.statement-receipt.ts";
import { createAccount } from "../auth/accounts.server.ts";
import { createSession } from "../auth/sessions.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { createOwnerSession } from "../owner-portal/owner-sessions.server.ts";
import { addExpense, addLedgerStay, storeReceipt } from "./ledger.server.ts";
import { alertStatementPublished } from "./statement-alerts.server.ts";
import { textCell } from "./statement-csv.ts";
import { draftEndedPeriods } from "./statement-jobs.server.ts";
import { approveStatement, generateDraft, publishStatement } from "./statements.server.ts";
import { StatementsWaiting } from "./statements-admin.tsx";

const SITE = "http://owner.test";

async function status(
  run: () => Promise<unknown>,
): Promise<{ status: number; response?: Response }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return { status: outcome.status, response: outcome };
  const init = (outcome as { init?: { status?: number } }).init;
  return { status: init?.status ?? 200 };
}

describe.each(TEST_ENGINES)("owners' statement pages and files on %s", (engine) => {
  let database: TestDatabase;
  let storage: LocalDiskStorage;
  let anna: string;
  let boris: string;
  let desk: string;
  let published: number;
  let draft: number;
  let expenseLine: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const dataDir = mkdtempSync(path.join(tmpdir(), "statement-routes-"));
    storage = new LocalDiskStorage(path.join(dataDir, "media"));
    setRuntime({
      config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: SITE }),
      database,
      databaseReady: true,
      storage,
      logger: createLogger("silent"),
    });
    const db = database.db;
    const admin = await createAccount(db, "desk@example.com", "coral reef at dawn");
    desk = `admin_session=${await createSession(db, admin.id)}`;
    const [a, b] = await db
      .insert(owners)
      .values([
        { name: "Анна", email: "anna@example.com", language: "ru" },
        { name: "Boris", email: "boris@example.com" },
      ])
      .returning({ id: owners.id });
    const annaUnit = await insertTestUnit(db, "anna-condo");
    const borisUnit = await insertTestUnit(db, "boris-condo");
    await db.insert(unitPrograms).values([
      { propertyId: annaUnit, kind: "revenue-share" },
      {
        propertyId: borisUnit,
        kind: "guaranteed",
        propertyValueBaht: 12_000_000,
        startDate: "2026-01-01",
      },
    ]);
    await db.insert(unitOwners).values([
      { propertyId: annaUnit, ownerId: a?.id as number, sharePercent: 100 },
      { propertyId: borisUnit, ownerId: b?.id as number, sharePercent: 100 },
    ]);
    await addLedgerStay(
      db,
      {
        propertyId: annaUnit,
        checkIn: "2026-10-02",
        checkOut: "2026-10-09",
        channel: "booking",
        gross: 21_000,
        commission: 3_150,
        reference: "",
      },
      null,
    );
    const pdf = Buffer.from("%PDF-1.4\n% a receipt\n");
    await addExpense(
      db,
      {
        propertyId: annaUnit,
        spentOn: "2026-10-10",
        category: "cleaning",
        vendor: '=HYPERLINK("x")',
        amount: 850,
        bearer: "owner",
        note: "",
      },
      await storeReceipt(storage, pdf),
      null,
    );
    published = await generateDraft(db, annaUnit, "2026-10-01", null);
    await approveStatement(db, published, null);
    await publishStatement(db, published, null, "2026-11-02");
    draft = await generateDraft(db, borisUnit, "2026-07-01", null);
    const { loadStatement } = await import("./statements.server.ts");
    expenseLine =
      (await loadStatement(db, published))?.lines.find((l) => l.kind === "expense")?.id ?? 0;
    anna = `owner_session=${await createOwnerSession(db, a?.id as number)}`;
    boris = `owner_session=${await createOwnerSession(db, b?.id as number)}`;
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database.destroy();
  });

  const get = (
    route: { loader: (args: never) => Promise<unknown> },
    url: string,
    cookie: string,
    params: Record<string, string>,
  ) =>
    status(() =>
      route.loader({
        request: new Request(`${SITE}${url}`, { headers: cookie ? { cookie } : {} }),
        params,
        context: new RouterContextProvider(),
        url: new URL(`${SITE}${url}`),
      } as never),
    );

  it("gives the owner their published statement as a page, a CSV and a Russian PDF", async () => {
    const id = String(published);
    expect((await get(pageRoute, `/owner/statements/${id}`, anna, { id })).status).toBe(200);
    const csv = await get(fileRoute, `/owner/statements/${id}.csv`, anna, { id });
    expect(csv.response?.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.response?.headers.get("cache-control")).toBe("no-store");
    const raw = Buffer.from(await (csv.response as Response).arrayBuffer());
    // UTF-8 with a byte order mark, so spreadsheets read Cyrillic.
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString("utf8");
    expect(text.split("\r\n")[0]).toBe(
      "row,date,description,source,gross,commissions,expenses,net,owner_share,company_share,withholding,payout",
    );
    // 21,000 − 3,150 − 850 = 17,000 net; 70% is 11,900.
    expect(text).toContain('"total","2026-11-01",');
    expect(text).toMatch(/"total",.*,21000,3150,850,17000,11900,5100,0,11900\r\n/);
    // A vendor with a formula inside stays quoted text; a cell starting with one is defused.
    expect(text).toContain(`"cleaning: =HYPERLINK(""x"")"`);
    expect(textCell("=HYPERLINK(1)")).toBe(`"'=HYPERLINK(1)"`);
    expect(textCell("-2+3")).toBe(`"'-2+3"`);
    const pdf = await get(fileRoute, `/ru/owner/statements/${id}.pdf`, anna, { id });
    expect(pdf.response?.headers.get("content-disposition")).toMatch(
      /attachment; filename=".*-ru\.pdf"/,
    );
    const bytes = new Uint8Array(await (pdf.response as Response).arrayBuffer());
    const { text: words } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    const flat = words.replace(/[\s\u00a0\u202f]+/g, " ");
    expect(flat).toContain("Отчёт владельца");
    expect(flat).toContain("11 900 ฿");
    const receipt = await get(
      receiptRoute,
      `/owner/statements/${id}/receipts/${expenseLine}`,
      anna,
      {
        id,
        lineId: String(expenseLine),
      },
    );
    expect(receipt.status).toBe(200);
    expect(receipt.response?.headers.get("content-type")).toBe("application/pdf");
  });

  it("answers 404 for another owner's statement, its files and receipts, a draft and bad ids", async () => {
    const id = String(published);
    expect((await get(pageRoute, `/owner/statements/${id}`, boris, { id })).status).toBe(404);
    for (const suffix of [".pdf", ".csv"])
      expect((await get(fileRoute, `/owner/statements/${id}${suffix}`, boris, { id })).status).toBe(
        404,
      );
    expect(
      (
        await get(receiptRoute, `/owner/statements/${id}/receipts/${expenseLine}`, boris, {
          id,
          lineId: String(expenseLine),
        })
      ).status,
    ).toBe(404);
    // Boris's own guaranteed quarter is still a draft: not his to see yet.
    expect(
      (await get(pageRoute, `/owner/statements/${draft}`, boris, { id: String(draft) })).status,
    ).toBe(404);
    for (const bad of ["abc", "0", "999999", "1e3"])
      expect(
        (await get(fileRoute, `/owner/statements/${bad}.csv`, anna, { id: bad })).status,
        bad,
      ).toBe(404);
    // Signed out, or with the desk's session: to the sign-in form.
    for (const cookie of ["", desk])
      expect((await get(fileRoute, `/owner/statements/${id}.pdf`, cookie, { id })).status).toBe(
        302,
      );
  });

  it("tells each owner of a publication in their language, with their payout and the link", async () => {
    const db = database.db;
    const before = (await db.select().from(outbox)).length;
    const queued = await alertStatementPublished(db, published, {
      publicUrl: SITE,
      notifications: {
        email: { smtpUrl: "smtp://127.0.0.1:2525", from: "desk@owner.test", desk: [] },
        telegram: undefined,
      },
    });
    expect(queued).toBe(1);
    const rows = (await db.select().from(outbox)).slice(before);
    expect(rows.map((r) => [r.channel, r.purpose])).toEqual([["email", "owner-alert"]]);
    const payload = rows[0]?.payload as { to: string[]; subject: string; text: string };
    expect(payload.to).toEqual(["anna@example.com"]);
    expect(payload.subject).toBe(
      "Опубликован отчёт: Unit anna-condo, 1 окт. 2026 г. – 31 окт. 2026 г.",
    );
    expect(payload.text.replace(/[\u00a0\u202f]/g, " ")).toContain("Ваша выплата: 11 900 ฿");
    expect(payload.text).toContain(`${SITE}/ru/owner/statements/${published}`);
  });

  it("exports the month for the accountant only to the desk", async () => {
    const csv = await get(adminExportRoute, "/admin/statements/export.csv?month=2026-10", desk, {});
    const rows = ((await csv.response?.text()) ?? "").trim().split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^\d+,1,"published","Unit anna-condo","revenue-share"/);
    expect((await get(adminExportRoute, "/admin/statements/export.csv", anna, {})).status).not.toBe(
      200,
    );
  });

  it("lists on the desk's page the drafts the daily round made, whatever month they close in", async () => {
    // The round on 26 November 2026: Boris's villa (from 1 January) gets its first two quarters;
    // his third quarter has a draft already, Anna's October is published.
    const made = await draftEndedPeriods(database.db, new Date("2026-11-26T00:00:00+07:00"));
    expect(made.map((d) => d.periodStart)).toEqual(["2026-01-01", "2026-04-01"]);
    const page = await adminStatementsRoute.loader({
      request: new Request(`${SITE}/admin/statements?month=2026-11`, { headers: { cookie: desk } }),
      params: {},
      context: new RouterContextProvider(),
      url: new URL(`${SITE}/admin/statements?month=2026-11`),
    } as never);
    expect(page.waiting.map((w) => [w.id, w.periodStart, w.status])).toEqual([
      [made[0]?.id, "2026-01-01", "draft"],
      [made[1]?.id, "2026-04-01", "draft"],
      [draft, "2026-07-01", "draft"],
    ]);
    // November's own list is empty: the drafts close in March, June and September.
    expect(page.statements).toEqual([]);
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(StatementsWaiting, { waiting: page.waiting }),
      ),
    );
    expect(html).toContain("3 drafts to review, 0 approved to publish");
    for (const [id, quarter] of [
      [made[0]?.id, "Q1 2026"],
      [made[1]?.id, "Q2 2026"],
      [draft, "Q3 2026"],
    ])
      expect(html).toMatch(new RegExp(`href="/admin/statements/${id}"[^]*?${quarter}`));
    expect(html).toContain("(made by the daily round)");
    // An owner's session does not open the desk's page.
    expect(
      (
        await status(() =>
          adminStatementsRoute.loader({
            request: new Request(`${SITE}/admin/statements`, { headers: { cookie: anna } }),
            params: {},
            context: new RouterContextProvider(),
            url: new URL(`${SITE}/admin/statements`),
          } as never),
        )
      ).status,
    ).not.toBe(200);
  });
});
