import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRouteRuntime } from "../../../tests/support/admin-runtime.ts";
import { setRuntime } from "../../db/runtime.server.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { OWNER_UPLOADS_PER_HOUR } from "../../domain/owners.ts";
import * as adminRepairRoute from "../../routes/admin.owner-repair.tsx";
import * as adminRepairsRoute from "../../routes/admin.owner-repairs.tsx";
import * as ownerRepairRoute from "../../routes/owner.repair.tsx";
import * as ownerRepairsRoute from "../../routes/owner.repairs.tsx";
import * as ownerUploadsRoute from "../../routes/owner.uploads.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { createOwner, saveUnitOwnership } from "./owner-accounts.server.ts";
import { ownerFormSchema, unitOwnershipSchema } from "./owner-schema.ts";
import { createOwnerSession } from "./owner-sessions.server.ts";
import { loadRepairForAdmin } from "./repairs.server.ts";

const SITE = "http://owner.test";

type Outcome = {
  status: number;
  location: string | null;
  body: { ok: boolean; message: string } | null;
};

async function call(run: () => Promise<unknown>): Promise<Outcome> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response)
    return { status: outcome.status, location: outcome.headers.get("location"), body: null };
  const init = (outcome as { init?: { status?: number } }).init;
  const value = init ? (outcome as { data: unknown }).data : outcome;
  return { status: init?.status ?? 200, location: null, body: value as Outcome["body"] };
}

