/**
 * Owners' statements on a phone (390 px), in English and Russian: the demo owner opens their
 * statements, downloads the guaranteed villa's PDF (฿210,000 a quarter on ฿12,000,000) and the
 * revenue-share condo's CSV (owner_share is 70% of net, to the baht). Then the desk corrects the
 * condo's published month: a new version with its reason and difference, while the published
 * version's figures and downloads stay as they were.
 */
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Download, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startAdminServer, watchErrors } from "./support/admin.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { expect, test, waitForHydration } from "./support/test.ts";

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

const OWNER_EMAIL = "owner@example.com";
const OWNER_PASSWORD = "mango season on the terrace";
const PHONE = { width: 390, height: 844 };

let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startAdminServer(undefined, { DEMO_OWNER_PASSWORD: OWNER_PASSWORD });
});

test.afterAll(async () => {
  await server?.stop();
});

const LANGUAGES = [
  {
    prefix: "",
    signIn: { email: "E-mail", password: "Password", submit: "Sign in" },
    statements: "Statements",
    pdf: "Download as PDF",
    csv: "Download as CSV (spreadsheet)",
    guaranteed: "Guaranteed return, 7% a year",
    revenueShare: "Revenue share, 70 : 30",
    // The quarter's payout as the English PDF writes it.
    payout: "฿210,000",
  },
  {
    prefix: "/ru",
    signIn: { email: "E-mail", password: "Пароль", submit: "Войти" },
    statements: "Отчёты",
    pdf: "Скачать PDF",
    csv: "Скачать CSV (таблица)",
    guaranteed: "Гарантированный доход, 7% в год",
    revenueShare: "Раздел дохода, 70 : 30",
    payout: "210 000 ฿",
  },
] as const;

async function expectAccessible(page: Page) {
  expect(
    (
      await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
        .analyze()
    ).violations,
  ).toEqual([]);
}

async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

async function phoneOwner(browser: Browser, lang: (typeof LANGUAGES)[number]) {
  const context = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto(`${server.url}${lang.prefix}/owner`);
  await waitForHydration(page);
  await page.getByLabel(lang.signIn.email).fill(OWNER_EMAIL);
  await page.getByLabel(lang.signIn.password, { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: lang.signIn.submit }).click();
  await expect(page.getByRole("link", { name: lang.statements })).toBeVisible();
  return { context, page };
}

async function downloaded(page: Page, name: string): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name, exact: true }).click(),
  ]);
  return readFile(await (download as Download).path());
}

/** The CSV's header and rows, split on commas outside quotes. */
function parseCsv(text: string): Record<string, string>[] {
  const rows = text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((line) =>
      (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).map((c) =>
        c.replace(/,$/, "").replace(/^"|"$/g, ""),
      ),
    );
  const [header = [], ...body] = rows;
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}

async function pdfText(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  return text.replace(/[\s\u00a0\u202f]+/g, " ");
}

