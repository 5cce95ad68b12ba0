import {
  expectSignedOut,
  picture,
  signIn,
  startAdminServer,
  watchErrors,
} from "./support/admin.ts";
import { expect, test } from "./support/test.ts";

// Each test starts a server of its own; one at a time keeps the machine calm. With a fresh
// database migrated and seeded (demo units, leases and owner), the editing test ran past the
// 90 s limit at a load average near 10, so these keep the higher limit of tests with their own
// servers.
test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

test("sign in, create a property with photos, reorder them, see it on the site, sign out", async ({
  page,
}) => {
  const server = await startAdminServer();
  try {
    const errors = watchErrors(page);
    await page.goto(`${server.url}/admin`);
    await expectSignedOut(page);
    await expect(page.getByRole("heading", { name: "Setup instructions" })).toBeVisible();
    // Server commands are for whoever runs it (docs/admin.md), never for a visitor.
    await expect(page.getByText("No account yet? Ask whoever runs the website")).toBeVisible();
    await expect(page.getByText("npm run")).toHaveCount(0);
    await expect(page.getByText("ADMIN_PASSWORD")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/");

    await signIn(page, server.url, "not the password at all");
    await expect(page.getByRole("alert")).toHaveText(
      "Authentication failed: Invalid e-mail or password.",
    );
    await signIn(page, server.url);
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
    await expect(page.getByTestId("database-badge")).toHaveText(
      "Database: built-in, on this server",
    );
    // A table by default, ordered by building, then unit code.
    const rows = page.getByTestId("admin-property-row");
    await expect(rows).toHaveCount(25);
    await expect(page.getByTestId("property-total")).toHaveText("25 properties");
    const places = await rows.evaluateAll((all) =>
      all.map(
        (row) =>
          `${(row.children[2] as HTMLElement).innerText} · ${(row.querySelector('[data-testid="unit-code"]') as HTMLElement).innerText}`,
      ),
    );
    expect(places).toHaveLength(25);
    expect(places).toEqual([...places].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // The card view stays a click away, kept in the URL (and through the dialog below).
    await page.getByRole("link", { name: "Cards" }).click();
    await expect(page).toHaveURL(/[?&]view=cards/);
    const cards = page.getByTestId("admin-property-card");
    await expect(cards).toHaveCount(25);

    await page.getByRole("link", { name: "Add Property" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Property" });
    await expect(dialog).toBeVisible();
    // The spec's defaults.
    await expect(dialog.getByLabel("Building")).toHaveValue("The Trees");
    await expect(dialog.getByLabel("Type")).toHaveValue("condo");
    await expect(dialog.getByLabel("Location")).toHaveValue("Kamala");
    await expect(dialog.getByLabel("Bedrooms")).toHaveValue("1");
    await expect(dialog.getByLabel("Size (m²)")).toHaveValue("30");
    await expect(dialog.getByLabel("Status")).toHaveValue("available");
    await expect(dialog.getByLabel("1-month lease, ฿/month")).toHaveValue("35000");
    await expect(dialog.getByLabel("6-month lease, ฿/month")).toHaveValue("30000");
    await expect(dialog.getByLabel("1-year lease, ฿/month")).toHaveValue("25000");

    // The browser checks the form with the action's schema before sending.
    await dialog.getByRole("button", { name: "Save Property" }).click();
    await expect(dialog.getByText("Unit code is required")).toBeVisible();

    await dialog.getByLabel("Unit code").fill("E2E-1");
    await dialog.getByLabel("Property name").fill("Sunset Test Villa");
    await dialog.getByLabel("Type").selectOption("pool-villa");
    await dialog.getByLabel("1-year lease, ฿/month").fill("990000");
    await dialog.getByRole("checkbox", { name: "Pool", exact: true }).check();
    await dialog.getByRole("checkbox", { name: "Gym", exact: true }).check();
    await dialog.getByLabel("Description (English)").fill("Made by the end-to-end test.");
    await dialog.getByLabel("Description (Russian)").fill("Сделано тестом.");

    await dialog.getByTestId("image-upload").setInputFiles([
      { name: "first.png", mimeType: "image/png", buffer: await picture("#ff0000") },
      { name: "not-a-picture.jpg", mimeType: "image/jpeg", buffer: Buffer.from("just text") },
      { name: "second.jpg", mimeType: "image/jpeg", buffer: await picture("#0000ff", "jpeg") },
    ]);
    const items = dialog.getByTestId("image-item");
    await expect(items).toHaveCount(2);
    await expect(dialog.getByRole("alert").filter({ hasText: "not-a-picture.jpg" })).toContainText(
      "not a PNG, JPEG or WebP image",
    );
    const upload = /^uploads\/[a-f0-9]{32}$/;
    await expect(items.nth(0)).toHaveAttribute("data-key", upload);
    await expect(items.nth(1)).toHaveAttribute("data-key", upload);
    const keyOf = async (i: number) => (await items.nth(i).getAttribute("data-key")) ?? "";
    const red = await keyOf(0);
    const blue = await keyOf(1);
    expect(red).not.toBe(blue);
    /** Waits for the pictures to stand in this order. */
    const expectOrder = async (keys: string[]) => {
      await expect(items).toHaveCount(keys.length);
      for (const [i, key] of keys.entries()) {
        await expect(items.nth(i)).toHaveAttribute("data-key", key);
      }
    };

    // Reorder with the keyboard-reachable buttons, then back by drag and drop.
    await dialog.getByRole("button", { name: "Move Image 2 earlier" }).click();
    await expectOrder([blue, red]);
    await items.nth(1).dragTo(items.nth(0));
    await expectOrder([red, blue]);
    await dialog.getByRole("button", { name: "Move Main image later" }).press("Enter");
    await expectOrder([blue, red]);

    await dialog.getByLabel("Image URLs (comma-separated)").fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Add URLs" }).click();
    await expect(dialog.getByText("Not an http(s) URL: javascript:alert(1)")).toBeVisible();

    await dialog.getByRole("button", { name: "Save Property" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Property saved successfully!" }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cards).toHaveCount(26);
    const card = cards.filter({ hasText: "Sunset Test Villa" });
    await expect(card).toContainText("The Trees · E2E-1");
    await expect(card).toContainText("Pool Villa · 1 bed · 30 m²");
    await expect(card).toContainText("฿990,000/month");

    // The public site shows it at once, with the chosen main picture.
    const api = await (await fetch(`${server.url}/api/units`)).json();
    const unit = api.units[0];
    expect(unit).toMatchObject({ slug: "sunset-test-villa-e2e-1", name: "Sunset Test Villa" });
    expect(unit.image.src).toContain(blue);
    const photo = await fetch(`${server.url}${unit.image.src}`);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    expect(photo.headers.get("x-content-type-options")).toBe("nosniff");
    await page.goto(server.url);
    await expect(page.getByTestId("unit-card").first()).toHaveAttribute(
      "data-slug",
      "sunset-test-villa-e2e-1",
    );
    await expect(page.getByRole("link", { name: "Admin Panel" })).toBeVisible();

    await page.goto(`${server.url}/admin`);
    await page.getByRole("button", { name: "Logout" }).click();
    await expectSignedOut(page);
    await page.goto(`${server.url}/admin/leads`);
    await expectSignedOut(page);
    await expect(page).toHaveURL(`${server.url}/admin`);
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
  }
});

test("edit with the date fields by status, refuse a stale save, delete with confirmation, restore", async ({
  page,
  context,
}) => {
  const server = await startAdminServer();
  try {
    await signIn(page, server.url);
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
    await page.goto(`${server.url}/admin?view=cards`);
    const cards = page.getByTestId("admin-property-card");
    await expect(cards).toHaveCount(25);
    const first = cards.first();
    const name = (await first.locator("h2").textContent()) ?? "";
    await first.getByRole("link", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Property" });
    await expect(dialog.getByLabel("Property name")).toHaveValue(name);

    const status = dialog.getByLabel("Status");
    await status.selectOption("available");
    await expect(dialog.getByLabel("Available from")).toHaveCount(0);
    await expect(dialog.getByLabel("Rented until")).toHaveCount(0);
    await status.selectOption("soon");
    await expect(dialog.getByLabel("Available from")).toBeVisible();
    await expect(dialog.getByLabel("Rented until")).toHaveCount(0);
    await status.selectOption("occupied");
    await expect(dialog.getByLabel("Available from")).toHaveCount(0);
    await dialog.getByLabel("Rented until").fill("2027-03-31");

    // Meanwhile another admin saves the same property.
    const other = await context.newPage();
    await other.goto(page.url());
    const otherDialog = other.getByRole("dialog", { name: "Edit Property" });
    await otherDialog.getByLabel("Property name").fill(`${name} (renamed)`);
    await otherDialog.getByRole("button", { name: "Save Property" }).click();
    await expect(other.getByText("Property saved successfully!")).toBeVisible();
    await other.close();

    await dialog.getByRole("button", { name: "Save Property" }).click();
    await expect(dialog.getByRole("alert")).toContainText(
      "Error saving property: Someone else changed this property",
    );
    // Nothing typed is lost: the form still holds this edit.
    await expect(dialog.getByLabel("Rented until")).toHaveValue("2027-03-31");

    // Start again from the saved version and save; leaving the unsaved edit asks first.
    page.once("dialog", (question) => void question.accept());
    await page.reload();
    const fresh = page.getByRole("dialog", { name: "Edit Property" });
    await expect(fresh.getByLabel("Property name")).toHaveValue(`${name} (renamed)`);
    await fresh.getByLabel("Status").selectOption("occupied");
    await fresh.getByLabel("Rented until").fill("2027-03-31");
    await fresh.getByRole("button", { name: "Save Property" }).click();
    await expect(page.getByText("Property saved successfully!")).toBeVisible();
    const edited = cards.filter({ hasText: `${name} (renamed)` });
    await expect(edited).toContainText("Rented until 31 Mar 2027");

    // History shows both saves.
    await edited.getByRole("link", { name: /^History of/ }).click();
    const history = page.getByRole("dialog", { name: "Property history" });
    await expect(history.getByRole("listitem").filter({ hasText: /^update/ })).toHaveCount(2);
    await history.getByRole("link", { name: "Close" }).click();

    // Delete, with confirmation; Cancel first changes nothing.
    await edited.getByRole("button", { name: /^Delete/ }).click();
    const confirm = page.getByRole("dialog", { name: "Delete property" });
    await expect(confirm).toContainText("Are you sure you want to delete this property?");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(cards).toHaveCount(25);
    await edited.getByRole("button", { name: /^Delete/ }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Property deleted successfully!")).toBeVisible();
    await expect(cards).toHaveCount(24);
    const api = await (await fetch(`${server.url}/api/units?status=occupied`)).json();
    expect(api.units.map((u: { name: string }) => u.name)).not.toContain(`${name} (renamed)`);

    await page.getByRole("link", { name: "Deleted properties" }).click();
    await page.getByRole("button", { name: `Restore ${name} (renamed)` }).click();
    await expect(page.getByText("Property restored.")).toBeVisible();
    await expect(page.getByTestId("admin-property-row")).toHaveCount(25);

    await page.goto(`${server.url}/admin/properties/999999`);
    await expect(page.getByRole("dialog", { name: "Property not found" })).toBeVisible();
  } finally {
    await server.stop();
  }
});
