import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { picture, signIn, startAdminServer, watchErrors } from "./support/admin.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

// A server of this file's own, with a PromptPay id, on the demo leases of a fresh database.
test.describe.configure({ mode: "serial" });
let server: ServerProcess;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startAdminServer(undefined, { PROMPTPAY_ID: "0812345678" });
});
test.afterAll(async () => {
  await server?.stop();
});

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
    [],
  );
}

/** The first demo lease's page. */
async function openLease(page: Page): Promise<string> {
  await page.goto(`${server.url}/admin/leases`);
  const href = await page
    .locator('main a[href^="/admin/leases/"]:not([href$="/new"]):not([href*="#"])')
    .first()
    .getAttribute("href");
  expect(href).toMatch(/^\/admin\/leases\/\d+$/);
  await page.goto(`${server.url}${href}`);
  await expect(page.getByRole("heading", { name: "Documents" })).toBeVisible();
  return href ?? "";
}

test("the lease page's contract and invoice links answer PDFs", async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page, server.url);
  await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
  const leasePath = await openLease(page);
  await expectAccessible(page);

  const contract = page.getByRole("link", { name: "Contract: Thai and Russian" });
  await expect(contract).toHaveAttribute("href", `${leasePath}/contract.pdf?lang=ru`);
  // The link, fetched with the page's session: a PDF.
  const href = (await contract.getAttribute("href")) ?? "";
  const answer = await page.request.get(`${server.url}${href}`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  expect((await answer.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // An invoice of a due still to pay, with its PromptPay QR.
  const invoiceLink = page.getByRole("link", { name: /^Invoice: / }).first();
  const invoice = await page.request.get(
    `${server.url}${(await invoiceLink.getAttribute("href")) ?? ""}`,
  );
  expect(invoice.headers()["content-type"]).toBe("application/pdf");
  expect((await invoice.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Signed out, the contract is not given.
  const anonymous = await fetch(`${server.url}${href}`, { redirect: "manual" });
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("content-type")).not.toBe("application/pdf");
  expect(errors).toEqual([]);
});

test("a move-in inspection: started, a photo through the upload pipeline, its report", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await signIn(page, server.url);
  await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
  const leasePath = await openLease(page);
  await page.getByRole("link", { name: "Move-in inspection" }).click();
  await expect(
    page.getByRole("heading", { name: /^Move-in inspection — lease #\d+/ }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Start with the usual rooms" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Inspection started." })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Rooms and items \(\d+\)$/ })).toBeVisible();
  await expectAccessible(page);

  // A photo of the door: uploaded, then shown beside its item.
  await page.getByLabel("Add a photo of door and lock").setInputFiles({
    name: "door.png",
    mimeType: "image/png",
    buffer: await picture("#aa7744"),
  });
  await expect(page.getByRole("img", { name: "Door and lock, Entrance, 1 of 1" })).toBeVisible();

  const report = await page.request.get(
    `${server.url}${leasePath}/inspections/move-in/report.pdf?lang=en`,
  );
  expect(report.status()).toBe(200);
  expect(report.headers()["content-type"]).toBe("application/pdf");
  expect((await report.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(errors).toEqual([]);
});
