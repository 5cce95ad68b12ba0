import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { signIn, startAdminServer, watchErrors } from "./support/admin.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

// A server of this file's own: leases change units' calendars.
test.describe.configure({ mode: "serial" });
let server: ServerProcess;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startAdminServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const bangkok = (offsetDays: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

/** The same day of the month, `months` later (the test's own arithmetic, days up to 28). */
function monthsLater(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
    [],
  );
}

test("a lead becomes a signed lease: its stay on the calendar and in the .ics, a year's dues, a payment, a TM30 task; a clash is refused", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  const api = await (await page.request.get(`${server.url}/api/units?status=available`)).json();
  const unit: { slug: string; name: string; pricing: { yearly: number } } = api.units[0];
  const name = `Tenant ${Date.now()}`;
  const email = `tenant-${Date.now()}@example.com`;

  // A visitor asks to view an available unit: a lead.
  await page.goto(`${server.url}/units/${unit.slug}`);
  const form = page.locator("#viewing");
  await form.getByLabel("Your name").fill(name);
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Preferred day").fill(bangkok(3));
  await form.getByLabel("Time of day").selectOption("morning");
  await form.getByRole("button", { name: "Request a viewing" }).click();
  await expect(form.getByText(/We will confirm your viewing of/)).toBeVisible();

  // The desk opens it and creates a lease from it: unit and tenant filled in.
  await signIn(page, server.url);
  await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
  await page.goto(`${server.url}/admin/leads?q=${encodeURIComponent(email)}`);
  await page.getByTestId("lead-row").filter({ hasText: name }).getByRole("link").first().click();
  await expect(
    page.getByRole("heading", { name: new RegExp(`^Lead #\\d+: ${name}`) }),
  ).toBeVisible();
  const leadPath = new URL(page.url()).pathname;
  await page.getByRole("link", { name: "Create lease" }).click();
  await expect(page.getByRole("heading", { name: /^New lease from lead #\d+$/ })).toBeVisible();
  await expectAccessible(page);
  const newLease = page.getByRole("form", { name: "New lease" });
  await expect(newLease.getByLabel("Unit")).toHaveValue(/^\d+$/);
  const unitId = await newLease.getByLabel("Unit").inputValue();
  await expect(newLease.getByLabel("Unit").locator("option:checked")).toContainText(unit.name);
  await expect(newLease.getByLabel("Full name (as in the passport)").first()).toHaveValue(name);

  // A bad date is refused in place, with the field named.
  const start = bangkok(2).slice(8) > "28" ? bangkok(6) : bangkok(2);
  await newLease.getByLabel("Term").selectOption("year");
  await newLease.getByLabel("Start (move-in day)").fill(start);
  await newLease.getByLabel("Rent due on day").fill("31");
  await newLease.getByLabel("Nationality").first().fill("Russian");
  await newLease.getByLabel("Passport number").first().fill("753912345");
  await newLease.getByRole("button", { name: "Save draft" }).click();
  await expect(newLease.locator("#f-dueDay-error")).toHaveText("Due day must be at most 28");
  await expect(newLease.getByLabel("Rent due on day")).toHaveAttribute("aria-invalid", "true");
  await newLease.getByLabel("Rent due on day").fill("");
  await newLease.getByLabel("Nationality").first().fill("Russian");
  await newLease.getByLabel("Passport number").first().fill("753912345");
  await newLease.getByRole("button", { name: "Save draft" }).click();
  await expect(
    page.getByRole("heading", { name: new RegExp(`^Lease #\\d+: ${unit.name}, ${name}$`) }),
  ).toBeVisible();
  const leasePath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: "Status: Draft" })).toBeVisible();

  // The lead moved to Won.
  await page.goto(`${server.url}${leadPath}`);
  await expect(page.getByRole("form", { name: "Pipeline" }).getByLabel("Stage")).toHaveValue("won");

  // Signed: the stay goes on the unit's calendar, the dues are written, a TM30 task opens.
  await page.goto(`${server.url}${leasePath}`);
  await page.getByRole("button", { name: "Sign (put on the calendar)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lease signed" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Status: Signed" })).toBeVisible();
  const end = monthsLater(start, 12);
  const dues = page.locator("tr[data-due]");
  await expect(dues).toHaveCount(13);
  const rent = dues.filter({ hasText: "Rent" });
  await expect(rent).toHaveCount(12);
  const yearly = `${new Intl.NumberFormat("en-US").format(unit.pricing.yearly)} THB`;
  for (const row of await rent.all()) await expect(row).toContainText(yearly);
  await expect(rent.last()).toContainText(`${monthsLater(start, 11)} → ${end}`);
  await expect(page.locator("#tasks")).toContainText(
    "Report to Immigration (TM30) within 24 hours — Lease signed",
  );
  await expect(page.locator("#tasks")).toContainText("753912345");
  await expectAccessible(page);

  // A payment clears the first month's rent.
  const payment = page.getByRole("form", { name: "Record a payment" });
  const firstRent = await rent.first().getAttribute("data-due");
  await payment.getByLabel("Due").selectOption(firstRent ?? "");
  await payment.getByLabel("Amount (THB)").fill(String(unit.pricing.yearly));
  await payment.getByLabel("Method").selectOption("promptpay");
  await payment.getByLabel("Reference").fill("PP-0001");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Payment recorded." })).toBeVisible();
  await expect(page.locator(`tr[data-due="${firstRent}"]`)).toContainText("Paid");
  await expect(page.getByRole("list", { name: "Payments" })).toContainText("PromptPay (PP-0001)");

  // The unit's admin calendar and its public .ics carry the stay.
  await page.getByRole("link", { name: "calendar", exact: true }).click();
  await expect(page.getByTestId("stay")).toHaveCount(1);
  await expect(page.getByTestId("stay")).toContainText(start);
  // The stay is the lease's: a link to it, and no button to change or remove it by hand.
  await expect(page.getByTestId("stay").getByRole("link", { name: /from lease #/ })).toBeVisible();
  await expect(page.getByTestId("stay").getByRole("button")).toHaveCount(0);
  await expect(page.getByTestId("stay").getByText("Change", { exact: true })).toHaveCount(0);
  const ics = await (
    await page.request.get(`${server.url}/units/${unit.slug}/calendar.ics`)
  ).text();
  expect(ics).toContain(`DTSTART;VALUE=DATE:${start.replace(/-/g, "")}`);
  expect(ics).toContain(`DTEND;VALUE=DATE:${end.replace(/-/g, "")}`);
  expect(ics).not.toContain(name);

  // A second lease over the same days is refused, naming the lease it clashes with.
  await page.goto(`${server.url}/admin/leases/new`);
  const second = page.getByRole("form", { name: "New lease" });
  await second.getByLabel("Unit").selectOption(unitId);
  await second.getByLabel("Term").selectOption("month");
  await second.getByLabel("Start (move-in day)").fill(monthsLater(start, 1));
  await second.getByLabel("Full name (as in the passport)").first().fill("Second Tenant");
  await second.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { name: "Status: Draft" })).toBeVisible();
  await page.getByRole("button", { name: "Sign (put on the calendar)" }).click();
  await expect(page.getByRole("alert")).toContainText(
    `These dates overlap a lease from ${start} to ${end}`,
  );
  await expect(page.getByRole("heading", { name: "Status: Draft" })).toBeVisible();

  // The list: the lease, its tenant's address masked, and the Today list with the TM30 task.
  await page.goto(`${server.url}/admin/leases?q=${encodeURIComponent(name)}`);
  const row = page.locator("tbody tr").filter({ hasText: name });
  await expect(row).toContainText("Signed");
  await expect(row).toContainText(`t•••@example.com`);
  await expect(row).not.toContainText(email);
  await expect(page.getByRole("region", { name: "Today" })).toContainText(
    `TM30 report for ${name}`,
  );
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("the demo desk: occupied units have leases, one rent is overdue and highlighted", async ({
  page,
}) => {
  await signIn(page, server.url);
  await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Leases", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Leases", level: 1 })).toBeVisible();
  await page.getByRole("combobox", { name: "Due", exact: true }).selectOption("overdue");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/due=overdue/);
  await expect(page.locator('tbody tr[data-overdue="true"]')).toHaveCount(1);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Today" })).toContainText("Overdue");

  const api = await (await page.request.get(`${server.url}/api/units?status=occupied`)).json();
  const occupied: { slug: string } = api.units[0];
  const ics = await (
    await page.request.get(`${server.url}/units/${occupied.slug}/calendar.ics`)
  ).text();
  expect(ics).toContain("BEGIN:VEVENT");
});