for (const lang of LANGUAGES) {
  test(`the demo owner downloads their statements on a phone (${lang.prefix || "/en"})`, async ({
    browser,
  }) => {
    const { context, page } = await phoneOwner(browser, lang);
    const errors = watchErrors(page);
    await page.getByRole("link", { name: lang.statements }).first().click();
    await expect(page).toHaveURL(`${server.url}${lang.prefix}/owner/statements`);
    const cards = page.getByTestId("owner-statements").locator("> li");
    await expect(cards).toHaveCount(3);
    await expectAccessible(page);
    await expectFitsPhone(page);

    // The newest guaranteed quarter: ฿12,000,000 × 7% ÷ 4.
    await cards.filter({ hasText: lang.guaranteed }).first().getByRole("link").click();
    await expect(page.getByTestId("statement-payout")).toBeVisible();
    const shown = (await page.getByTestId("statement-payout").textContent()) ?? "";
    expect(shown.replace(/[\s\u00a0\u202f]+/g, " ")).toBe(lang.payout);
    await expectAccessible(page);
    await expectFitsPhone(page);
    const pdf = await pdfText(await downloaded(page, lang.pdf));
    expect(pdf).toContain(lang.payout);

    // The revenue-share month's CSV: owner_share is 70% of net, to the baht, in the total row.
    await page.goto(`${server.url}${lang.prefix}/owner/statements`);
    await cards.filter({ hasText: lang.revenueShare }).first().getByRole("link").click();
    await expect(page.getByTestId("statement-lines").locator("li")).toHaveCount(5);
    await expectAccessible(page);
    await expectFitsPhone(page);
    const csv = (await downloaded(page, lang.csv)).toString("utf8");
    const header = csv.replace(/^\uFEFF/, "").split("\r\n")[0] ?? "";
    for (const column of [
      "gross",
      "commissions",
      "expenses",
      "net",
      "owner_share",
      "company_share",
      "withholding",
      "payout",
    ])
      expect(header.split(",")).toContain(column);
    const total = parseCsv(csv).find((r) => r.row === "total");
    const gross = Number(total?.gross);
    const net = Number(total?.net);
    expect(net).toBe(gross - Number(total?.commissions) - Number(total?.expenses));
    expect(net).toBeGreaterThan(0);
    expect(Number(total?.owner_share)).toBe(Math.round((net * 70) / 100));
    expect(Number(total?.owner_share) + Number(total?.company_share)).toBe(net);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("a correction is a new version; the published one stays as it was", async ({ browser }) => {
  const owner = await phoneOwner(browser, LANGUAGES[0]);
  await owner.page.goto(`${server.url}/owner/statements`);
  const published = owner.page
    .getByTestId("owner-statements")
    .locator("> li")
    .filter({ hasText: LANGUAGES[0].revenueShare });
  await published.getByRole("link").click();
  await expect(owner.page).toHaveURL(/\/owner\/statements\/\d+$/);
  const v1Url = owner.page.url();
  const v1Csv = (await downloaded(owner.page, LANGUAGES[0].csv)).toString("utf8");
  const v1Total = parseCsv(v1Csv).find((r) => r.row === "total");

  // The desk finds a missed invoice of that month and corrects the statement.
  const desk = await (await browser.newContext()).newPage();
  const errors = watchErrors(desk);
  await desk.goto(`${server.url}/admin`);
  await desk.getByLabel("Email").fill(ADMIN_EMAIL);
  await desk.getByLabel("Password").fill(ADMIN_PASSWORD);
  await desk.getByRole("button", { name: "Sign In" }).click();
  await expect(desk.getByRole("heading", { name: "Property Management" })).toBeVisible();
  const id = v1Url.split("/").pop() ?? "";
  await desk.goto(`${server.url}/admin/statements/${id}`);
  await expect(desk.getByTestId("statement-status")).toContainText("Published");
  await expectAccessible(desk);
  const unit =
    (await desk.getByRole("heading", { level: 2 }).first().textContent())?.split(":")[0] ?? "";
  const spentOn = v1Total?.date
    ? new Date(Date.parse(`${v1Total.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    : "";

  await desk.goto(`${server.url}/admin/statements/ledger`);
  const expense = desk
    .locator("form")
    .filter({ has: desk.getByRole("button", { name: "Add the expense" }) });
  await expense.getByLabel("Unit").selectOption({ label: unit });
  await expense.getByLabel("Date").fill(spentOn);
  await expense.getByLabel("Category").selectOption("maintenance");
  await expense.getByLabel("Vendor").fill("Pool Care Phuket");
  await expense.getByLabel("Amount (baht)").fill("1,000");
  await expense.getByRole("button", { name: "Add the expense" }).click();
  await expect(desk.getByRole("main").getByRole("status")).toContainText("Expense added");
  await expectAccessible(desk);

  await desk.goto(`${server.url}/admin/statements/${id}`);
  await desk.getByLabel(/Reason for a correction/).fill("The pool service invoice was missed");
  await desk.getByRole("button", { name: "Make a corrected version from the ledger" }).click();
  await expect(desk.getByTestId("statement-status")).toContainText("Version 2 · Draft");
  await expect(
    desk.getByText("Corrects version 1: The pool service invoice was missed"),
  ).toBeVisible();
  await expect(desk.locator("tr", { hasText: "Expenses borne by the owners" })).toContainText(
    "+฿1,000",
  );
  await desk.getByRole("button", { name: "Approve" }).click();
  await expect(desk.getByTestId("statement-status")).toContainText("Approved");
  await desk.getByRole("button", { name: "Publish to the owners" }).click();
  await expect(desk.getByTestId("statement-status")).toContainText("Version 2 · Published");
  const v2Url = desk.url();

  // The owner's version 1 is unchanged, download and all; version 2 says why and what changed.
  await owner.page.goto(v1Url);
  await expect(owner.page.getByTestId("statement-version")).toContainText("Version 1");
  expect((await downloaded(owner.page, LANGUAGES[0].csv)).toString("utf8")).toBe(v1Csv);
  await owner.page.goto(`${server.url}/owner/statements/${v2Url.split("/").pop()}`);
  await expect(
    owner.page.getByText(
      "This version corrects version 1. Reason: The pool service invoice was missed",
    ),
  ).toBeVisible();
  await expectAccessible(owner.page);
  const v2Total = parseCsv((await downloaded(owner.page, LANGUAGES[0].csv)).toString("utf8")).find(
    (r) => r.row === "total",
  );
  expect(Number(v2Total?.expenses)).toBe(Number(v1Total?.expenses) + 1_000);
  expect(Number(v2Total?.owner_share)).toBe(Math.round((Number(v2Total?.net) * 70) / 100));
  expect(errors).toEqual([]);
});

test("a statement's page and files need the owner; ids that name none of theirs are not found", async ({
  browser,
}) => {
  const { page } = await phoneOwner(browser, LANGUAGES[0]);
  await page.goto(`${server.url}/owner/statements`);
  const href =
    (await page.getByTestId("owner-statements").getByRole("link").first().getAttribute("href")) ??
    "";
  const id = Number(href.split("/").pop());
  const cookie = (await page.context().cookies()).find((c) => c.name === "owner_session");
  const get = (path: string, header?: string) =>
    fetch(`${server.url}${path}`, {
      redirect: "manual",
      headers: header ? { cookie: header } : {},
    });
  const own = `owner_session=${cookie?.value}`;
  for (const suffix of ["", ".pdf", ".csv"]) {
    expect((await get(`/owner/statements/${id}${suffix}`, own)).status, suffix).toBe(200);
    // Signed out: to the sign-in form.
    expect((await get(`/ru/owner/statements/${id}${suffix}`)).status).toBe(302);
    // Ids that name nothing the owner may see.
    for (const other of ["999999", "0", "abc"])
      expect((await get(`/owner/statements/${other}${suffix}`, own)).status, other).toBe(404);
  }
});

test("at start the daily round drafts the ended quarters the demo left unpublished; the desk sees them waiting", async ({
  browser,
}) => {
  // The demo villa's term starts on 1 January this year; the demo publishes the last two
  // quarters that have ended (or the current one). Every other ended quarter has a draft by now.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date());
  const ended = Math.floor((Number(today.slice(5, 7)) - 1) / 3);
  const expected = Array.from(
    { length: Math.max(0, ended - 2) },
    (_, q) => `Q${q + 1} ${today.slice(0, 4)}`,
  );
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const desk = await context.newPage();
  const errors = watchErrors(desk);
  await desk.goto(`${server.url}/admin`);
  await desk.getByLabel("Email").fill(ADMIN_EMAIL);
  await desk.getByLabel("Password").fill(ADMIN_PASSWORD);
  await desk.getByRole("button", { name: "Sign In" }).click();
  await expect(desk.getByRole("heading", { name: "Property Management" })).toBeVisible();
  await desk.goto(`${server.url}/admin/statements`);
  const waiting = desk.getByTestId("statements-waiting");
  await expect(waiting.getByRole("heading", { name: "Waiting for the desk" })).toBeVisible();
  // The round runs just after the server is ready: wait for its drafts, without a fixed sleep.
  await expect(async () => {
    await desk.reload();
    await expect(waiting.locator("li", { hasText: "made by the daily round" })).toHaveCount(
      expected.length,
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 30_000 });
  for (const quarter of expected)
    await expect(waiting.locator("li", { hasText: `Guaranteed, ${quarter}` })).toContainText(
      "Draft (made by the daily round)",
    );
  if (expected.length > 0) {
    await waiting.locator("li", { hasText: expected[0] }).getByRole("link").click();
    await expect(desk.getByTestId("statement-status")).toContainText("Draft");
    // A full quarter of ฿12,000,000 at 7% a year.
    await expect(desk.getByRole("main")).toContainText("฿210,000");
    await desk.goBack();
  }
  await expectAccessible(desk);
  await expectFitsPhone(desk);
  expect(errors).toEqual([]);
  await context.close();
});
