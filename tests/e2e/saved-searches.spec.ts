import type { Page } from "@playwright/test";
import { startSmtp, type TestSmtp } from "../support/mail-servers.ts";
import { signIn, startAdminServer } from "./support/admin.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

// A server of this file's own, wired to a local SMTP server; its tests run one after another.
test.describe.configure({ mode: "default" });
let smtp: TestSmtp;
let server: ServerProcess;
let admin: Page;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  smtp = await startSmtp();
  server = await startAdminServer(undefined, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Kamala Living <rentals@kamala.example>",
  });
  admin = await (await browser.newContext()).newPage();
  await signIn(admin, server.url);
  await expect(admin.getByRole("heading", { name: "Property Management" })).toBeVisible();
});
test.afterAll(async () => {
  await admin?.context().close();
  await server?.stop();
  await smtp?.close();
});

/** The admin's row of the saved search of `email`, read afresh from the server. */
async function adminRow(email: string) {
  await admin.goto(`${server.url}/admin/saved-searches`);
  return admin.getByTestId("saved-search-row").filter({ hasText: email });
}

function mailTo(email: string) {
  return smtp.messages.filter((m) => m.to && "text" in m.to && m.to.text === email);
}

test("a visitor saves the list's filters, confirms from the e-mail and unsubscribes", async ({
  page,
}) => {
  const email = `villas-${Date.now()}@example.com`;
  await page.goto(`${server.url}/?type=pool-villa&location=Kamala&sort=price-asc#units`);
  const form = page.getByRole("region", { name: "E-mail me new units like these" });
  await expect(form).toContainText("Pool Villa · Kamala · Available");
  await form.getByLabel("Your e-mail").fill(email);
  await form.getByLabel(/I agree to receive e-mails about new units/).check();
  await form.getByRole("button", { name: "E-mail me" }).click();
  await expect(page.getByRole("status")).toContainText("Almost done: we have sent you a link.");

  // Stored with the list's filters (no sort), in English, waiting for confirmation.
  const row = await adminRow(email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Pool Villa · Kamala · Available");
  await expect(row).toContainText("English");
  await expect(row).toContainText("Waiting for confirmation");

  await expect.poll(() => mailTo(email).length, { timeout: 15_000 }).toBe(1);
  const mail = mailTo(email)[0];
  expect(mail?.subject).toBe("Confirm your saved search — Kamala Living");
  const link = mail?.text?.match(/(http\S+\/saved-searches\/confirm\?token=[\w-]{43})/)?.[1] ?? "";
  expect(link).not.toBe("");

  // Opening the link only asks: a mail scanner fetching it confirms nothing.
  await page.goto(link);
  await expect(page.getByText(`Send new units like these to ${email}`)).toBeVisible();
  await expect(await adminRow(email)).toContainText("Waiting for confirmation");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toContainText(`Confirmed: we will write to ${email}`);
  await expect(await adminRow(email)).toContainText("Confirmed");

  await page.getByRole("link", { name: "Stop these e-mails" }).click();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toContainText(
    `no more e-mails about this search will go to ${email}`,
  );
  await expect(await adminRow(email)).toContainText("Unsubscribed");
});

test("without JavaScript, in Russian: errors in place, no duplicate, one-click unsubscribe", async ({
  browser,
  request,
}) => {
  const email = `condo-${Date.now()}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/ru?type=condo&bedrooms=1`);
  const form = page.getByRole("region", { name: "Присылать новые объекты по этому поиску" });
  await form.getByLabel("Ваш e-mail").fill(email);
  await form.getByRole("button", { name: "Присылать" }).click();
  // No consent: the form comes back with the address kept and the reason next to the box.
  await expect(page.getByText("Подтвердите согласие получать эти письма.")).toBeVisible();
  await expect(page.getByLabel("Ваш e-mail")).toHaveValue(email);
  await page.getByLabel(/Я согласен получать письма о новых объектах/).check();
  await page.getByRole("button", { name: "Присылать" }).click();
  await expect(page.getByRole("status")).toContainText("Почти готово");

  // The same search again: still one row and one mail.
  await page.goto(`${server.url}/ru?bedrooms=1&type=condo&sort=newest`);
  await form.getByLabel("Ваш e-mail").fill(email);
  await form.getByLabel(/Я согласен получать письма о новых объектах/).check();
  await form.getByRole("button", { name: "Присылать" }).click();
  await expect(page.getByRole("status")).toContainText("Почти готово");
  await context.close();

  const row = await adminRow(email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Condo · Bedrooms: 1 · Available");
  await expect(row).toContainText("Russian");
  await expect.poll(() => mailTo(email).length, { timeout: 15_000 }).toBe(1);
  const mail = mailTo(email)[0];
  expect(mail?.subject).toBe("Подтвердите сохранённый поиск — Kamala Living");
  const confirm = mail?.text?.match(/(http\S+\/ru\/saved-searches\/confirm\?token=([\w-]{43}))/);
  const token = confirm?.[2] ?? "";
  expect(token).not.toBe("");

  const confirmed = await request.post(`${server.url}/ru/saved-searches/confirm`, {
    form: { token },
  });
  expect(confirmed.status()).toBe(200);
  await expect(await adminRow(email)).toContainText("Confirmed");
  // The confirmed page links to unsubscribing with a token of its own: the confirm token is no
  // unsubscribe token.
  const stop =
    (await confirmed.text()).match(/\/ru\/saved-searches\/unsubscribe\?token=([\w-]{43})/)?.[1] ??
    "";
  expect(stop).not.toBe("");
  expect(stop).not.toBe(token);
  const withConfirmToken = await request.post(
    `${server.url}/ru/saved-searches/unsubscribe?token=${token}`,
    { form: { "List-Unsubscribe": "One-Click" } },
  );
  expect(withConfirmToken.status()).toBe(404);
  await expect(await adminRow(email)).toContainText("Confirmed");

  // A mail program's one-click unsubscribe (RFC 8058): a POST to the List-Unsubscribe address.
  const oneClick = await request.post(`${server.url}/ru/saved-searches/unsubscribe?token=${stop}`, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(oneClick.status()).toBe(200);
  await expect(await adminRow(email)).toContainText("Unsubscribed");

  // A made-up token names nothing.
  const forged = await request.post(
    `${server.url}/saved-searches/unsubscribe?token=${"A".repeat(43)}`,
    { form: { "List-Unsubscribe": "One-Click" } },
  );
  expect(forged.status()).toBe(404);
});
