import { expect, type Page, test } from "./support/test.ts";

const SLUG = "canopy-pool-villa-v-01";

async function unitFromApi(page: Page, slug: string) {
  for (const status of ["available", "soon", "occupied"]) {
    for (let p = 1; p <= 3; p++) {
      const res = await page.request.get(`/api/units?status=${status}&page=${p}`);
      const body = await res.json();
      const unit = body.units.find((u: { slug: string }) => u.slug === slug);
      if (unit) return unit;
      if (!body.hasMore) break;
    }
  }
  throw new Error(`${slug} not in the listing`);
}

test("the unit page shows every fact of the unit and the contact links", async ({ page }) => {
  const unit = await unitFromApi(page, SLUG);
  await page.goto(`/units/${SLUG}`);
  await expect(page).toHaveTitle(/Canopy Pool Villa/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(unit.name);
  await expect(page.getByText(`${unit.building} · ${unit.unitCode}`)).toBeVisible();
  await expect(page.getByText(`${unit.location}, Phuket`)).toBeVisible();
  await expect(page.getByText("Pool Villa", { exact: true })).toBeVisible();

  const pricing = page.getByRole("region", { name: "Pricing Options" });
  const baht = (n: number) => `฿${n.toLocaleString("en-US")}`;
  await expect(pricing.getByText("1-year lease")).toBeVisible();
  await expect(pricing.getByText(baht(unit.pricing.yearly), { exact: true })).toBeVisible();
  await expect(pricing.getByText(baht(unit.pricing.sixMonth), { exact: true })).toBeVisible();
  await expect(pricing.getByText(baht(unit.pricing.monthly), { exact: true })).toBeVisible();
  await expect(pricing.getByText("Available now")).toBeVisible();

  for (const [label, value] of [
    ["Bedrooms", String(unit.bedrooms)],
    ["Bathrooms", String(unit.bathrooms)],
    ["Size", `${unit.sizeM2} m²`],
  ]) {
    await expect(page.locator("dl div", { hasText: label }).locator("dd")).toHaveText(value ?? "");
  }
  // A villa stands on its own ground: its page shows no floor (a condo's does).
  await expect(page.locator("dl div", { hasText: "Floor" })).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "Facilities" }).getByText("Private pool"),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Description" })).toContainText("Kamala bay");

  const contact = page.getByRole("complementary", { name: "Interested in this unit?" });
  const link = (name: string) => contact.getByRole("link", { name: new RegExp(`^${name}`) });
  await expect(link("Call")).toHaveAttribute("href", /^tel:\+\d+$/);
  const whatsapp = decodeURIComponent((await link("WhatsApp").getAttribute("href")) ?? "");
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  expect(whatsapp).toContain("Canopy Pool Villa");
  expect(whatsapp).toContain("V-01");
  await expect(link("Telegram")).toHaveAttribute("href", /^https:\/\/t\.me\/\w+$/);
  const mail = decodeURIComponent((await link("Email").getAttribute("href")) ?? "");
  expect(mail).toMatch(
    /^mailto:[^?]+\?subject=Enquiry about Canopy Pool Villa \(The Trees, unit V-01\)$/,
  );
  for (const name of ["Call", "WhatsApp", "Telegram", "Email"]) {
    await expect(link(name)).toHaveAttribute("target", "_blank");
  }
  await expect(contact.getByText("Property Management")).toBeVisible();
  await expect(contact.getByText("Professional • Reliable • Trusted")).toBeVisible();
});

