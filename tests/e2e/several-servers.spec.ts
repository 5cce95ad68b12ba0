import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { S3Storage } from "../../app/features/media/s3-storage.server.ts";
import { startS3Server, type TestBucket } from "../support/s3-server.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, picture, signIn } from "./support/admin.ts";
import { E2E_DATA_DIR } from "./support/env.ts";
import { type ServerProcess, startServer, tempDataDir } from "./support/server-process.ts";
import { expect, type Page, test } from "./support/test.ts";

// Two servers started together on one fresh PostgreSQL database and one S3-compatible bucket,
// as behind a load balancer. The tests share them, in order.
test.describe.configure({ mode: "serial" });
test.skip(
  !process.env.TEST_DATABASE_URL,
  "needs a PostgreSQL server (TEST_DATABASE_URL): several servers cannot share the embedded database",
);

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const databaseName = `e2e_several_${process.pid}_${Date.now()}`;
/** A demo picture left out of the bucket, for the servers to make at start. */
const MISSING = "site/hero-960.webp";

let bucket: TestBucket;
let storage: S3Storage;
let servers: [ServerProcess, ServerProcess];
let databaseUrl: string;

/** Puts the pictures the shared test server drew into the bucket, so start-up is quick. */
async function fillBucket() {
  const root = path.join(E2E_DATA_DIR, "media");
  for (const folder of ["demo", "site", "blog"]) {
    if (!existsSync(path.join(root, folder))) continue;
    for (const name of readdirSync(path.join(root, folder))) {
      const file = `${folder}/${name}`;
      if (file === MISSING || !name.endsWith(".webp")) continue;
      await storage.put(file, readFileSync(path.join(root, file)));
    }
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${databaseName}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();

  bucket = await startS3Server();
  storage = new S3Storage(bucket.settings);
  await fillBucket();

  const env = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "several-servers-share-this-session-secret",
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...bucket.env,
  };
  // At the same time, each with a data folder of its own: nothing on disk is shared.
  const started = await Promise.all([
    startServer({ ...env, DATA_DIR: tempDataDir() }),
    startServer({ ...env, DATA_DIR: tempDataDir() }),
  ]);
  servers = [started[0], started[1]];
});

test.afterAll(async () => {
  for (const server of servers ?? []) expect(await server.stop()).toBe(0);
  storage?.close();
  await bucket?.stop();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
});

const outputs = () => servers.map((s) => s.output()).join("\n");
const count = (text: string, needle: string) => text.split(needle).length - 1;

