import path from "node:path";
import { openDatabase } from "../../app/db/client.server.ts";
import { leads } from "../../app/db/schema.ts";
import { base32Decode, totpCode, totpStep } from "../../app/features/auth/totp.server.ts";
import { expectSignedOut, signIn, startAdminServer, watchErrors } from "./support/admin.ts";
import { tempDataDir } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

// Each test starts a server of its own; one at a time keeps the machine calm.
test.describe.configure({ mode: "serial" });

test("enrol an authenticator, sign in with a code and a recovery code, replace it, turn it off", async ({
  page,
}) => {
  const server = await startAdminServer();
  try {
    const errors = watchErrors(page);
    await signIn(page, server.url);
    await page.getByRole("link", { name: "Security" }).click();
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(
      page.getByRole("img", { name: "QR code for the authenticator app" }),
    ).toBeVisible();
    const secret = base32Decode((await page.getByTestId("totp-secret").textContent()) ?? "");
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not right");
    await page.getByLabel("Code from the app").fill(totpCode(secret, totpStep()));
    await page.getByRole("button", { name: "Turn on" }).click();
    const recoveryCodes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    // Wait for the list: allTextContents() reads whatever is there at once.
    await expect(recoveryCodes).toHaveCount(10);
    const codes = await recoveryCodes.allTextContents();

    await page.getByRole("button", { name: "Logout" }).click();
    await expectSignedOut(page);

    // The password alone no longer signs in.
    await signIn(page, server.url);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    await page.goto(`${server.url}/admin`);
    await expectSignedOut(page);
    await signIn(page, server.url);
    await page.getByLabel("Code").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not right");
    // The enrolment code's step is used up; the next step's code (within the drift window) works.
    await page.getByLabel("Code").fill(totpCode(secret, totpStep() + 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    // Wait for the sign-out to be answered: navigating at once would cancel its post.
    await expectSignedOut(page);
    await signIn(page, server.url);
    await page.getByLabel("Code").fill(codes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
    await page.getByRole("link", { name: "Security" }).click();
    await expect(page.getByText("Recovery codes left: 9.")).toBeVisible();

    // Replacing the authenticator asks for a current code or a recovery code first.
    const currentCode = page.getByLabel("Current code or recovery code");
    await currentCode.fill("000000");
    await page.getByRole("button", { name: "Set up a new authenticator" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not right");
    await expect(currentCode).toHaveAttribute("aria-invalid", "true");
    await currentCode.fill(codes[1] ?? "");
    await page.getByRole("button", { name: "Set up a new authenticator" }).click();
    await expect(page.getByText("your current authenticator stays in force")).toBeVisible();
    const newSecret = base32Decode((await page.getByTestId("totp-secret").textContent()) ?? "");

    // Until the new one is confirmed, the old factor still signs in.
    await page.getByRole("button", { name: "Logout" }).click();
    // Wait for the sign-out to be answered: navigating at once would cancel its post.
    await expectSignedOut(page);
    await signIn(page, server.url);
    await page.getByLabel("Code").fill(codes[2] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
    await page.getByRole("link", { name: "Security" }).click();
    await page.getByLabel("Code from the app").fill(totpCode(newSecret, totpStep()));
    await page.getByRole("button", { name: "Use the new authenticator" }).click();
    await expect(recoveryCodes).toHaveCount(10);
    const newCodes = await recoveryCodes.allTextContents();

    // Turning it off asks for proof as well; a recovery code of the new set gives it.
    await page.goto(`${server.url}/admin/security`);
    await expect(page.getByText("Recovery codes left: 10.")).toBeVisible();
    await currentCode.fill(codes[3] ?? "");
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not right");
    await currentCode.fill(newCodes[0] ?? "");
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByText("Off. Only your password protects this account.")).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
  }
});

test("a stored lead shows in the Leads view, is filtered, marked handled and exported", async ({
  page,
}) => {
  // The lead is written before the server starts: the embedded database has one user at a time.
  const dataDir = tempDataDir();
  const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await database.migrate();
  await database.db.insert(leads).values([
    {
      kind: "roi",
      name: "Marina Test",
      email: "marina@example.com",
      phone: "+66 81 000 0000",
      language: "ru",
      inputs: { propertyValue: 12000000, location: "Kamala", type: "condo" },
    },
    { kind: "newsletter", email: "news@example.com" },
  ]);
  await database.close();

  const server = await startAdminServer(dataDir);
  try {
    await signIn(page, server.url);
    await page.getByRole("link", { name: "Leads" }).click();
    const rows = page.getByTestId("lead-row");
    await expect(rows).toHaveCount(2);
    const marina = rows.filter({ hasText: "Marina Test" });
    await expect(marina).toContainText("ROI 7% program");
    await expect(marina).toContainText("marina@example.com");
    // Inputs read as labelled, formatted values; the e-mail as entered, not capitalised.
    await expect(marina.getByTestId("lead-inputs")).toHaveText(
      "Property value ฿12,000,000 · Location Kamala · Type Condominium",
    );
    await expect(marina.getByRole("link", { name: "marina@example.com" })).toHaveCSS(
      "text-transform",
      "none",
    );
    await expect(marina).toContainText("Russian");

    await page.getByLabel("Kind").selectOption("roi");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(rows).toHaveCount(1);
    await marina.getByRole("button", { name: "Mark handled" }).click();
    await expect(marina.getByRole("button", { name: "Mark as new" })).toBeVisible();

    await page.getByLabel("Kind").selectOption("");
    await page.getByLabel("Handled").selectOption("new");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("news@example.com");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const csv = await (await download).createReadStream();
    let text = "";
    for await (const chunk of csv) text += chunk;
    expect(text).toContain('"news@example.com"');
    expect(text).not.toContain("marina@example.com");
  } finally {
    await server.stop();
  }
});
