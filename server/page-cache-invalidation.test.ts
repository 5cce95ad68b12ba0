import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppDatabase } from "../app/db/client.server.ts";
import { lockContentVersion, recordUnitChange } from "../app/db/content-version.server.ts";
import type { Runtime } from "../app/db/runtime.server.ts";
import { properties } from "../app/db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../app/db/testing.server.ts";
import { demoUnits } from "../app/features/listings/demo-units.server.ts";
import { insertDemoUnits } from "../app/setup/seed.server.ts";
import { pageCacheMiddleware, revalidationOf } from "./page-cache-middleware.ts";

/** A save of one unit's name as the admin's edit makes it: its change recorded. */
async function saveName(db: AppDatabase, slug: string, name: string) {
  await db.transaction(async (tx) => {
    const from = await lockContentVersion(tx);
    await tx.update(properties).set({ name }).where(eq(properties.slug, slug));
    await recordUnitChange(tx, from, [slug]);
  });
}

describe("revalidationOf", () => {
  const changed = new Set(["villa-a"]);
  it.each([
    ["/units/villa-a", "drop"],
    ["/ru/units/villa-a", "drop"],
    ["/units/villa-a.data", "drop"],
    ["/units/villa-a/calendar.ics", "drop"],
    ["/", "drop"],
    ["/?type=condo&page=2", "drop"],
    ["/ru", "drop"],
    ["/_.data?status=soon", "drop"],
    ["/ru.data", "drop"],
    ["/api/units?status=available", "drop"],
    ["/sitemap.xml", "drop"],
    ["/units/villa-b", "stale"],
    ["/ru/units/villa-b.data", "stale"],
    ["/units/villa-b/calendar.ics", "keep"],
    ["/about", "keep"],
    ["/ru/blog", "keep"],
    ["/blog/condo-or-pool-villa", "keep"],
    ["/ru/blog/x.data", "keep"],
  ])("after a save of villa-a, %s: %s", (key, verdict) => {
    expect(revalidationOf(key, changed)).toBe(verdict);
  });
  it("drops every page when what changed is not known", () => {
    for (const key of ["/about", "/units/villa-b", "/units/villa-b/calendar.ics", "/blog"])
      expect(revalidationOf(key, null)).toBe("drop");
  });
});

