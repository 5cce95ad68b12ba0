import path from "node:path";
import type { Page } from "@playwright/test";
import { openDatabase } from "../../app/db/client.server.ts";
import { leads } from "../../app/db/schema.ts";
import { picture, signIn, startAdminServer, watchErrors } from "./support/admin.ts";
import { tempDataDir } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

// Each test starts a server of its own; one at a time keeps the machine calm.
test.describe.configure({ mode: "serial" });

/** The table's rows as the admin reads them: name, unit code, building, type, status, price. */
async function readRows(page: Page) {
  return page.getByTestId("admin-property-row").evaluateAll((rows) =>
    rows.map((row) => {
      const cell = (i: number) => (row.children[i] as HTMLElement).innerText.trim();
      return {
        name: (row.querySelector('[data-testid="property-name"]') as HTMLElement).innerText,
        unitCode: (row.querySelector('[data-testid="unit-code"]') as HTMLElement).innerText,
        building: cell(2),
        type: cell(3),
        status: cell(4),
        price: Number(cell(5).replace(/[^0-9]/g, "")),
      };
    }),
  );
}

test("the property table: search, filters, sort, total and paging, all in the URL", async ({
  page,
}) => {
  const server = await startAdminServer();
  try {
    const errors = watchErrors(page);
    await signIn(page, server.url);
    const rows = page.getByTestId("admin-property-row");
    const total = page.getByTestId("property-total");
    await expect(rows).toHaveCount(25);
    await expect(total).toHaveText("25 properties");
    const all = await readRows(page);

    // Search by name, any case.
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill("CANOPY");
    await search.press("Enter");
    await expect(page).toHaveURL(/[?&]q=CANOPY/);
    const canopy = all.filter((r) => /canopy/i.test(r.name));
    expect(canopy.length).toBeGreaterThan(1);
    await expect(rows).toHaveCount(canopy.length);
    await expect(total).toHaveText(`${canopy.length} of 25 match`);
    expect((await readRows(page)).map((r) => r.name)).toEqual(canopy.map((r) => r.name));

    // Search by unit code.
    const one = all.find((r) => r.unitCode === "V-01") ?? all[0];
    await search.fill(one?.unitCode ?? "");
    await search.press("Enter");
    await expect(total).toHaveText(/^\d+ of 25 match$/);
    expect((await readRows(page)).map((r) => r.name)).toContain(one?.name);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(total).toHaveText("25 properties");
    await expect(search).toHaveValue("");

    // Filters, each kept in the URL, together.
    await page.getByLabel("Status").selectOption("occupied");
    await expect(page).toHaveURL(/[?&]status=occupied/);
    const occupied = all.filter((r) => r.status.startsWith("Occupied"));
    await expect(total).toHaveText(`${occupied.length} of 25 match`);
    for (const row of await readRows(page)) expect(row.status).toMatch(/^Occupied/);
    await page.getByLabel("Status").selectOption("");
    await page.getByLabel("Building").selectOption("Zen Space");
    await page.getByLabel("Type").selectOption("pool-villa");
    await expect(page).toHaveURL(/building=Zen\+Space/);
    await expect(page).toHaveURL(/type=pool-villa/);
    const zenVillas = all.filter((r) => r.building === "Zen Space" && r.type === "Pool Villa");
    await expect(total).toHaveText(`${zenVillas.length} of 25 match`);
    expect((await readRows(page)).map((r) => r.name)).toEqual(zenVillas.map((r) => r.name));
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(total).toHaveText("25 properties");

    // Sort by price, both ways, and by name.
    await page.getByLabel("Sort by").selectOption("price-desc");
    await expect(page).toHaveURL(/sort=price-desc/);
    // The URL changes before the new rows arrive: wait for them, as for the other sorts.
    await expect
      .poll(async () => (await readRows(page)).map((r) => r.price))
      .toEqual(all.map((r) => r.price).sort((a, b) => b - a));
    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect
      .poll(async () => (await readRows(page)).map((r) => r.price))
      .toEqual(all.map((r) => r.price).sort((a, b) => a - b));
    await page.getByLabel("Sort by").selectOption("name");
    await expect
      .poll(async () => (await readRows(page)).map((r) => r.name))
      .toEqual(all.map((r) => r.name).sort((a, b) => a.localeCompare(b, "en")));

    // Ten a page: three pages, every property once, the sort kept.
    await page.getByRole("link", { name: "10 per page" }).click();
    await expect(page.getByTestId("page-position")).toHaveText("Page 1 of 3");
    await expect(rows).toHaveCount(10);
    const seen = (await readRows(page)).map((r) => r.name);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByTestId("page-position")).toHaveText("Page 2 of 3");
    await expect(page).toHaveURL(/page=2/);
    seen.push(...(await readRows(page)).map((r) => r.name));
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByTestId("page-position")).toHaveText("Page 3 of 3");
    await expect(rows).toHaveCount(5);
    seen.push(...(await readRows(page)).map((r) => r.name));
    expect(seen).toEqual(all.map((r) => r.name).sort((a, b) => a.localeCompare(b, "en")));
    await expect(total).toHaveText("25 properties");

    // Values the list does not know are ignored, never an error page.
    const odd = await page.goto(
      `${server.url}/admin?status=sold&building=Nowhere&sort=drop&page=abc&per=7&view=map`,
    );
    expect(odd?.status()).toBe(200);
    await expect(rows).toHaveCount(25);
    await expect(total).toHaveText("25 properties");
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
  }
});

