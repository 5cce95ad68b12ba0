import { type LeadsServer, startLeadsServer } from "./support/admin.ts";
import { expect, type Page, test } from "./support/test.ts";

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

const unique = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function openOwners(page: Page, path = "/") {
  await page.goto(`${server.url}${path}`);
  await page.locator("#owners").scrollIntoViewIfNeeded();
  // The section's code comes when it nears the view; until then its links are plain page loads
  // (as without JavaScript), which these tests of the in-page dialog do not mean to check.
  await expect(page.locator("div[data-hydrated]", { has: page.locator("#owners") })).toHaveCount(1);
}

test("ROI calculator: open, calculate, get started, thank-you on the home page", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));

  await openOwners(page);
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  await page.getByRole("link", { name: "Calculate Your ROI" }).click();
  await expect(page).toHaveURL(/\/owners\/roi$/);
  const dialog = page.getByRole("dialog", { name: "ROI 7% Program Calculator" });
  await expect(dialog).toBeVisible();

  const calculate = dialog.getByRole("button", { name: "Calculate My Returns" });
  await expect(calculate).toBeDisabled();
  await dialog.getByLabel("Property value (THB)").fill("12,345,678");
  await dialog.getByLabel("Location").selectOption("Kamala");
  await expect(calculate).toBeDisabled();
  await dialog.getByLabel("Property type").selectOption("pool-villa");
  await expect(calculate).toBeEnabled();

  const projection = dialog.getByTestId("roi-projection");
  await expect(projection).toContainText("฿864,197");
  await expect(projection).toContainText("฿216,049");
  await expect(projection).toContainText("฿72,016");
  await expect(projection).toContainText("฿4,320,985");
  await expect(projection).toContainText("15 nights a year (May–September)");
  // No get-started form before Calculate My Returns.
  await expect(dialog.getByRole("button", { name: "Send my details" })).toHaveCount(0);

  await calculate.click();
  await expect(page).toHaveURL(/value=12%2C345%2C678&area=Kamala&property=pool-villa/);
  const whatsapp = dialog.getByTestId("whatsapp-link");
  expect(decodeURIComponent((await whatsapp.getAttribute("href")) ?? "")).toContain(
    "Projected annual return ฿864,197, quarterly payout ฿216,049, five-year total ฿4,320,985",
  );

  const send = dialog.getByRole("button", { name: "Send my details" });
  await send.click();
  await expect(dialog.getByText("Please fill this in.")).toHaveCount(2);
  await dialog.getByLabel("Your name").fill("Anna Owner");
  await dialog.getByLabel("E-mail").fill("not-an-email");
  await send.click();
  await expect(dialog.getByText("Please enter a valid e-mail address.")).toBeVisible();
  const email = unique("roi");
  await dialog.getByLabel("E-mail").fill(email);
  await send.click();

  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(dialog).toHaveCount(0);
  const thanks = page.getByText(
    "Thank you! Our team will contact you within 24 hours to discuss your ROI program enrollment.",
  );
  await expect(thanks).toBeVisible();
  // In the page's flow under the programs: it covers nothing, the newsletter card included.
  const thanksBox = await thanks.boundingBox();
  const newsletterBox = await page.locator("#newsletter").boundingBox();
  expect(thanksBox && newsletterBox && thanksBox.y + thanksBox.height <= newsletterBox.y).toBe(
    true,
  );
  expect(
    await thanks.evaluate((el) => getComputedStyle(el.closest("[role=status]") ?? el).position),
  ).not.toBe("fixed");
  const rows = await server.leadsWith(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(/^"\d+","roi",/);
  expect(rows[0]).toContain("Anna Owner");
  // Back on the home page where it was, not at the top.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(thanks).toBeHidden();
  await page.reload();
  await expect(page.locator("#owners")).toBeVisible();
  await expect(page.getByText("Thank you! Our team will contact you")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("ROI dialog: Esc and the close button close it, focus returns, reload keeps it open", async ({
  page,
}) => {
  await openOwners(page);
  const join = page.getByRole("link", { name: "Join ROI 7% Program" });
  await join.click();
  const dialog = page.getByRole("dialog", { name: "ROI 7% Program Calculator" });
  await expect(dialog).toBeVisible();
  // Focus is inside the dialog.
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(dialog).toHaveCount(0);
  await expect(join).toBeFocused();

  await page.goto(`${server.url}/owners/roi`);
  await expect(dialog).toBeVisible();
  await page.reload();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(dialog).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the calculator is a GET form and the lead form still posts", async ({ page }) => {
    await page.goto(`${server.url}/owners/roi`);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Property value (THB)").fill("10000000");
    await dialog.getByLabel("Location").selectOption("Surin");
    await dialog.getByLabel("Property type").selectOption("condo");
    await dialog.getByRole("button", { name: "Calculate My Returns" }).click();
    await expect(page).toHaveURL(/value=10000000&area=Surin&property=condo/);
    await expect(dialog.getByTestId("roi-projection")).toContainText("฿700,000");
    await expect(dialog.getByTestId("roi-projection")).toContainText("฿175,000");

    await dialog.getByLabel("Your name").fill("No Script");
    await dialog.getByLabel("E-mail").fill("bad@");
    await dialog.getByRole("button", { name: "Send my details" }).click();
    await expect(dialog.getByText("Please enter a valid e-mail address.")).toBeVisible();
    // What was typed is kept.
    await expect(dialog.getByLabel("Your name")).toHaveValue("No Script");
    const email = unique("nojs");
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByRole("button", { name: "Send my details" }).click();
    await expect(
      dialog.getByText("Thank you! Our team will contact you within 24 hours"),
    ).toBeVisible();
    const rows = await server.leadsWith(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("No Script");
  });
});

test("in Russian: the calculator speaks Russian and thanks in Russian", async ({ page }) => {
  await openOwners(page, "/ru");
  await page.getByRole("link", { name: "Рассчитать доходность" }).click();
  await expect(page).toHaveURL(/\/ru\/owners\/roi$/);
  const dialog = page.getByRole("dialog", { name: "Калькулятор программы ROI 7%" });
  await dialog.getByLabel("Стоимость объекта (THB)").fill("20000000");
  await dialog.getByLabel("Район").selectOption("Bang Tao");
  await dialog.getByLabel("Тип объекта").selectOption("penthouse");
  await dialog.getByRole("button", { name: "Рассчитать мой доход" }).click();
  await expect(dialog.getByTestId("roi-projection")).toContainText("1\u00a0400\u00a0000\u00a0฿");
  await dialog.getByLabel("Ваше имя").fill("Мария");
  const email = unique("ru");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Отправить" }).click();
  await expect(page).toHaveURL(/\/ru$/);
  await expect(
    page.getByText("Спасибо! Наша команда свяжется с вами в течение 24 часов"),
  ).toBeVisible();
  const rows = await server.leadsWith(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain("Мария");
});
