import { extractText, getDocumentProxy } from "unpdf";
import { type LeadsServer, startLeadsServer } from "./support/admin.ts";
import { expect, test } from "./support/test.ts";

// The forms post to a server of this file's own, where the stored leads can be read back as the
// admin; its tests run one after another in one worker, so one such server is started.
test.describe.configure({ mode: "default" });
let server: LeadsServer;
test.beforeAll(async ({ browser }) => {
  server = await startLeadsServer(browser);
});
test.afterAll(async () => {
  await server?.stop();
});

test("newsletter: consent required, subscribing twice is fine", async ({ page }) => {
  const email = `news-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await page.goto(`${server.url}/`);
  const form = page.getByRole("form", { name: "Subscribe to Our Newsletter" });
  await form.scrollIntoViewIfNeeded();
  // The consent comes before the button that sends it.
  const consentBox = await form.getByRole("checkbox").boundingBox();
  const subscribeBox = await form.getByRole("button", { name: "Subscribe" }).boundingBox();
  expect(consentBox && subscribeBox && consentBox.y + consentBox.height <= subscribeBox.y).toBe(
    true,
  );
  await form.getByPlaceholder("Your e-mail").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Please agree to receive the newsletter.")).toBeVisible();
  // The reason is tied to the box, so a screen reader says it there.
  await expect(form.getByRole("checkbox")).toHaveAccessibleDescription(
    "Please agree to receive the newsletter.",
  );
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.getByText("Almost done: we have sent you an e-mail with a link."),
  ).toBeVisible();

  await page.goto(`${server.url}/ru/newsletter`);
  await page.getByPlaceholder("Ваш e-mail").fill(email.toUpperCase());
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Подписаться" }).click();
  await expect(page.getByText("Почти готово: мы отправили вам письмо со ссылкой.")).toBeVisible();
  // Stored once, in lower case.
  const rows = await server.leadsWith(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(/^"\d+","newsletter",/);
});

test("the brochure downloads as a PDF with the program's figures, in each language", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const link = page.getByRole("link", { name: "Download ROI Program Brochure" });
  await expect(link).toHaveAttribute("href", "/owners/roi/brochure.pdf");

  for (const [path, expected, annual] of [
    ["/owners/roi/brochure.pdf", "ROI 7% Program", "฿700,000"],
    ["/ru/owners/roi/brochure.pdf", "Программа ROI 7%", "700 000 ฿"],
  ] as const) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    const body = await response.body();
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), {
      mergePages: true,
    });
    expect(text).toContain(expected);
    expect(text.replace(/\s+/g, " ")).toContain(annual);
  }
});

test("a unit enquiry: one contact required, then thanks, and it is stored", async ({
  page,
  request,
}) => {
  const api = await (await request.get(`${server.url}/api/units`)).json();
  const slug: string = api.units[0].slug;
  const name = `Tenant ${Date.now()}`;
  await page.goto(`${server.url}/units/${slug}`);
  const form = page.locator("#enquiry");
  await form.getByLabel("Your name").fill(name);
  await form.getByLabel("Lease length").selectOption("6-months");
  await form.getByLabel(/Move-in date/).fill("2027-03-01");
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(form.getByText("Please give an e-mail or a phone number.")).toBeVisible();
  await form.getByLabel("Phone").fill("+66 81 234 5678");
  await form.getByLabel(/Message/).fill("Is parking included?");
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(form.getByText(/Thank you! The rental desk will contact you about/)).toBeVisible();
  const rows = await server.leadsWith(name);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(/^"\d+","unit-enquiry",/);
  expect(rows[0]).toContain("+66 81 234 5678");
  expect(rows[0]).toContain("Is parking included?");
  expect(rows[0]).toContain(api.units[0].name);
});

test("on a phone, the unit page's forms fetch their code when used, then send in place", async ({
  page,
  request,
}) => {
  const api = await (await request.get(`${server.url}/api/units`)).json();
  const slug: string = api.units[0].slug;
  const name = `Later ${Date.now()}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/units/${slug}`);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  // The forms are far below the first view: the server's HTML is there, their code is not.
  const form = page.locator("#enquiry");
  await expect(form.getByLabel("Your name")).toBeAttached();
  const part = page.locator("div[data-hydrated]", { has: form });
  await expect(part).toHaveCount(0);

  await form.getByLabel("Your name").fill(name);
  await expect(part).toHaveCount(1);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(form.getByText("Please give an e-mail or a phone number.")).toBeVisible();
  await form.getByLabel("E-mail", { exact: true }).fill("later@example.com");
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(form.getByText(/Thank you! The rental desk will contact you about/)).toBeVisible();
  // Sent by the page's own code (no new document), and stored.
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  const rows = await server.leadsWith(name);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain("later@example.com");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the newsletter form posts to its own page and asks for confirmation", async ({ page }) => {
    const email = `nojs-news-${Date.now()}@example.com`;
    await page.goto(`${server.url}/`);
    const form = page.getByRole("form", { name: "Subscribe to Our Newsletter" });
    await form.getByPlaceholder("Your e-mail").fill(email);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(
      page.getByText("Almost done: we have sent you an e-mail with a link."),
    ).toBeVisible();
    expect(await server.leadsWith(email)).toHaveLength(1);
  });
});
