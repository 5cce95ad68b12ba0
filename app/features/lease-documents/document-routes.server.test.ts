import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRuntime } from "../../db/runtime.server.ts";
import { leaseDues, properties } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import * as contractRoute from "../../routes/admin.lease-contract.ts";
import * as inspectionRoute from "../../routes/admin.lease-inspection.tsx";
import * as inspectionPdfRoute from "../../routes/admin.lease-inspection-pdf.ts";
import * as invoiceRoute from "../../routes/admin.lease-invoice.ts";
import { createAccount } from "../auth/accounts.server.ts";
import { createSession } from "../auth/sessions.server.ts";
import { leaseFormSchema } from "../leases/lease-schema.ts";
import { createLease, signLease } from "../leases/leases.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";

const SITE = "http://admin.test";

type Loader = (args: never) => Promise<Response>;

async function get(
  loader: Loader,
  pathAndQuery: string,
  params: Record<string, string>,
  cookie: string | null,
): Promise<Response> {
  const url = new URL(`${SITE}${pathAndQuery}`);
  const request = new Request(url, { headers: cookie ? { cookie } : {} });
  try {
    return await loader({ request, params, url, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function pdfText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.normalize("NFKC").replace(/\s+/g, " ");
}

describe.each(TEST_ENGINES)("lease document routes on %s", (engine) => {
  let database: TestDatabase;
  let cookie: string;
  let leaseId: number;
  let dueId: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const dataDir = mkdtempSync(path.join(tmpdir(), "lease-documents-"));
    setRuntime({
      config: loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL: SITE,
        PROMPTPAY_ID: "0812345678",
        BRAND_NAME: "Kamala Living",
      }),
      database,
      databaseReady: true,
      storage: new LocalDiskStorage(path.join(dataDir, "media")),
      logger: createLogger("silent"),
    });
    const admin = await createAccount(database.db, "desk@example.com", "coral reef at dawn");
    cookie = `admin_session=${await createSession(database.db, admin.id)}`;
    const [unit] = await database.db
      .insert(properties)
      .values({
        slug: "seaview-b305",
        name: "Seaview Residence",
        building: "Zen Space",
        unitCode: "B-305",
        type: "condo",
        location: "Kamala",
        bedrooms: 1,
        bathrooms: 1,
        sizeM2: 40,
        pricingMonthly: 45000,
        pricingSixMonth: 40000,
        pricingYearly: 37500,
      })
      .returning({ id: properties.id });
    const input = leaseFormSchema.parse({
      propertyId: String(unit?.id),
      term: "year",
      startDate: "2027-01-15",
      deposit: "75000",
      dueDay: "15",
      tenants: [
        {
          name: "Anna Petrova",
          nationality: "Russian",
          passportNumber: "753912345",
          email: "anna@example.com",
          phone: "+66 81 000 0000",
          language: "ru",
        },
      ],
    });
    leaseId = await createLease(database.db, input, admin.id);
    await signLease(database.db, leaseId, admin.id, {
      now: new Date("2027-01-10T03:00:00Z"),
      horizonDays: 60,
    });
    const [rent] = await database.db
      .select({ id: leaseDues.id })
      .from(leaseDues)
      .where(eq(leaseDues.leaseId, leaseId))
      .orderBy(leaseDues.dueDate, leaseDues.kind)
      .limit(2)
      .then((rows) => rows.slice(-1));
    dueId = rent?.id ?? 0;
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database?.destroy();
  });

  const contract = (query: string, id = String(leaseId), c: string | null = cookie) =>
    get(contractRoute.loader as Loader, `/admin/leases/${id}/contract.pdf${query}`, { id }, c);

  it("signed out: the contract sends to sign-in and shows nothing", async () => {
    const response = await contract("?lang=ru", String(leaseId), null);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });

  it("answers the contract in Thai and Russian, with the lease's figures and tenant", async () => {
    const response = await contract("?lang=ru");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await pdfText(response);
    expect(text).toContain("Anna Petrova");
    expect(text).toContain("753912345");
    // The unit's yearly price is the rent; the deposit as the lease was created.
    expect(text).toContain("ค่าเช่าเดือนละ 37,500 บาท".normalize("NFKC"));
    expect(text).toContain("75,000 บาท");
    expect(text).toContain("Договор аренды жилого");
    // From 15 January 2027 to 14 January 2028, the day before the first free day; in Thai
    // in the Buddhist era (2028 + 543).
    expect(text).toContain("15 января 2027 г.");
    expect(text).toContain("14 มกราคม 2571");
  });

  it("without lang follows the main tenant's language", async () => {
    const text = await pdfText(await contract(""));
    expect(text).toContain("Договор аренды жилого");
  });

  it("answers 400 for a bad lang and 404 for an unknown lease", async () => {
    const bad = await contract("?lang=de");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "lang must be th, en or ru.", field: "lang" });
    expect((await contract("?lang=th", "999999")).status).toBe(404);
    expect((await contract("?lang=th", "abc")).status).toBe(404);
  });

  const invoice = (id: string, due: string, c: string | null = cookie) =>
    get(
      invoiceRoute.loader as Loader,
      `/admin/leases/${id}/dues/${due}/invoice.pdf?lang=en`,
      { id, dueId: due },
      c,
    );

  it("answers a due's invoice with the amount and the PromptPay QR's amount", async () => {
    const response = await invoice(String(leaseId), String(dueId));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(response);
    expect(text).toContain("37,500 บาท");
    expect(text).toContain("Amount in the QR: 37500.00 THB");
    expect(text).toContain("Anna Petrova");
  });

  it("answers 404 for a due of no lease or another lease, and sends the signed-out away", async () => {
    expect((await invoice(String(leaseId), "999999")).status).toBe(404);
    expect((await invoice("999999", String(dueId))).status).toBe(404);
    expect((await invoice(String(leaseId), String(dueId), null)).status).toBe(302);
  });

  const report = (kind: string, c: string | null = cookie) =>
    get(
      inspectionPdfRoute.loader as Loader,
      `/admin/leases/${leaseId}/inspections/${kind}/report.pdf?lang=ru`,
      { id: String(leaseId), kind },
      c,
    );

  async function post(kind: string, fields: Record<string, string>, origin = SITE) {
    const body = new URLSearchParams(fields).toString();
    const request = new Request(`${SITE}/admin/leases/${leaseId}/inspections/${kind}`, {
      method: "POST",
      body,
      headers: {
        cookie,
        origin,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
      },
    });
    try {
      return await inspectionRoute.action({
        request,
        params: { id: String(leaseId), kind },
        context: {},
      } as never);
    } catch (thrown) {
      return thrown;
    }
  }
  const statusOf = (v: unknown) =>
    v instanceof Response ? v.status : ((v as { init?: { status?: number } }).init?.status ?? 200);

  it("prints the move-in report once started, with its items and a line for each party", async () => {
    expect((await report("move-in")).status).toBe(404);
    expect((await report("check-in")).status).toBe(404);
    expect(statusOf(await post("move-in", { intent: "start", inspectedOn: "2027-01-15" }))).toBe(
      200,
    );
    expect(
      statusOf(
        await post("move-in", {
          intent: "add-item",
          room: "Garden",
          item: "Sun loungers",
          condition: "damaged",
          notes: "One broken strap",
        }),
      ),
    ).toBe(200);
    const response = await report("move-in");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(response);
    expect(text).toContain("รายงานการตรวจสภาพห้องก่อนเข้าอยู่");
    expect(text).toContain("Акт осмотра при въезде");
    expect(text).toContain("Door and lock");
    expect(text).toContain("Sun loungers");
    expect(text).toContain("One broken strap");
    expect(text).toContain("(Anna Petrova)");
    expect(text).toContain("(Kamala Living)");
    expect((await report("move-in", null)).status).toBe(302);
  });

  it("answers a bad inspection form with 400 and a post from another site with 403", async () => {
    expect(statusOf(await post("move-in", { intent: "add-item", room: "", item: "x" }))).toBe(400);
    expect(
      statusOf(
        await post(
          "move-in",
          { intent: "start", inspectedOn: "2027-01-15" },
          "https://evil.example",
        ),
      ),
    ).toBe(403);
  });
});
