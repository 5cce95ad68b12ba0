import { signIn, startAdminServer, watchErrors } from "./support/admin.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

// One server of the file's own (a fresh, seeded database): the tests add a stay to a unit.
test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

let server: ServerProcess;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startAdminServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/** A day in Phuket, `offsetDays` from today, as YYYY-MM-DD. */
const bangkok = (offsetDays: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

test("the unit calendar's month grid shows a stay's nights taken and the days around them free, under the Properties tab", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await signIn(page, server.url);
  await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
  const link = page.getByRole("link", { name: /^Calendar of / }).first();
  const name = ((await link.getAttribute("aria-label")) ?? "").replace("Calendar of ", "");
  await link.click();
  await expect(page.getByRole("heading", { name: `Calendar — ${name}` })).toBeVisible();

  // The desk is still among its properties: that tab is the current one, and only that one.
  const tabs = page.getByRole("navigation", { name: "Admin sections" });
  await expect(tabs.getByRole("link", { name: "Properties", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);

  // Three nights a month or so ahead: from day 30 to check-out on day 33.
  const day = (offset: number) => page.locator(`td[data-date="${bangkok(offset)}"]`);
  for (const offset of [29, 30, 31, 32, 33]) {
    await expect(day(offset)).toHaveCount(1);
    await expect(day(offset)).not.toHaveAttribute("data-taken", /.*/);
  }
  const add = page.locator("form", { hasText: "Add a stay or block" });
  await add.getByLabel("Kind").selectOption("owner-block");
  await add.getByLabel("First day").fill(bangkok(30));
  await add.getByLabel("First free day (check-out)").fill(bangkok(33));
  await add.getByRole("button", { name: "Add stay" }).click();
  await expect(page.getByRole("status")).toHaveText("Stay added.");
  await expect(
    page.getByTestId("stay").filter({ hasText: `${bangkok(30)} → ${bangkok(33)}` }),
  ).toHaveCount(1);

  // The grid: the three nights taken (and said so to a screen reader), the days either side free.
  for (const offset of [30, 31, 32]) {
    await expect(day(offset)).toHaveAttribute("data-taken", "true");
    await expect(day(offset)).toContainText("taken");
  }
  for (const offset of [29, 33]) {
    await expect(day(offset)).not.toHaveAttribute("data-taken", /.*/);
    await expect(day(offset)).not.toContainText("taken");
  }
  // Six months from this one, each a table named by its month.
  await expect(page.locator("table[data-month]")).toHaveCount(6);
  expect(errors).toEqual([]);
});

test("the property table shows the 1-year and the 1-month lease price in two labelled columns, as stored", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The stored prices, as the public API gives them.
  const response = await page.request.get(`${server.url}/api/units`);
  expect(response.status()).toBe(200);
  const { units } = (await response.json()) as {
    units: { name: string; pricing: { yearly: number; monthly: number } }[];
  };
  // A demo unit whose two prices differ, so a swap of the columns shows.
  const unit = units.find((u) => u.pricing.yearly > 0 && u.pricing.monthly !== u.pricing.yearly);
  if (!unit) throw new Error("no demo unit with two prices");

  await signIn(page, server.url);
  const table = page.getByRole("table", { name: "Properties" });
  await expect(table).toBeVisible();
  const headers = table.locator("thead th");
  const labels = (await headers.allTextContents()).map((t) => t.trim());
  const yearlyAt = labels.indexOf("1-year lease, ฿/month");
  const monthlyAt = labels.indexOf("1-month lease, ฿/month");
  expect(yearlyAt).toBeGreaterThan(0);
  expect(monthlyAt).toBe(yearlyAt + 1);

  const row = table
    .getByTestId("admin-property-row")
    .filter({ has: page.getByTestId("property-name").getByText(unit.name, { exact: true }) });
  await expect(row).toHaveCount(1);
  const baht = async (cell: number) =>
    Number(
      ((await row.locator("td").nth(cell).innerText()).match(/[\d,]+/)?.[0] ?? "").replaceAll(
        ",",
        "",
      ),
    );
  expect(await baht(yearlyAt)).toBe(unit.pricing.yearly);
  expect(await baht(monthlyAt)).toBe(unit.pricing.monthly);
});
