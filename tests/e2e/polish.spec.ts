import { expect, type Locator, type Page, test } from "./support/test.ts";

const SLUG = "canopy-pool-villa-v-01";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A click where a visitor's pointer would land on `target` (the card's link overlay covers it). */
async function clickOver(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to click");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The two boxes, as the viewport shows them now, share no pixel. */
async function expectApart(a: Locator, b: Locator, what: string) {
  await b.scrollIntoViewIfNeeded();
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA, `the admin button is on the page (${what})`).not.toBeNull();
  expect(boxB, `${what} is on the page`).not.toBeNull();
  if (!boxA || !boxB) return;
  const apart =
    boxA.x + boxA.width <= boxB.x ||
    boxB.x + boxB.width <= boxA.x ||
    boxA.y + boxA.height <= boxB.y ||
    boxB.y + boxB.height <= boxA.y;
  expect(
    apart,
    `the admin button ${JSON.stringify(boxA)} covers ${what} ${JSON.stringify(boxB)}`,
  ).toBe(true);
}

test.describe("unit cards", () => {
  test("the photo and the title open the unit, with one link per card", async ({ page }) => {
    await page.goto("/");
    const card = page.getByTestId("unit-card").first();
    const slug = await card.getAttribute("data-slug");
    // One link for the whole card; the favourites heart is the card's only other control.
    expect(await card.locator("a").count()).toBe(1);
    expect(await card.locator("a, button, [tabindex]").count()).toBe(2);
    await card.scrollIntoViewIfNeeded();
    // The heart sits above the card's link: clicking it saves the unit and opens nothing.
    const heart = card.getByRole("button", { name: /^Save / });
    await clickOver(page, heart);
    await expect(card.getByRole("button", { name: /from favourites$/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page).toHaveURL(/\/$/);

    await clickOver(page, card.locator("img"));
    await expect(page).toHaveURL(new RegExp(`/units/${slug}$`));

    await page.goto("/");
    await page.getByTestId("unit-card").first().scrollIntoViewIfNeeded();
    await clickOver(page, page.getByTestId("unit-card").first().getByRole("heading", { level: 3 }));
    await expect(page).toHaveURL(new RegExp(`/units/${slug}$`));
  });

  test("prices say per month, in Russian with Russian digit grouping and place names", async ({
    page,
  }) => {
    await page.goto("/");
    const prices = page.getByTestId("unit-card").first().getByTestId("lease-prices");
    await expect(prices).toHaveText(
      /^1-year lease: ฿[\d,]+\/month • 6-month lease: ฿[\d,]+\/month • 1-month lease: ฿[\d,]+\/month$/,
    );
    await expect(page.getByLabel("Price range").locator("option").nth(1)).toHaveText(
      "< 25K ฿/month",
    );

    await page.goto("/ru?location=Kamala");
    const card = page.getByTestId("unit-card").first();
    await expect(card).toContainText("Камала");
    await expect(card.getByTestId("lease-prices")).toHaveText(
      /^Аренда на 1 год: \d{1,3}(\u00a0\d{3})+\u00a0฿\/мес\. • Аренда на 6 месяцев: .+ • Аренда на 1 месяц: .+$/,
    );
    await expect(page.getByLabel("Район")).toHaveValue("Kamala");
    await expect(page.getByLabel("Район").locator("option:checked")).toHaveText("Камала");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the menu closes on Esc and on a tap outside, and leads to the owner programs", async ({
    page,
  }) => {
    await page.goto("/");
    const toggle = page.locator("summary", { hasText: "Menu" });
    const menu = page.locator("details nav");

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(menu).toBeVisible();
    // A tap on the page beside the menu (its panel hangs on the right).
    await page.mouse.click(20, 400);
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole("link", { name: /For owners/ }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#owners$/);
    await expect(page.locator("#owners")).toBeInViewport();
  });

  test("the admin button covers neither a card's 1-month price nor the copyright", async ({
    page,
  }) => {
    await page.goto("/");
    const admin = page.getByRole("link", { name: "Admin Panel" });
    for (const price of await page.locator("[data-lease=monthly]").all()) {
      await expectApart(admin, price, "a 1-month price");
    }
    await expectApart(admin, page.getByText(/^© \d{4}/), "the copyright line");
  });

  test("the admin button stays off the Russian search panel", async ({ page }) => {
    await page.goto("/ru");
    await expectApart(
      page.getByRole("link", { name: "Панель администратора" }),
      page.getByRole("search"),
      "the search panel",
    );
  });

  test("the unit page shows the facts before the long forms", async ({ page }) => {
    await page.goto(`/units/${SLUG}`);
    const top = async (name: string) =>
      (await page.getByRole("heading", { name, exact: true }).boundingBox())?.y ?? Number.NaN;
    const description = await top("Description");
    expect(await top("Facilities")).toBeLessThan(description);
    expect(description).toBeLessThan(await top("Enquire about this unit"));
    expect(description).toBeLessThan(await top("Book a viewing"));
  });

  test("the unit page's parts come in the document in the order they are shown", async ({
    page,
  }) => {
    // A browser paints what has arrived: parts placed by CSS `order` against the document order
    // moved the facts down by 210 px when the prices came in (a layout shift Lighthouse saw).
    await page.goto(`/units/${SLUG}`);
    const names = ["Pricing Options", "Facilities", "Description", "Enquire about this unit"];
    const headings = names.map((name) => page.getByRole("heading", { name, exact: true }));
    const tops: number[] = [];
    for (const heading of headings) tops.push((await heading.boundingBox())?.y ?? Number.NaN);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    const inDocumentOrder = await page.evaluate((list) => {
      const found = list.map((name) =>
        [...document.querySelectorAll("h2")].find((h) => h.textContent?.trim() === name),
      );
      return found.every(
        (h, i) =>
          i === 0 ||
          Boolean(
            h && found[i - 1]?.compareDocumentPosition(h) === Node.DOCUMENT_POSITION_FOLLOWING,
          ),
      );
    }, names);
    expect(inDocumentOrder).toBe(true);
  });

  test("the unit page keeps WhatsApp and Call in reach, never over the footer", async ({
    page,
  }) => {
    await page.goto(`/units/${SLUG}`);
    const bar = page.getByTestId("contact-bar");
    await expect(bar.getByRole("link", { name: /WhatsApp/ })).toBeVisible();
    await page.getByRole("heading", { name: "Description" }).scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport();
    await expectApart(bar, page.getByText(/^© \d{4}/), "the copyright line");
    await expectApart(bar, page.getByRole("link", { name: "Admin Panel" }), "the admin button");
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("the admin button covers neither the unit page's Email button nor the copyright", async ({
    page,
  }) => {
    await page.goto(`/units/${SLUG}`);
    const admin = page.getByRole("link", { name: "Admin Panel" });
    const email = page.getByRole("complementary").getByRole("link", { name: /Email/ });
    await expectApart(admin, email, "the Email button");
    await expectApart(admin, page.getByText(/^© \d{4}/), "the copyright line");
    await page.goto("/ru");
    await expectApart(
      page.getByRole("link", { name: "Панель администратора" }),
      page.getByRole("search"),
      "the Russian search panel",
    );
  });

  test("the unit page has no gap under the title, and Send enquiry fits on one line", async ({
    page,
  }) => {
    await page.goto(`/units/${SLUG}`);
    const title = await page.getByRole("heading", { level: 1 }).locator("xpath=..").boundingBox();
    const stats = await page.getByText("Bedrooms", { exact: true }).boundingBox();
    expect(title && stats).toBeTruthy();
    if (!title || !stats) return;
    expect(stats.y - (title.y + title.height)).toBeLessThan(80);
    const send = await page.getByRole("button", { name: "Send enquiry" }).boundingBox();
    expect(send?.height ?? 100).toBeLessThan(56);
  });

  test("the photos open full screen with a count and thumbnails", async ({ page }) => {
    await page.goto(`/units/${SLUG}`);
    const total = await page.locator("[data-testid=gallery] ~ ol li").count();
    expect(total).toBeGreaterThan(2);
    const opener = page.getByRole("button", { name: /^All \d+ photos\W+full screen$/ });
    await opener.click();

    const viewer = page.getByRole("dialog", { name: /full screen/ });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId("viewer-count")).toHaveText(`1 / ${total}`);
    const thumbnails = viewer.getByTestId("viewer-thumbnails").getByRole("button");
    await expect(thumbnails).toHaveCount(total);

    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByTestId("viewer-count")).toHaveText(`2 / ${total}`);
    await thumbnails.nth(2).click();
    await expect(viewer.getByTestId("viewer-count")).toHaveText(`3 / ${total}`);
    await expect(thumbnails.nth(2)).toHaveAttribute("aria-current", "true");

    // Focus stays inside while tabbing round.
    for (let i = 0; i < total + 4; i++) {
      await page.keyboard.press("Tab");
      expect(await viewer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();

    // The close button closes it too.
    await opener.click();
    await expect(viewer).toBeVisible();
    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the owner dialogs close on a click outside, not on a click inside", async ({ page }) => {
    await page.goto("/owners/roi");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("heading", { level: 2 }).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(20, 400);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("the status counters count the units matching the filters, and say so", async ({ page }) => {
  const counters = async () =>
    Promise.all(
      ["available", "soon", "occupied"].map(async (status) =>
        Number(await page.getByTestId(`count-${status}`).getByTestId("status-count").innerText()),
      ),
    );
  await page.goto("/");
  const all = await counters();
  await expect(page.getByText(/^All units by status \(\d+\)$/)).toBeVisible();
  await page.goto("/?type=condo&price=under-25");
  const some = await counters();
  await expect(page.getByText(/^Units matching your filters, by status/)).toBeVisible();
  expect(some[0]).toBeLessThan(all[0] ?? 0);
  const showing = await page.getByText(/^Showing \d+ of \d+$/).innerText();
  expect(Number(showing.split(" ").pop())).toBe(some[0]);
});

test("after Load More, focus is on the first card that came in", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Load More" }).click();
  const cards = page.getByTestId("unit-card");
  await expect(cards.nth(9)).toBeVisible();
  await expect(cards.nth(9).getByRole("link")).toBeFocused();
});

test("a missing page has a title", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page).toHaveTitle(/^Page not found/);
});