test("an occupied unit says until when it is rented", async ({ page }) => {
  const res = await page.request.get("/api/units?status=occupied");
  const [unit] = (await res.json()).units;
  await page.goto(`/units/${unit.slug}`);
  await expect(
    page
      .getByRole("region", { name: "Pricing Options" })
      .getByText(/^Rented until \d{1,2} \w{3} \d{4}$/),
  ).toBeVisible();
  // Its calendar agrees with the badge (the demo units have no stays of their own): taken from
  // today through the day it is rented until, free the day after.
  const calendar = page.getByRole("region", { name: "Availability" });
  await expect(calendar.getByTestId("taken-ranges")).toContainText("Taken");
  const rentedUntil: string = unit.rentedUntil;
  const dayAfter = new Date(Date.parse(`${rentedUntil}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10);
  await calendar.getByText("Show all 12 months").click();
  await expect(calendar.locator(`td[data-date="${rentedUntil}"]`)).toHaveAttribute(
    "data-taken",
    "true",
  );
  const free = calendar.locator(`td[data-date="${dayAfter}"]`);
  await expect(free).toHaveCount(1);
  await expect(free).not.toHaveAttribute("data-taken");
});

test("the gallery moves by arrows, dots and keys, within its ends", async ({ page }) => {
  await page.goto(`/units/${SLUG}`);
  const gallery = page.getByTestId("gallery");
  const image = gallery.locator("img");
  const previous = page.getByRole("button", { name: "Previous photo" });
  const next = page.getByRole("button", { name: "Next photo" });
  const dots = page.getByRole("button", { name: /^Show photo \d+$/ });
  const total = await dots.count();
  expect(total).toBeGreaterThanOrEqual(3);

  await expect(previous).toBeDisabled();
  await expect(image).toHaveAttribute("alt", `Canopy Pool Villa, photo 1 of ${total}`);
  const firstSrc = await image.getAttribute("src");
  await next.click();
  await expect(image).toHaveAttribute("alt", `Canopy Pool Villa, photo 2 of ${total}`);
  expect(await image.getAttribute("src")).not.toBe(firstSrc);
  await expect(previous).toBeEnabled();
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");

  await dots.nth(total - 1).click();
  await expect(image).toHaveAttribute("alt", `Canopy Pool Villa, photo ${total} of ${total}`);
  await expect(next).toBeDisabled();
  // Past the last photo nothing moves: a later step, handled after the forced click, lands one
  // photo back from the last (had the click wrapped to the first, it would not).
  await next.click({ force: true });
  await gallery.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(image).toHaveAttribute("alt", `Canopy Pool Villa, photo ${total - 1} of ${total}`);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  // The second ArrowRight hit the end; ArrowLeft, handled after it, shows it changed nothing.
  await page.keyboard.press("ArrowLeft");
  await expect(image).toHaveAttribute("alt", `Canopy Pool Villa, photo ${total - 1} of ${total}`);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  async function swipe(page: Page, dx: number) {
    await page.getByTestId("gallery").evaluate((el, dx) => {
      const box = el.getBoundingClientRect();
      const y = box.top + box.height / 2;
      const x = box.left + box.width / 2;
      const touch = (clientX: number) =>
        new Touch({ identifier: 1, target: el, clientX, clientY: y });
      el.dispatchEvent(
        new TouchEvent("touchstart", {
          touches: [touch(x)],
          changedTouches: [touch(x)],
          bubbles: true,
        }),
      );
      el.dispatchEvent(
        new TouchEvent("touchend", { touches: [], changedTouches: [touch(x + dx)], bubbles: true }),
      );
    }, dx);
  }

  test("a swipe longer than 50 px changes the photo, a shorter one does not", async ({ page }) => {
    await page.goto(`/units/${SLUG}`);
    const hint = page.getByTestId("swipe-hint");
    await expect(hint).toBeVisible();
    await expect(hint).toHaveText(/^Swipe for more photos \(1\/\d+\)$/);
    // A short swipe, then a long one: landing on photo 2 (not 3) shows the short one was
    // handled and changed nothing.
    await swipe(page, -40);
    await swipe(page, -120);
    await expect(hint).toHaveText(/\(2\/\d+\)$/);
    await swipe(page, 120);
    await expect(hint).toHaveText(/\(1\/\d+\)$/);
    // Swiping back from the first photo does nothing: the next swipe lands on photo 2.
    await swipe(page, 120);
    await swipe(page, -120);
    await expect(hint).toHaveText(/\(2\/\d+\)$/);
  });
});

test("the Russian unit page speaks Russian", async ({ page }) => {
  await page.goto(`/ru/units/${SLUG}`);
  await expect(page.getByText("Варианты аренды")).toBeVisible();
  await expect(page.getByText("Камала, Пхукет")).toBeVisible();
  await expect(page.getByRole("region", { name: "Описание" })).toContainText(
    "Вилла с четырьмя спальнями",
  );
});

test("a unit that does not exist is a real 404", async ({ page }) => {
  const response = await page.goto("/units/no-such-unit");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});

test("on a phone, the gallery's dots and arrows are targets a finger can hit", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/units/${SLUG}`);
  const targets = page.getByRole("button", {
    name: /^(Show photo \d+|Previous photo|Next photo)$/,
  });
  await expect(targets.first()).toBeVisible();
  expect(await targets.count()).toBeGreaterThanOrEqual(5);
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
  }
});
