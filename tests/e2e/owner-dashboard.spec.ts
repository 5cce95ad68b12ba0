/**
 * The owners' financial dashboard at 390 px, in English and Russian: the demo owner finds the
 * figures as text on the portal's home (tiles, a month-by-month table, each unit's comparison
 * with the other program), in their currency with the rate's date; another owner's unit is a 404;
 * and the home page's sample, the same component, stays inside its tiles.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page } from "@playwright/test";
import { startAdminServer, watchErrors } from "./support/admin.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { expect, test, waitForHydration } from "./support/test.ts";

test.describe.configure({ mode: "serial" });
// A server of its own: it seeds the demo owner with a known password.
test.setTimeout(300_000);

const OWNER_EMAIL = "owner@example.com";
const OWNER_PASSWORD = "mango season on the terrace";
const PHONE = { width: 390, height: 844 };

const LANGUAGES = [
  {
    lang: "en",
    prefix: "",
    labels: { email: "E-mail", password: "Password", submit: "Sign in" },
    dashboard: "Financial dashboard",
    table: "Month by month figures",
    sample: "Sample owner dashboard",
  },
  {
    lang: "ru",
    prefix: "/ru",
    labels: { email: "E-mail", password: "Пароль", submit: "Войти" },
    dashboard: "Финансовая панель",
    table: "Цифры по месяцам",
    sample: "Пример кабинета владельца",
  },
] as const;

let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startAdminServer(undefined, { DEMO_OWNER_PASSWORD: OWNER_PASSWORD });
});

test.afterAll(async () => {
  await server?.stop();
});

async function phone(browser: Browser) {
  return browser.newContext({ viewport: PHONE, hasTouch: true });
}

async function expectAccessible(page: Page) {
  expect(
    (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag22aa"]).analyze())
      .violations,
  ).toEqual([]);
}

/** Whole baht from "฿1,234,567" or "1 234 567 ฿" (any grouping space). */
function baht(text: string): number {
  const digits = text.replace(/[^\d-]/g, "");
  expect(digits, `an amount in "${text}"`).toMatch(/^-?\d+$/);
  return Number(digits);
}

/** Every element inside `box` that reaches outside it (1 px of rounding allowed). */
async function overflowing(box: Locator): Promise<string[]> {
  return box.evaluate((root) => {
    const outer = root.getBoundingClientRect();
    const out: string[] = [];
    for (const el of root.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      // Nothing drawn, or clipped to a pixel for screen readers only.
      if (r.width <= 1 || r.height <= 1) continue;
      // Text wider than its own box overflows without moving the box: compare scroll widths too.
      const spills = el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1;
      if (spills || r.left < outer.left - 1 || r.right > outer.right + 1)
        out.push(`${el.tagName} "${(el.textContent ?? "").trim().slice(0, 30)}" ${r.width}px`);
    }
    return out;
  });
}

/**
 * The guaranteed return the demo villa (฿12,000,000 from 1 January this year) has earned by the
 * end of today: ฿210,000 for each calendar quarter passed, the current one by its days so far.
 */
function guaranteedSoFar(today: string): number {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const day = (month: number, date: number) => Date.UTC(y, month, date) / 86_400_000;
  const quarter = Math.floor((m - 1) / 3);
  const quarterStart = day(quarter * 3, 1);
  const quarterEnd = day(quarter * 3 + 3, 1);
  const daysSoFar = day(m - 1, d) + 1 - quarterStart;
  const partial = Math.round((210_000 * daysSoFar) / (quarterEnd - quarterStart));
  return quarter * 210_000 + (daysSoFar === quarterEnd - quarterStart ? 210_000 : partial);
}