test("started together, both are ready; migrations and the demo data ran once", async () => {
  for (const server of servers) {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "postgres" });
  }
  // Neither had to retry: the other held the start-up lock while it migrated and seeded.
  expect(outputs()).not.toContain("database unavailable");
  expect(outputs()).not.toContain('"level":50');
  expect(count(outputs(), '"msg":"seeded demo data"')).toBe(1);
  expect(count(outputs(), '"msg":"database ready"')).toBe(2);

  const migrations = readdirSync("drizzle").filter((f) => f.endsWith(".sql")).length;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const journal = await db.query<{ hash: string; times: number }>(
      "select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash",
    );
    expect(journal.rows).toHaveLength(migrations);
    expect(journal.rows.every((r) => r.times === 1)).toBe(true);
    const units = await db.query<{ n: number }>("select count(*)::int as n from properties");
    expect(units.rows[0]?.n).toBe(25);
  } finally {
    await db.end();
  }

  // The demo picture missing from the bucket was put there, and either server serves it.
  expect(await storage.exists(MISSING)).toBe(true);
  for (const server of servers) {
    const answer = await fetch(`${server.url}/media/${MISSING}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
  }
});

test("a session made on one server works on the other", async ({ page }) => {
  const [a, b] = servers;
  await signIn(page, a.url);
  await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
  // Cookies are per host, not per port: the browser sends the same one to the other server.
  await page.goto(`${b.url}/admin`);
  await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
  await expect(page.getByTestId("admin-property-row")).toHaveCount(25);
  // Signing out on the second ends the session on the first too.
  await page.getByRole("button", { name: "Logout" }).click();
  // Wait for the sign-out to be answered: navigating at once would cancel its post.
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.goto(`${a.url}/admin`);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
});

async function signedIn(page: Page, url: string) {
  await signIn(page, url);
  await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
}

async function editProperty(page: Page, url: string, name: string) {
  await page.goto(`${url}/admin`);
  await page.getByRole("link", { name: `Edit ${name}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Property" });
  await expect(dialog.getByLabel("Property name")).toHaveValue(name);
  return dialog;
}

test("an admin's save on one server shows on the other's cached pages within the version check", async ({
  page,
}) => {
  const [a, b] = servers;
  const listing = await (await fetch(`${b.url}/api/units`)).json();
  const { slug, name } = listing.units[0] as { slug: string; name: string };
  const unitPage = `${b.url}/units/${slug}`;
  // The other server holds the unit's page and the home page in its page cache.
  for (const pagePath of [unitPage, `${b.url}/`]) {
    // A rendered page is kept once it has been compressed, off the main thread: wait for it.
    await expect
      .poll(async () => (await fetch(pagePath)).headers.get("x-cache"), { timeout: 10_000 })
      .toBe("hit");
    expect(await (await fetch(pagePath)).text()).toContain(name);
  }

  await signedIn(page, a.url);
  const dialog = await editProperty(page, a.url, name);
  const renamed = `${name} Renovated`;
  await dialog.getByLabel("Property name").fill(renamed);
  await dialog.getByRole("button", { name: "Save Property" }).click();
  await expect(page.getByText("Property saved successfully!")).toBeVisible();

  // The content version is read at most every 250 ms, so the cached pages give way within that
  // and a new render. Kept pages have no age limit: without the check they would never change.
  // The wait allows for a busy machine.
  for (const pagePath of [unitPage, `${b.url}/`]) {
    await expect
      .poll(async () => (await (await fetch(pagePath)).text()).includes(renamed), {
        timeout: 10_000,
        intervals: [100],
      })
      .toBe(true);
  }
});

test("rate limits count the posts to both servers together", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const server = servers[i % 2] as ServerProcess;
    const answer = await fetch(`${server.url}/newsletter`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: `reader${i}@example.com`, consent: "yes" }),
    });
    statuses.push(answer.status);
  }
  // Ten a quarter of an hour from one address, wherever they land; the eleventh is refused.
  expect(statuses.slice(0, 10).every((s) => s < 400)).toBe(true);
  expect(statuses[10]).toBe(429);
});

test("a picture uploaded on one server is served by the other, and removed for both", async ({
  page,
}) => {
  const [a, b] = servers;
  const listing = await (await fetch(`${b.url}/api/units`)).json();
  const { name } = listing.units[1] as { name: string };

  await signedIn(page, a.url);
  let dialog = await editProperty(page, a.url, name);
  await dialog
    .getByTestId("image-upload")
    .setInputFiles([{ name: "pool.png", mimeType: "image/png", buffer: await picture("#2a9d8f") }]);
  const items = dialog.getByTestId("image-item");
  const uploaded = items.last();
  await expect(uploaded).toHaveAttribute("data-key", /^uploads\/[a-f0-9]{32}$/);
  const key = (await uploaded.getAttribute("data-key")) ?? "";
  const variant = `/media/${key}-480.webp`;

  const served = await fetch(`${b.url}${variant}`);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/webp");
  expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  const bytes = new Uint8Array(await served.arrayBuffer());
  expect(bytes.subarray(8, 12)).toEqual(new TextEncoder().encode("WEBP"));
  expect((await storage.list(`${key}-`)).map((f) => f.path).sort()).toEqual([`${key}-480.webp`]);

  await dialog.getByRole("button", { name: "Save Property" }).click();
  await expect(page.getByText("Property saved successfully!")).toBeVisible();

  // On the other server: the picture taken off the unit and saved is deleted from the bucket.
  // Signed in on the first server, the browser is signed in on the second.
  dialog = await editProperty(page, b.url, name);
  const before = await dialog.getByTestId("image-item").count();
  await dialog
    .getByTestId("image-item")
    .last()
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(dialog.getByTestId("image-item")).toHaveCount(before - 1);
  await dialog.getByRole("button", { name: "Save Property" }).click();
  await expect(page.getByText("Property saved successfully!")).toBeVisible();
  expect(await storage.list(`${key}-`)).toEqual([]);
  expect((await fetch(`${a.url}${variant}`)).status).toBe(404);
});
