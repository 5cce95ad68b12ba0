import { readCards } from "./support/cards.ts";
import { type ServerProcess, startServer, tempDataDir } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

// One server for the file, on a PostgreSQL URL where nothing listens: the database is down from
// the start, as when PostgreSQL is stopped. The shared PostgreSQL service is never touched.
// The tests share that server, in one worker, in order; one failing does not skip the others.
test.describe.configure({ mode: "default" });

let server: ServerProcess;

test.beforeAll(async () => {
  server = await startServer({
    DATA_DIR: tempDataDir(),
    DATABASE_URL: "postgres://nobody@127.0.0.1:1/nothing",
  });
});

test.afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const DOWN = /The database is not answering\. Please try again in a moment\. \(ref ([0-9a-f]{6})\)/;

test("Load More pages the demo units with JavaScript on, like the pages without it", async ({
  page,
}) => {
  await page.goto(server.url);
  await expect(page.getByText("Using demo data - database connection unavailable")).toBeVisible();
  const cards = page.getByTestId("unit-card");
  await expect(cards).toHaveCount(9);
  const total = Number((await page.getByText(/^Showing 9 of \d+$/).innerText()).split(" ").pop());
  expect(total).toBeGreaterThan(9);

  const loadMore = page.getByRole("link", { name: "Load More" });
  const pages = Math.ceil(total / 9);
  for (let next = 2; next <= pages; next++) {
    await loadMore.click();
    await expect(cards).toHaveCount(Math.min(total, next * 9));
    await expect(page).toHaveURL(new RegExp(`\\?page=${next}$`));
  }
  await expect(page.getByText("Failed to load more properties")).toHaveCount(0);
  // Everything reached: no more Load More, and the counter agrees.
  await expect(loadMore).toHaveCount(0);
  await expect(page.getByText(`Showing ${total} of ${total}`)).toBeVisible();

  const shown = await readCards(page);
  expect(new Set(shown.map((c) => c.slug)).size).toBe(total);
  expect(shown.every((c) => c.status === "Available")).toBe(true);
  const yearly = shown.map((c) => c.yearly);
  expect(yearly).toEqual([...yearly].sort((a, b) => b - a));

  // The same units, in the same order, as the server renders for the last page's URL.
  await page.reload();
  await expect(cards).toHaveCount(total);
  expect((await readCards(page)).map((c) => c.slug)).toEqual(shown.map((c) => c.slug));
});

test("Load More keeps the filters on demo data", async ({ page }) => {
  // The demo data has more than one page of available condos.
  const api = async (search: string) =>
    (await (await fetch(`${server.url}/api/units?${search}`)).json()) as {
      source: string;
      hasMore: boolean;
      units: { slug: string; type: string }[];
    };
  const first = await api("type=condo");
  const second = await api("type=condo&page=2");
  expect(first.source).toBe("fallback");
  expect(second.source).toBe("fallback");
  expect(first.hasMore).toBe(true);
  expect(first.units).toHaveLength(9);
  expect([...first.units, ...second.units].every((u) => u.type === "condo")).toBe(true);

  await page.goto(`${server.url}/?type=condo`);
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(page).toHaveURL(/\?type=condo&page=2$/);
  await expect(page.getByTestId("unit-card")).toHaveCount(first.units.length + second.units.length);
  expect((await readCards(page)).map((c) => c.slug)).toEqual(
    [...first.units, ...second.units].map((u) => u.slug),
  );
  await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(second.hasMore ? 1 : 0);
});

test("signing in says Login failed because the database is not answering, not a 500", async ({
  page,
}) => {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel("Email").fill("ops@example.com");
  await page.getByLabel("Password").fill("coral reef at dawn");
  const answer = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin"),
  );
  await page.getByRole("button", { name: "Sign In" }).click();
  expect((await answer).status()).toBe(503);
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(/^Login failed: The database is not answering/);
  const text = await alert.innerText();
  expect(text).toMatch(DOWN);
  expect(text).not.toMatch(/ECONNREFUSED|select|Failed query/i);
  // The reference the admin sees leads to the details in the log, on a line that carries the
  // request's id, like the request's own log line.
  const ref = DOWN.exec(text)?.[1];
  const requestId = (await answer).headers()["x-request-id"];
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.includes(`"reqId":"${requestId}"`));
  expect(lines.some((line) => line.includes(`"ref":"${ref}"`) && line.includes('"level":50'))).toBe(
    true,
  );
  await expect
    .poll(() =>
      server
        .output()
        .split("\n")
        .filter((l) => l.includes(`"reqId":"${requestId}"`)),
    )
    .toContainEqual(expect.stringContaining('"msg":"request"'));

  // Without JavaScript the same form answers the same way.
  const response = await fetch(`${server.url}/admin`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email: "ops@example.com", password: "x" }),
  });
  expect(response.status).toBe(503);
  expect(await response.text()).toMatch(/Login failed: The database is not answering/);
});

test("a signed-in browser sees what failed, the database badge and a retry link", async ({
  page,
  context,
}) => {
  await context.addCookies([
    { name: "admin_session", value: "a-session-nobody-can-check", url: server.url },
  ]);
  for (const [path, title, failed] of [
    ["/admin", "Property Management", "Failed to load properties"],
    ["/admin/leads", "Leads", "Failed to load leads"],
  ] as const) {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(503);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("database-badge")).toHaveText(
      "Database not answering: PostgreSQL server",
    );
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(failed);
    await expect(alert).toContainText(DOWN);
    expect(await page.content()).not.toMatch(/ECONNREFUSED|Failed query|at async/);
    const retry = page.getByRole("link", { name: "Try again" });
    await expect(retry).toHaveAttribute("href", path);
  }
});

test("the server is alive but not ready: a load balancer keeps visitors away from it", async () => {
  const alive = await fetch(`${server.url}/healthz`);
  expect(alive.status).toBe(200);
  expect(await alive.json()).toEqual({ status: "ok" });
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(ready.headers.get("cache-control")).toBe("no-store");
  expect(ready.headers.get("x-content-type-options")).toBe("nosniff");
  const body = await ready.text();
  expect(JSON.parse(body)).toEqual({ status: "unavailable", database: "postgres" });
  expect(body).not.toMatch(/ECONNREFUSED|connect|127\.0\.0\.1/);
});
