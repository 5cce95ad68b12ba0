import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { type LeadFormResult, ROI_LEAD_FIELDS } from "./lead-fields.ts";
import { parseForm, roiLeadSchema } from "./lead-forms.ts";
import { countLeads, handleLeadPost, storeLead } from "./leads.server.ts";
import { subscribeToNewsletter } from "./newsletter.server.ts";

const logger = pino({ level: "silent" });

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
}

type Answer = { data: LeadFormResult<string>; init: ResponseInit | null };

describe.each(TEST_ENGINES)("leads on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const roiPost = (
    request: Request,
    clientAddress = "198.51.100.1",
    rule?: { limit: number; windowMs: number },
  ) =>
    handleLeadPost({
      request,
      db: database.db,
      logger,
      clientAddress,
      kind: "roi",
      fields: ROI_LEAD_FIELDS,
      validate: (f) => parseForm(roiLeadSchema, f),
      rule,
      store: async (db, value, meta) => {
        await storeLead(db, { kind: "roi", ...value, inputs: { propertyValue: 1 }, ...meta });
      },
    }) as unknown as Promise<Answer>;

  it("stores a lead with its inputs, language and page", async () => {
    const id = await storeLead(database.db, {
      kind: "roi",
      name: "Anna",
      email: "anna@example.com",
      phone: "",
      inputs: { propertyValue: 12_345_678, location: "Kamala", annual: 864_197 },
      language: "ru",
      sourcePage: "/ru/owners/roi",
    });
    const rows = await database.db.select().from(leads);
    const row = rows.find((r) => r.id === id);
    expect(row).toMatchObject({
      kind: "roi",
      name: "Anna",
      email: "anna@example.com",
      phone: null,
      inputs: { propertyValue: 12_345_678, location: "Kamala", annual: 864_197 },
      language: "ru",
      sourcePage: "/ru/owners/roi",
      status: "new",
    });
  });

  it("stores a valid post, and answers 400 with field errors and the typed values", async () => {
    const before = await countLeads(database.db, "roi");
    const ok = await roiPost(
      post("/ru/owners/roi", { name: "Boris", email: "boris@example.com", page: "/ru/owners/roi" }),
    );
    expect(ok.data).toEqual({ status: "ok" });
    expect(await countLeads(database.db, "roi")).toBe(before + 1);

    const bad = await roiPost(post("/owners/roi", { name: "", email: "x" }));
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toEqual({
      status: "invalid",
      fieldErrors: { name: "forms.errors.required", email: "forms.errors.email" },
      values: { name: "", email: "x", phone: "" },
    });
    expect(await countLeads(database.db, "roi")).toBe(before + 1);
  });

  it("wakes the outbox once a lead is stored, and only then", async () => {
    let woken = 0;
    const postWith = (fields: Record<string, string>, address: string) =>
      handleLeadPost({
        request: post("/owners/roi", fields),
        db: database.db,
        logger,
        clientAddress: address,
        kind: "roi",
        fields: ROI_LEAD_FIELDS,
        validate: (f) => parseForm(roiLeadSchema, f),
        store: async (db, value, meta) => {
          await storeLead(db, { kind: "roi", ...value, ...meta });
        },
        afterStore: () => woken++,
      });
    await postWith({ name: "Wake", email: "wake@example.com", phone: "" }, "198.51.100.60");
    expect(woken).toBe(1);
    await postWith({ name: "", email: "nope", phone: "" }, "198.51.100.61");
    await postWith({ name: "Bot", email: "b@example.com", website: "x" }, "198.51.100.62");
    expect(woken).toBe(1);
  });

  it("accepts a filled honeypot silently and stores nothing", async () => {
    const before = await countLeads(database.db, "roi");
    const answer = await roiPost(
      post("/owners/roi", { name: "Bot", email: "bot@example.com", website: "http://spam" }),
    );
    expect(answer.data).toEqual({ status: "ok" });
    expect(await countLeads(database.db, "roi")).toBe(before);
  });

  it("refuses a post from another site", async () => {
    await expect(
      roiPost(post("/owners/roi", { name: "A", email: "a@b.co" }, { origin: "https://evil.test" })),
    ).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("takes ten posts from an address in a quarter of an hour, and refuses the eleventh", async () => {
    // The window is fixed (a quarter of an hour): a burst that straddles its end is tried again.
    const windowOf = () => Math.floor(Date.now() / (15 * 60_000));
    for (const address of ["203.0.113.70", "203.0.113.71"]) {
      const window = windowOf();
      const before = await countLeads(database.db, "roi");
      const statuses: number[] = [];
      for (let i = 1; i <= 11; i++) {
        const fields = { name: `Visitor ${address} ${i}`, email: `visitor-${i}@example.com` };
        statuses.push((await roiPost(post("/owners/roi", fields), address)).init?.status ?? 200);
      }
      if (windowOf() !== window) continue;
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
      expect(await countLeads(database.db, "roi")).toBe(before + 10);
      const eleventh = await database.db
        .select()
        .from(leads)
        .where(eq(leads.name, `Visitor ${address} 11`));
      expect(eleventh).toEqual([]);
      return;
    }
    throw new Error("two bursts straddled a window's end");
  });

  it("answers 429 with the values once an address is over the limit", async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    const fields = { name: "Clara", email: "clara@example.com" };
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await roiPost(post("/owners/roi", fields), "203.0.113.50", rule));
    expect(answers.map((a) => a.init?.status ?? 200)).toEqual([200, 200, 429]);
    expect(answers[2]?.data).toMatchObject({ status: "rate-limited", values: { name: "Clara" } });
    // Another address is not affected.
    expect((await roiPost(post("/owners/roi", fields), "203.0.113.51", rule)).data.status).toBe(
      "ok",
    );
  });

  it("answers 503 with the values when the database cannot store the lead", async () => {
    const answer = (await handleLeadPost({
      request: post("/owners/roi", { name: "Dora", email: "dora@example.com" }),
      db: null,
      logger,
      clientAddress: "198.51.100.9",
      kind: "roi",
      fields: ROI_LEAD_FIELDS,
      validate: (f) => parseForm(roiLeadSchema, f),
      store: async () => {},
    })) as unknown as Answer;
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toEqual({
      status: "unavailable",
      values: { name: "Dora", email: "dora@example.com", phone: "" },
    });
  });

  it("keeps one newsletter subscription per address, whatever the case", async () => {
    const first = await subscribeToNewsletter(database.db, {
      email: "Reader@Example.com",
      language: "en",
      sourcePage: "/",
    });
    const second = await subscribeToNewsletter(database.db, {
      email: "reader@example.com",
      language: "ru",
      sourcePage: "/ru",
    });
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(await countLeads(database.db, "newsletter")).toBe(1);
  });

  it("keeps the visitor's campaign and referrer with the lead; a hostile cookie is dropped", async () => {
    const email = `utm-${Date.now()}@example.com`;
    const answer = await roiPost(
      post(
        "/owners/roi?utm_source=google&utm_medium=cpc&utm_campaign=villas",
        { name: "Utm", email, phone: "" },
        { cookie: `lead_source=${encodeURIComponent("referrer=https://t.me/some_channel")}` },
      ),
      "198.51.100.40",
    );
    expect(answer.init?.status ?? 200).toBe(200);
    const [row] = await database.db.select().from(leads).where(eq(leads.email, email));
    expect(row).toMatchObject({
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "villas",
      referrer: "https://t.me/some_channel",
    });

    const hostile = `h-${Date.now()}@example.com`;
    const second = await roiPost(
      post(
        "/owners/roi",
        { name: "H", email: hostile, phone: "" },
        { cookie: `lead_source=${"%".repeat(3000)}source=${"x".repeat(200)}` },
      ),
      "198.51.100.41",
    );
    expect(second.init?.status ?? 200).toBe(200);
    const [stored] = await database.db.select().from(leads).where(eq(leads.email, hostile));
    expect(stored).toMatchObject({ utmSource: null, referrer: null });
  });
});
