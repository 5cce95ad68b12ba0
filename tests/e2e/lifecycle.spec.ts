import pg from "pg";
import { startServer, tempDataDir } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

// Each test starts servers of its own; they run one at a time to keep the machine calm.
test.describe.configure({ mode: "serial" });

const cardCount = async (url: string) =>
  ((await (await fetch(url)).text()).match(/data-testid="unit-card"/g) ?? []).length;

test("a stopped server closes cleanly and a second start keeps what was there", async () => {
  const dataDir = tempDataDir();

  const first = await startServer({ DATA_DIR: dataDir });
  expect(first.output()).toContain('"msg":"seeded demo data"');
  expect(await cardCount(first.url)).toBe(9);
  const before = await (await fetch(`${first.url}/api/units?status=occupied`)).json();
  expect(await first.stop("SIGTERM")).toBe(0);
  expect(first.output()).toContain('"msg":"stopped"');

  const second = await startServer({ DATA_DIR: dataDir });
  expect(second.output()).not.toContain("seeded demo data");
  expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
  const after = await (await fetch(`${second.url}/api/units?status=occupied`)).json();
  expect(after.units).toEqual(before.units);
  expect(after.counts).toEqual(before.counts);
  expect(await second.stop("SIGINT")).toBe(0);
});

test("with the database unreachable the site stays up on demo data", async ({ page }) => {
  const server = await startServer({
    DATA_DIR: tempDataDir(),
    DATABASE_URL: "postgres://nobody@127.0.0.1:1/nothing",
  });
  try {
    // Alive, so nothing restarts it; not ready, so a load balancer sends nobody to it.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    const html = await (await fetch(server.url)).text();
    expect(html).toContain("Using demo data - database connection unavailable");
    expect((html.match(/data-testid="unit-card"/g) ?? []).length).toBe(9);
    const api = await (await fetch(`${server.url}/api/units`)).json();
    expect(api.source).toBe("fallback");

    // In the browser: the amber notice, with tabs, filters and fallback units filtered alike.
    await page.goto(`${server.url}/?type=pool-villa`);
    await expect(page.getByText("Using demo data - database connection unavailable")).toBeVisible();
    await expect(page.getByRole("search")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Unit status" })).toBeVisible();
    const cards = page.getByTestId("unit-card");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all())
      await expect(card.getByText(/^Pool Villa ·/)).toBeVisible();
    // A demo unit's page still opens, with the same notice.
    await cards
      .first()
      .getByRole("link", { name: /View Details/ })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Using demo data - database connection unavailable")).toBeVisible();
  } finally {
    expect(await server.stop()).toBe(0);
  }
});

test("a wrong setting stops the server with a message naming it", async () => {
  await expect(startServer({ DATA_DIR: tempDataDir(), PORT: "not-a-port" })).rejects.toThrow(
    /PORT must be a port number \(got "not-a-port"\)/,
  );
});

test("on PostgreSQL the server migrates, seeds and serves", async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, "needs TEST_DATABASE_URL (CI sets it)");
  const name = `e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl ?? "");
  url.pathname = `/${name}`;
  try {
    const server = await startServer({ DATA_DIR: tempDataDir(), DATABASE_URL: url.toString() });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({
      status: "ready",
      database: "postgres",
    });
    expect(await cardCount(server.url)).toBe(9);

    // The page cache answers until the listing changes, whoever changes it.
    // A rendered page is kept once it has been compressed, off the main thread: wait for it.
    await expect
      .poll(async () => (await fetch(`${server.url}/`)).headers.get("x-cache"), {
        timeout: 10_000,
      })
      .toBe("hit");
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    await db.query("update properties set name = 'Renamed Canopy Villa' where unit_code = 'V-01'");
    await db.end();
    // Another process wrote: this server notices within its version check interval (250 ms)
    // and renders the page again. Kept pages have no age limit, so without the check this would
    // never pass; the wait allows for a busy machine.
    await expect
      .poll(
        async () => (await (await fetch(`${server.url}/`)).text()).includes("Renamed Canopy Villa"),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    expect(await server.stop()).toBe(0);
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});