describe.each(TEST_ENGINES)("the page cache after a save, on %s", (engine) => {
  let database: TestDatabase;
  let server: http.Server;
  let base = "";
  const [first, second] = demoUnits();
  const slugA = first?.slug ?? "";
  const slugB = second?.slug ?? "";
  /** Renders of each path, and a gate a test may close to hold a page's render. */
  let renders = new Map<string, number>();
  let gates = new Map<string, Promise<void>>();
  const hold = (path: string) => {
    let open = () => {};
    gates.set(
      path,
      new Promise<void>((resolve) => {
        open = resolve;
      }),
    );
    return () => {
      gates.delete(path);
      open();
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertDemoUnits(database.db, demoUnits().slice(0, 3));
    const runtime = {
      database,
      databaseReady: true,
      logger: { warn: () => undefined },
    } as unknown as Runtime;
    const { serve, fill } = pageCacheMiddleware(runtime);
    const names = async () =>
      (await database.db.select({ name: properties.name }).from(properties))
        .map((r) => r.name)
        .sort()
        .join(" | ");
    const app = express();
    app.use(serve);
    app.use(fill);
    app.use(async (req, _res, next) => {
      renders.set(req.path, (renders.get(req.path) ?? 0) + 1);
      await gates.get(req.path);
      next();
    });
    app.post("/admin/save", express.urlencoded({ extended: false }), async (req, res) => {
      await saveName(database.db, String(req.body.slug), String(req.body.name));
      res.status(302).setHeader("Location", "/admin?notice=saved").end();
    });
    // The listing and a unit page (which lists its similar units) read the database.
    app.get(["/", "/ru"], async (_req, res) => {
      res.type("text/html").send(`<ul>${await names()}</ul>`);
    });
    app.get("/units/:slug", async (req, res) => {
      const [unit] = await database.db
        .select({ name: properties.name })
        .from(properties)
        .where(eq(properties.slug, req.params.slug));
      if (!unit) {
        res.status(404).type("text/html").send("<h1>No such unit</h1>");
        return;
      }
      res.type("text/html").send(`<h1>${unit.name}</h1><aside>${await names()}</aside>`);
    });
    app.get("/about", (_req, res) => {
      res.type("text/html").send("<h1>About us</h1>");
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await database?.destroy();
  });
  beforeEach(() => {
    renders = new Map();
    gates = new Map();
  });

  const get = async (path: string) => {
    const response = await fetch(base + path);
    return { cache: response.headers.get("x-cache"), body: await response.text() };
  };
  /** Asks for each page until it is answered from memory. */
  const warm = async (...paths: string[]) => {
    for (const path of paths)
      await vi.waitFor(async () => expect((await get(path)).cache).toBe("hit"), {
        timeout: 5_000,
      });
  };
  const save = async (slug: string, name: string) => {
    const response = await fetch(`${base}/admin/save`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ slug, name }),
    });
    expect(response.status).toBe(302);
  };

  it("shows the saving admin the new name on the unit's page and the listing at once, and keeps the pages it does not touch", async () => {
    await warm("/", "/ru", `/units/${slugA}`, `/units/${slugB}`, "/about");
    const before = new Map(renders);
    const name = `Renamed ${Math.random().toString(36).slice(2)}`;
    await save(slugA, name);

    for (const path of [`/units/${slugA}`, "/", "/ru"]) {
      const page = await get(path);
      expect(page.cache, path).toBe("miss");
      expect(page.body, path).toContain(name);
    }
    // Untouched: answered from memory, not rendered again.
    expect(await get("/about")).toEqual({ cache: "hit", body: "<h1>About us</h1>" });
    expect(renders.get("/about")).toBe(before.get("/about"));
    // Another unit's page lists the renamed one among its similar units: rendered again by the
    // next visitor, who sees the new name.
    const other = await get(`/units/${slugB}`);
    expect(other.cache).toBe("miss");
    expect(other.body).toContain(name);
    await warm(`/units/${slugA}`, "/");
    expect((await get(`/units/${slugA}`)).body).toContain(name);
  });

  it("renders every page again after a write that records nothing", async () => {
    await warm("/about", `/units/${slugB}`);
    const name = `Synced ${Math.random().toString(36).slice(2)}`;
    await database.db.update(properties).set({ name }).where(eq(properties.slug, slugB));
    // Noticed within the version's time to live.
    await vi.waitFor(async () => expect((await get("/about")).cache).toBe("miss"), {
      timeout: 5_000,
    });
    expect((await get(`/units/${slugB}`)).body).toContain(name);
  });

  it("renders a changed page once for visitors who ask together, and sends other units' pages stale meanwhile", async () => {
    await warm("/", `/units/${slugB}`);
    const name = `Together ${Math.random().toString(36).slice(2)}`;
    await save(slugA, name);

    const rendersBefore = renders.get("/") ?? 0;
    const openHome = hold("/");
    const asked = Array.from({ length: 5 }, () => get("/"));
    await vi.waitFor(() => expect(renders.get("/")).toBe(rendersBefore + 1));
    openHome();
    const answers = await Promise.all(asked);
    expect(renders.get("/")).toBe(rendersBefore + 1);
    for (const answer of answers) expect(answer.body).toContain(name);
    expect(answers.filter((a) => a.cache === "miss").length).toBe(1);

    const unitPath = `/units/${slugB}`;
    const rendersOfUnit = renders.get(unitPath) ?? 0;
    const openUnit = hold(unitPath);
    const rendering = get(unitPath);
    await vi.waitFor(() => expect(renders.get(unitPath)).toBe(rendersOfUnit + 1));
    const meanwhile = await get(unitPath);
    expect(meanwhile.cache).toBe("stale");
    expect(meanwhile.body).not.toContain(name);
    openUnit();
    expect((await rendering).body).toContain(name);
    await warm(unitPath);
    expect((await get(unitPath)).body).toContain(name);
    expect(renders.get(unitPath)).toBe(rendersOfUnit + 1);
  });
  it("lets requests for a page that is not kept render at once, without waiting for each other", async () => {
    const path = "/units/no-such-unit";
    expect(await get(path)).toEqual({ cache: "miss", body: "<h1>No such unit</h1>" });
    const open = hold(path);
    try {
      const asked = [get(path), get(path)];
      // Both render while the first is held: neither waits for the other's render.
      await vi.waitFor(() => expect(renders.get(path)).toBe(3));
      open();
      for (const answer of await Promise.all(asked))
        expect(answer.body).toBe("<h1>No such unit</h1>");
    } finally {
      open();
    }
  });
});