for (const l of LANGUAGES) {
  test(`the demo owner reads the dashboard's figures as text on a phone (${l.lang})`, async ({
    browser,
  }) => {
    const context = await phone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}${l.prefix}/owner`);
    await waitForHydration(page);
    await page.getByLabel(l.labels.email).fill(OWNER_EMAIL);
    await page.getByLabel(l.labels.password, { exact: true }).fill(OWNER_PASSWORD);
    await page.getByRole("button", { name: l.labels.submit }).click();

    const section = page.locator("section#dashboard");
    await expect(section.getByRole("heading", { name: l.dashboard })).toBeVisible();
    const dashboard = section.getByTestId("owner-dashboard");
    // Twelve months, each a row headed by its month, with income, occupancy and rate as text.
    const table = dashboard.getByRole("table", { name: l.table });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(12);
    const incomes = await rows.evaluateAll((trs) =>
      trs.map((tr) => tr.querySelector("td span")?.textContent ?? ""),
    );
    // The income tile is the sum of the months.
    const total = incomes.map(baht).reduce((a, b) => a + b, 0);
    const incomeTile = dashboard.locator('[data-tile="income"] dd').last();
    expect(baht((await incomeTile.textContent()) ?? "")).toBe(total);
    await expect(dashboard.locator('[data-tile="occupancy"] dd').last()).toHaveText(/\d\s?%/);

    // Each unit with what the other program would have paid.
    const villa = dashboard.locator('[data-comparison="guaranteed"]');
    const condo = dashboard.locator('[data-comparison="revenue-share"]');
    await expect(villa).toHaveCount(1);
    await expect(condo).toHaveCount(1);
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date()),
    );
    const villaFigures = await villa.locator("dd").allTextContents();
    expect(baht(villaFigures[0] ?? "")).toBe(guaranteedSoFar(today));
    // The revenue share's 70% of the villa's net revenue, printed beside it.
    expect(baht(villaFigures[1] ?? "")).toBe(Math.round(baht(villaFigures[2] ?? "") * 0.7));
    // The revenue-share condo has a property value: the guaranteed program's figure is shown,
    // about a year of 7% of that value (the window is the last 12 months to today) less the
    // expenses the owner bore, both printed under it; never "ask the desk".
    const condoFigures = await condo.locator("dd").allTextContents();
    expect(baht(condoFigures[0] ?? "")).toBe(Math.round(baht(condoFigures[2] ?? "") * 0.7));
    const basis = (await condo.locator("p").last().textContent()) ?? "";
    const amounts = (basis.match(/฿[\d,]+|\d[\d\s\u00a0\u202f]*\s?฿/g) ?? []).map(baht);
    expect(amounts, basis).toHaveLength(2);
    const [value = 0, expenses = 0] = amounts;
    const guaranteed = baht(condoFigures[1] ?? "") + expenses;
    expect(guaranteed).toBeLessThanOrEqual(Math.round((value * 7) / 100));
    expect(guaranteed).toBeGreaterThan((value * 7 * 0.9) / 100);
    await expect(condo).not.toContainText(l.lang === "en" ? "ask the desk" : "попросите офис");

    await expect(dashboard).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    for (const tile of await dashboard.locator("[data-tile]").all())
      expect(await overflowing(tile)).toEqual([]);
    await expectAccessible(page);
    await section.screenshot({ path: test.info().outputPath(`portal-dashboard-${l.lang}.png`) });

    // The owner's currency: the desk's rate, with its date, printed.
    await section.getByRole("combobox", { name: /Amounts in|Суммы в валюте/ }).selectOption("USD");
    await section.getByRole("button", { name: /Show|Показать/ }).click();
    await expect(page).toHaveURL(/currency=USD/);
    await expect(section.getByTestId("dashboard-rate")).toContainText(
      l.lang === "en" ? "฿33 for 1 USD" : /33\s฿ за 1 USD/,
    );
    await expect(section.getByTestId("dashboard-rate")).toContainText(
      l.lang === "en" ? "1 Jan 2026" : "1 янв. 2026",
    );
    await expect(incomeTile).toContainText("$");

    // One unit alone; a unit that is not the owner's, or a malformed id, is a 404.
    const villaId = await page
      .getByTestId("owner-units")
      .locator('li[data-program="guaranteed"]')
      .getAttribute("data-unit");
    await section
      .getByRole("combobox", { name: /Show the figures of|Показать цифры/ })
      .selectOption(villaId ?? "");
    await section.getByRole("button", { name: /Show|Показать/ }).click();
    await expect(page).toHaveURL(new RegExp(`unit=${villaId}`));
    await expect(dashboard.locator("[data-comparison]")).toHaveCount(1);
    for (const bad of ["999999", "0", "abc"]) {
      const answer = await page.request.get(`${server.url}${l.prefix}/owner?unit=${bad}`);
      expect(answer.status(), `?unit=${bad}`).toBe(404);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`the home page's sample dashboard stays inside its tiles on a phone (${l.lang})`, async ({
    browser,
  }) => {
    const context = await phone(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}${l.prefix}/`);
    const sample = page.getByTestId("dashboard-sample");
    await sample.scrollIntoViewIfNeeded();
    await expect(sample.getByRole("heading", { name: l.sample })).toBeVisible();
    // The figures as text: open the table; its twelve months are there.
    await sample.locator("summary", { hasText: l.table }).click();
    await expect(sample.locator("tbody tr")).toHaveCount(12);
    // The sample's payout this year: 70% of its year's income, ฿1,566,000.
    await expect(sample.locator('[data-tile="payouts"] dd').last()).toHaveText(
      l.lang === "en" ? "฿1,096,200" : /^1\s096\s200\s฿$/,
    );
    for (const box of await sample.locator("[data-tile], [data-comparison], table").all())
      expect(await overflowing(box)).toEqual([]);
    expect(await overflowing(sample)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await sample.screenshot({ path: test.info().outputPath(`home-sample-${l.lang}.png`) });
    await context.close();
  });
}
