import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";

test("newsletter: consent required, subscribing twice is fine", async ({ page }) => {
  const email = `news-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await page.goto("/");
  const form = page.getByRole("form", { name: "Subscribe to Our Newsletter" });
  await form.scrollIntoViewIfNeeded();
  await form.getByPlaceholder("Your e-mail").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Please agree to receive the newsletter.")).toBeVisible();
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("You are subscribed. Thank you!")).toBeVisible();

  await page.goto("/ru/newsletter");
  await page.getByPlaceholder("Ваш e-mail").fill(email.toUpperCase());
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Подписаться" }).click();
  await expect(page.getByText("Вы подписаны. Спасибо!")).toBeVisible();
});

test("the brochure downloads as a PDF with the program's figures, in each language", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const link = page.getByRole("link", { name: "Download ROI Program Brochure" });
  await expect(link).toHaveAttribute("href", "/owners/roi/brochure.pdf");

  for (const [path, expected] of [
    ["/owners/roi/brochure.pdf", "ROI 7% Program"],
    ["/ru/owners/roi/brochure.pdf", "Программа ROI 7%"],
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
    expect(text.replace(/\s+/g, " ")).toContain("฿700,000");
  }
});

test("a unit enquiry: one contact required, then thanks", async ({ page, request }) => {
  const api = await (await request.get("/api/units")).json();
  const slug: string = api.units[0].slug;
  await page.goto(`/units/${slug}`);
  const form = page.locator("#enquiry");
  await form.getByLabel("Your name").fill("Tenant Test");
  await form.getByLabel("Lease length").selectOption("6-months");
  await form.getByLabel(/Move-in date/).fill("2027-03-01");
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(form.getByText("Please give an e-mail or a phone number.")).toBeVisible();
  await form.getByLabel("Phone").fill("+66 81 234 5678");
  await form.getByLabel(/Message/).fill("Is parking included?");
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(form.getByText(/Thank you! The rental desk will contact you about/)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the newsletter form posts to its own page and subscribes", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: "Subscribe to Our Newsletter" });
    await form.getByPlaceholder("Your e-mail").fill(`nojs-news-${Date.now()}@example.com`);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByText("You are subscribed. Thank you!")).toBeVisible();
  });
});
