import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, properties } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { insertDemoUnits } from "../../setup/seed.server.ts";
import { demoUnits } from "../listings/demo-units.server.ts";
import {
  type LeadActionDeps,
  newsletterAction,
  revenueShareLeadAction,
  roiLeadAction,
  unitEnquiryAction,
} from "./lead-actions.server.ts";

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
const answer = (p: Promise<unknown>) => p as Promise<Answer>;

describe.each(TEST_ENGINES)("form actions on %s", (engine) => {
  let database: TestDatabase;
  let deps: LeadActionDeps;
  let n = 0;
  // A fresh address per post, so these tests never meet the rate limit.
  const next = (): LeadActionDeps => ({ ...deps, clientAddress: `192.0.2.${++n}` });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertDemoUnits(database.db, demoUnits().slice(0, 1));
    deps = { db: database.db, logger: pino({ level: "silent" }), clientAddress: "" };
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("stores an ROI lead with the calculator's inputs and the server's own projection", async () => {
    const result = await answer(
      roiLeadAction(
        post("/ru/owners/roi", {
          name: "Anna",
          email: "anna.roi@example.com",
          phone: "+66 81 000 0000",
          value: "12,345,678",
          area: "Kamala",
          property: "pool-villa",
          beds: "3",
          page: "/ru/owners/roi",
        }),
        next(),
      ),
    );
    expect(result.data).toEqual({ status: "ok" });
    const [row] = await database.db
      .select()
      .from(leads)
      .where(eq(leads.email, "anna.roi@example.com"));
    expect(row).toMatchObject({
      kind: "roi",
      name: "Anna",
      phone: "+66 81 000 0000",
      language: "ru",
      sourcePage: "/ru/owners/roi",
      inputs: {
        propertyValue: 12_345_678,
        location: "Kamala",
        type: "pool-villa",
        bedrooms: "3",
        annual: 864_197,
        quarterly: 216_049,
        monthly: 72_016,
        fiveYearTotal: 4_320_985,
        freeNights: 15,
      },
    });
  });

  it("refuses an ROI lead without valid calculator inputs", async () => {
    const result = await answer(
      roiLeadAction(
        post("/owners/roi", {
          name: "A",
          email: "a@example.com",
          value: "0",
          area: "Kamala",
          property: "condo",
        }),
        next(),
      ),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ value: "forms.errors.required" });
  });

  it("stores a revenue-share lead with its message", async () => {
    const result = await answer(
      revenueShareLeadAction(
        post("/owners/revenue-share", {
          name: "Rita",
          email: "rita@example.com",
          message: "Two villas",
        }),
        next(),
      ),
    );
    expect(result.data.status).toBe("ok");
    const [row] = await database.db.select().from(leads).where(eq(leads.email, "rita@example.com"));
    expect(row).toMatchObject({ kind: "revenue-share", message: "Two villas", language: "en" });
  });

  it("links a unit enquiry to its unit and keeps lease and move-in date", async () => {
    const unit = demoUnits()[0];
    if (!unit) throw new Error("no demo unit");
    const [property] = await database.db
      .select()
      .from(properties)
      .where(eq(properties.slug, unit.slug));
    const result = await answer(
      unitEnquiryAction(
        post(`/units/${unit.slug}`, {
          name: "Ivan",
          email: "",
          phone: "0812345678",
          lease: "6-months",
          moveIn: "2027-03-01",
          message: "Parking?",
        }),
        next(),
        unit.slug,
      ),
    );
    expect(result.data.status).toBe("ok");
    const [row] = await database.db.select().from(leads).where(eq(leads.phone, "0812345678"));
    expect(row).toMatchObject({
      kind: "unit-enquiry",
      propertyId: property?.id,
      email: null,
      message: "Parking?",
      inputs: { slug: unit.slug, lease: "6-months", moveIn: "2027-03-01" },
    });
  });

  it("answers 400 to an enquiry with neither e-mail nor phone, storing nothing", async () => {
    const result = await answer(
      unitEnquiryAction(
        post("/units/x", { name: "Nobody", lease: "1-year", email: "", phone: "" }),
        next(),
        "x",
      ),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ email: "forms.errors.contactRequired" });
    expect(await database.db.select().from(leads).where(eq(leads.name, "Nobody"))).toEqual([]);
  });

  it("answers 400 to a name with a line break and to a comma-joined address, storing nothing", async () => {
    const bad = await answer(
      roiLeadAction(
        post("/ru/owners/roi", {
          name: "Dear Bob\r\nBcc: victim@example.com",
          email: "crlf@example.com",
          value: "8000000",
          area: "Kamala",
          property: "pool-villa",
          beds: "3",
        }),
        next(),
      ),
    );
    expect(bad.init?.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ name: "forms.errors.singleLine" });
    const joined = await answer(
      revenueShareLeadAction(
        post("/owners/revenue-share", { name: "Root", email: "root,victim@example.com" }),
        next(),
      ),
    );
    expect(joined.init?.status).toBe(400);
    expect(joined.data.fieldErrors).toEqual({ email: "forms.errors.email" });
    const stored = await database.db.select().from(leads);
    expect(stored.filter((r) => r.email === "crlf@example.com" || r.name === "Root")).toEqual([]);
  });

  it("subscribes once however often the same address subscribes", async () => {
    for (const email of ["twice@example.com", "Twice@Example.com"]) {
      const result = await answer(
        newsletterAction(post("/newsletter", { email, consent: "yes" }), next()),
      );
      expect(result.data.status).toBe("ok");
    }
    const rows = await database.db.select().from(leads).where(eq(leads.kind, "newsletter"));
    expect(rows.filter((r) => r.email === "twice@example.com")).toHaveLength(1);
  });
});
