import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { accessibilityReportAction, type LeadActionDeps } from "./lead-actions.server.ts";

const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: "http://localhost" },
  });

type Answer = { data: { status: string; fieldErrors?: Record<string, string> } };

describe.each(TEST_ENGINES)("reports of accessibility problems on %s", (engine) => {
  let database: TestDatabase;
  let deps: LeadActionDeps;
  let n = 0;
  const next = (): LeadActionDeps => ({ ...deps, clientAddress: `192.0.2.${++n}` });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = { db: database.db, logger: pino({ level: "silent" }), clientAddress: "" };
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("are stored as leads of their own kind, with the page and the problem", async () => {
    const result = (await accessibilityReportAction(
      post("/ru/accessibility", {
        name: "Ирина",
        email: "irina.a11y@example.com",
        problemPage: "/ru/units/canopy-pool-villa-v-01",
        message: "Кнопку «Отправить» не видно при переходе клавишей Tab.",
        page: "/ru/accessibility",
      }),
      next(),
    )) as Answer;
    expect(result.data).toEqual({ status: "ok" });
    const rows = await database.db
      .select()
      .from(leads)
      .where(eq(leads.email, "irina.a11y@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "accessibility",
      name: "Ирина",
      message: "Кнопку «Отправить» не видно при переходе клавишей Tab.",
      language: "ru",
      sourcePage: "/ru/accessibility",
      inputs: { problemPage: "/ru/units/canopy-pool-villa-v-01" },
    });
  });

  it("need an e-mail and a description, and keep nothing otherwise", async () => {
    const result = (await accessibilityReportAction(
      post("/accessibility", { name: "X", email: "not-an-address", message: "", page: "/" }),
      next(),
    )) as Answer;
    expect(result.data.status).toBe("invalid");
    expect(result.data.fieldErrors).toEqual({
      email: "forms.errors.email",
      message: "forms.errors.required",
    });
    const rows = await database.db.select().from(leads).where(eq(leads.kind, "accessibility"));
    expect(rows).toHaveLength(1);
  });
});
