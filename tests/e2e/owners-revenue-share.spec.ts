import { expect, test } from "./support/test.ts";

test("revenue share dialog: content, Esc closes, the interested form thanks", async ({ page }) => {
  await page.goto("/");
  await page.locator("#owners").scrollIntoViewIfNeeded();
  const explore = page.getByRole("link", { name: "Explore 70:30 Revenue Share" });
  await explore.click();
  await expect(page).toHaveURL(/\/owners\/revenue-share$/);
  const dialog = page.getByRole("dialog", { name: "70:30 Revenue Share Program" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("70% of net revenue")).toBeVisible();
  await expect(dialog.getByText("30% of net revenue")).toBeVisible();
  await expect(dialog.getByTestId("rs-examples")).toHaveText(/12\.5%.*10\.8%.*14\.2%/);
  const table = dialog.getByRole("table");
  await expect(table.getByRole("row", { name: /Returns/ })).toContainText("7% fixed");
  await expect(table.getByRole("row", { name: /Returns/ })).toContainText(
    "8-15% performance-based",
  );
  await expect(table.getByRole("row", { name: /Payouts/ })).toContainText("Quarterly");
  await expect(table.getByRole("row", { name: /Payouts/ })).toContainText("Monthly");
  await expect(table.getByRole("row", { name: /Personal use/ })).toContainText(
    "Unlimited, by blocking dates",
  );
  await expect(dialog.getByRole("link", { name: /Call us/ })).toHaveAttribute("href", /^tel:\+/);
  await expect(dialog.getByRole("link", { name: "E-mail us" })).toHaveAttribute("href", /^mailto:/);
  await expect(dialog.getByTestId("whatsapp-link")).toHaveAttribute("href", /^https:\/\/wa\.me\//);

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(explore).toBeFocused();

  await explore.click();
  await dialog.getByLabel("Your name").fill("Rev Share");
  await dialog.getByLabel("E-mail").fill(`rs-${Date.now()}@example.com`);
  await dialog.getByRole("button", { name: "I'm interested" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByText(
      "Thank you! Our team will contact you within 24 hours to discuss the revenue share program.",
    ),
  ).toBeVisible();
});