test("the property form: named, asks before unsaved changes are lost, never after a save", async ({
  page,
}) => {
  const server = await startAdminServer();
  try {
    const errors = watchErrors(page);
    await signIn(page, server.url);
    const name = await page.getByTestId("property-name").first().innerText();
    const edit = page.getByRole("link", { name: `Edit ${name}`, exact: true });
    const dialog = page.getByRole("dialog", { name: `Edit Property — ${name}` });
    const confirm = page.getByRole("dialog", { name: "Discard unsaved changes?" });

    // Nothing changed: the × closes at once.
    await edit.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(confirm).toHaveCount(0);

    // A change: the ×, Escape and Cancel each ask; Keep editing keeps what was typed.
    await edit.click();
    await dialog.getByLabel("Property name").fill(`${name} (draft)`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog.getByLabel("Property name")).toHaveValue(`${name} (draft)`);
    await page.keyboard.press("Escape");
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toBeVisible();
    // Leaving the page (reload, closing the tab) asks the browser's question.
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    const asked: string[] = [];
    page.once("dialog", (question) => {
      asked.push(question.type());
      void question.accept();
    });
    await page.reload();
    expect(asked).toEqual(["beforeunload"]);
    await expect(dialog.getByLabel("Property name")).toHaveValue(name);

    // Discarding closes without saving.
    await dialog.getByLabel("Property name").fill(`${name} (draft)`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await confirm.getByRole("button", { name: "Discard changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`${server.url}/admin`);
    await expect(page.getByText(`${name} (draft)`)).toHaveCount(0);

    // A change put back is no change.
    await edit.click();
    await dialog.getByLabel("Property name").fill("Something else");
    await dialog.getByLabel("Property name").fill(name);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(confirm).toHaveCount(0);

    // Saving does not ask.
    await edit.click();
    await dialog.getByLabel("Property name").fill(`${name} (saved)`);
    await dialog.getByRole("button", { name: "Save Property" }).click();
    await expect(page.getByText("Property saved successfully!")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId("property-name").first()).toHaveText(`${name} (saved)`);

    // The history reads as labelled values.
    await page.getByRole("link", { name: `History of ${name} (saved)` }).click();
    const history = page.getByRole("dialog", { name: "Property history" });
    await expect(history.getByRole("listitem").filter({ hasText: /^update/ })).toContainText(
      `Property name: ${name} → ${name} (saved)`,
    );
    await expect(history).toContainText(`by ops@example.com`);
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
  }
});

test("after a failed save the first field in error has focus, in view, on a phone", async ({
  page,
}) => {
  const server = await startAdminServer();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, server.url);
    const taken = await page.getByTestId("unit-code").first().innerText();
    await page.getByRole("link", { name: "Add Property" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Property" });
    // Save and Cancel stay in reach at the bottom of the dialog.
    const save = dialog.getByRole("button", { name: "Save Property" });
    await expect(save).toBeInViewport();

    // The browser's check: the yearly price comes first of the fields in error (a description
    // is required too, further down).
    await dialog.getByLabel("Unit code").fill("PHONE-1");
    await dialog.getByLabel("Property name").fill("Phone Test Condo");
    await dialog.getByLabel("1-year lease, ฿/month").fill("-5");
    await dialog.getByLabel("Unit code").focus();
    await save.click();
    const yearly = dialog.getByLabel("1-year lease, ฿/month");
    await expect(yearly).toBeFocused();
    await expect(yearly).toBeInViewport();
    await expect(dialog.getByText("1-year lease price must be at least 0")).toBeVisible();

    // The server's check: a unit code already used, at the top, after scrolling to the bottom.
    await yearly.fill("25000");
    await dialog.getByLabel("Description (English)").fill("Made on a phone.");
    await dialog.getByLabel("Unit code").fill(taken);
    await dialog.getByLabel("Description (Russian)").scrollIntoViewIfNeeded();
    await expect(dialog.getByLabel("Unit code")).not.toBeInViewport();
    await save.click();
    await expect(dialog.getByRole("alert").first()).toContainText("is already used in");
    await expect(dialog.getByLabel("Unit code")).toBeFocused();
    await expect(dialog.getByLabel("Unit code")).toBeInViewport();
  } finally {
    await server.stop();
  }
});

test("leads read as data for people, on a desktop and on a phone", async ({ page }) => {
  // The lead is written before the server starts: the embedded database has one user at a time.
  const dataDir = tempDataDir();
  const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await database.migrate();
  const [lead] = await database.db
    .insert(leads)
    .values({
      kind: "roi",
      name: "Anna Owner",
      email: "anna.owner@example.com",
      language: "en",
      inputs: { propertyValue: 8_000_000, location: "Kamala", bedrooms: null, annual: 560_000 },
    })
    .returning({ id: leads.id });
  await database.close();

  const server = await startAdminServer(dataDir);
  try {
    const errors = watchErrors(page);
    await signIn(page, server.url);
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
    await page.goto(`${server.url}/admin/leads`);
    const row = page.getByTestId("lead-row").filter({ hasText: "Anna Owner" });
    const line =
      "Property value ฿8,000,000 · Location Kamala · Bedrooms — · Yearly return ฿560,000";
    await expect(row.getByTestId("lead-inputs")).toHaveText(line);
    await expect(row).not.toContainText("propertyValue");

    // On a phone the table's rows stack: nothing runs off the side of the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row.getByTestId("lead-inputs")).toBeInViewport();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await row.boundingBox();
    expect(box?.width ?? 1000).toBeLessThanOrEqual(390);

    // The lead's page: one labelled line per input; the e-mail as entered.
    await page.goto(`${server.url}/admin/leads/${lead?.id}`);
    const inputs = page.getByTestId("lead-input");
    await expect(inputs).toHaveText([
      "Property value฿8,000,000",
      "LocationKamala",
      "Bedrooms—",
      "Yearly return฿560,000",
    ]);
    await expect(page.getByText("anna.owner@example.com", { exact: true })).toHaveCSS(
      "text-transform",
      "none",
    );
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
  }
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test("photos are reordered by tapping the move buttons", async ({ page }) => {
    const server = await startAdminServer();
    try {
      await signIn(page, server.url);
      await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
      await page.getByRole("link", { name: "Add Property" }).click();
      const dialog = page.getByRole("dialog", { name: "Create New Property" });
      await dialog.getByTestId("image-upload").setInputFiles([
        { name: "red.png", mimeType: "image/png", buffer: await picture("#ff0000") },
        { name: "blue.png", mimeType: "image/png", buffer: await picture("#0000ff") },
      ]);
      const items = dialog.getByTestId("image-item");
      await expect(items.nth(1)).toHaveAttribute("data-key", /^uploads\//);
      const red = (await items.nth(0).getAttribute("data-key")) ?? "";
      const blue = (await items.nth(1).getAttribute("data-key")) ?? "";
      const earlier = dialog.getByRole("button", { name: "Move Image 2 earlier" });
      await earlier.scrollIntoViewIfNeeded();
      // Big enough for a finger.
      const box = await earlier.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(40);
      await earlier.tap();
      await expect(items.nth(0)).toHaveAttribute("data-key", blue);
      await expect(items.nth(1)).toHaveAttribute("data-key", red);
      await dialog.getByRole("button", { name: "Move Main image later" }).tap();
      await expect(items.nth(0)).toHaveAttribute("data-key", red);
    } finally {
      await server.stop();
    }
  });
});