describe.each(TEST_ENGINES)("the repair pages' posts on %s", (engine) => {
  let database: TestDatabase;
  let desk: string;
  let annaCookie: string;
  let borisCookie: string;
  let annaUnit: number;
  let borisUnit: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ cookie: desk } = await adminRouteRuntime(database, {
      site: SITE,
      email: "desk@example.com",
      folder: "repair-routes",
    }));
    const db = database.db;
    for (let i = 0; i < 4; i++) await insertTestUnit(db, `padding-${i}`);
    const owner = (email: string) =>
      createOwner(
        db,
        ownerFormSchema.parse({
          name: email,
          email,
          language: "en",
          alertChannels: ["email"],
          approvalThresholdBaht: "5000",
        }),
        null,
      );
    const anna = await owner("anna@example.com");
    const boris = await owner("boris@example.com");
    annaUnit = await insertTestUnit(db, "anna-unit");
    borisUnit = await insertTestUnit(db, "boris-unit");
    for (const [propertyId, ownerId] of [
      [annaUnit, anna],
      [borisUnit, boris],
    ] as const)
      await saveUnitOwnership(
        db,
        unitOwnershipSchema.parse({
          propertyId,
          owners: [{ ownerId, sharePercent: 100 }],
          program: "revenue-share",
        }),
        null,
      );
    annaCookie = `owner_session=${await createOwnerSession(db, anna)}`;
    borisCookie = `owner_session=${await createOwnerSession(db, boris)}`;
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database.destroy();
  });

  function request(url: string, cookie: string, fields?: Record<string, string>) {
    if (!fields) return new Request(`${SITE}${url}`, { headers: { cookie } });
    const body = new URLSearchParams(fields).toString();
    return new Request(`${SITE}${url}`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
        origin: SITE,
        cookie,
      },
    });
  }

  const post = (
    route: { action: (args: never) => Promise<unknown> },
    url: string,
    cookie: string,
    fields: Record<string, string>,
    params: Record<string, string> = {},
  ) =>
    call(() =>
      route.action({
        request: request(url, cookie, fields),
        params,
        context: new RouterContextProvider(),
      } as never),
    );

  const load = (url: string, cookie: string, id: string) =>
    call(() =>
      ownerRepairRoute.loader({
        request: request(url, cookie),
        params: { id },
        context: new RouterContextProvider(),
      } as never),
    );

  it("takes an owner's report of their unit to its page, refuses bad fields and other units", async () => {
    const empty = await post(ownerRepairsRoute, "/owner/repairs", annaCookie, {
      propertyId: String(annaUnit),
      title: " ",
    });
    expect([empty.status, empty.body?.message]).toEqual([400, "ownerRepairs.errorTitle"]);
    const foreign = await post(ownerRepairsRoute, "/owner/repairs", annaCookie, {
      propertyId: String(borisUnit),
      title: "Not mine",
    });
    expect(foreign.status).toBe(404);
    const made = await post(ownerRepairsRoute, "/ru/owner/repairs", annaCookie, {
      propertyId: String(annaUnit),
      title: "Протекает кран",
    });
    expect(made.status).toBe(302);
    expect(made.location).toMatch(/^\/ru\/owner\/repairs\/\d+$/);
    const id = made.location?.split("/").pop() ?? "";
    expect((await loadRepairForAdmin(database.db, Number(id)))?.ticket).toMatchObject({
      propertyId: annaUnit,
      title: "Протекает кран",
      stage: "reported",
    });
    // Boris gets the same 404 for Anna's ticket as for an unknown or malformed id.
    for (const [cookie, ticket] of [
      [borisCookie, id],
      [annaCookie, "999999"],
      [annaCookie, "1x"],
    ] as const)
      expect((await load(`/owner/repairs/${ticket}`, cookie, ticket)).status).toBe(404);
    expect((await load(`/owner/repairs/${id}`, annaCookie, id)).status).toBe(200);
  });

  it("walks a ticket through the desk's quote and the owner's approval, refusing each wrong step", async () => {
    const opened = await post(adminRepairsRoute, "/admin/owners/repairs", desk, {
      propertyId: String(annaUnit),
      title: "Pool pump",
    });
    expect(opened.status).toBe(302);
    const id = opened.location?.split("/").pop() ?? "";
    const url = `/admin/owners/repairs/${id}`;
    const params = { id };
    const badAmount = await post(
      adminRepairRoute,
      url,
      desk,
      { intent: "quote", amountBaht: "5.5" },
      params,
    );
    expect([badAmount.status, badAmount.body?.message]).toEqual([
      400,
      "Enter a whole number of baht",
    ]);
    const early = await post(adminRepairRoute, url, desk, { intent: "start" }, params);
    expect(early.status).toBe(409);
    const quoted = await post(
      adminRepairRoute,
      url,
      desk,
      { intent: "quote", amountBaht: "9000" },
      params,
    );
    expect(quoted.body?.message).toMatch(/waits for an owner/);
    const ownerUrl = `/owner/repairs/${id}`;
    expect(
      (await post(ownerRepairRoute, ownerUrl, borisCookie, { intent: "approve" }, params)).status,
    ).toBe(404);
    const approved = await post(
      ownerRepairRoute,
      ownerUrl,
      annaCookie,
      { intent: "approve" },
      params,
    );
    expect([approved.status, approved.body?.message]).toEqual([200, "ownerRepairs.approvedNow"]);
    const again = await post(ownerRepairRoute, ownerUrl, annaCookie, { intent: "decline" }, params);
    expect([again.status, again.body?.message]).toEqual([409, "ownerRepairs.errorStage"]);
    const badPhoto = await post(
      ownerRepairRoute,
      ownerUrl,
      annaCookie,
      { intent: "add-photo", photo: "../../etc/passwd" },
      params,
    );
    expect(badPhoto.status).toBe(400);
    expect((await post(adminRepairRoute, url, desk, { intent: "start" }, params)).status).toBe(200);
    const noCost = await post(
      adminRepairRoute,
      url,
      desk,
      { intent: "done", finalCostBaht: "" },
      params,
    );
    expect(noCost.status).toBe(400);
    await post(adminRepairRoute, url, desk, { intent: "done", finalCostBaht: "8800" }, params);
    expect((await loadRepairForAdmin(database.db, Number(id)))?.ticket).toMatchObject({
      stage: "done",
      quoteBaht: 9000,
      finalCostBaht: 8800,
    });
    expect((await post(adminRepairRoute, url, desk, { intent: "nonsense" }, params)).status).toBe(
      400,
    );
    expect(
      (
        await post(
          adminRepairRoute,
          "/admin/owners/repairs/999999",
          desk,
          { intent: "start" },
          { id: "999999" },
        )
      ).status,
    ).toBe(404);
    // An owner's session is no desk's.
    expect(
      (await post(adminRepairRoute, url, annaCookie, { intent: "start" }, params)).status,
    ).not.toBe(200);
  });

  it("counts each owner's uploads and refuses the one past the hour's limit before reading it", async () => {
    const upload = (cookie: string) =>
      call(() =>
        ownerUploadsRoute.action({
          request: request("/owner/uploads", cookie, { note: "no file" }),
          params: {},
          context: new RouterContextProvider(),
        } as never),
      );
    // Each try is counted whatever it holds; these hold no file, so they are 400s.
    for (let i = 0; i < OWNER_UPLOADS_PER_HOUR; i++)
      expect((await upload(annaCookie)).status).toBe(400);
    let refused: unknown;
    try {
      refused = await ownerUploadsRoute.action({
        request: request("/owner/uploads", annaCookie, { note: "no file" }),
        params: {},
        context: new RouterContextProvider(),
      } as never);
    } catch (thrown) {
      refused = thrown;
    }
    expect(refused).toBeInstanceOf(Response);
    const response = refused as Response;
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another owner has an hour of their own.
    expect((await upload(borisCookie)).status).toBe(400);
  });
});
