/**
 * Repairs in the owner portal on a phone (390 px): the demo owner approves the quote waiting for
 * them and reports a repair with a photo; the desk quotes it within the owner's threshold (approved
 * by the rule), starts and finishes it; the owner sees each step with who and when. Another
 * owner's ticket, an unknown one and a signed-out visit are refused. Documents: the desk uploads
 * one (a file that is no PDF is refused), the owner downloads the demo's and the new one, which
 * another owner cannot.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  picture,
  startAdminServer,
  watchErrors,
} from "./support/admin.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { expect, test, waitForHydration } from "./support/test.ts";

test.describe.configure({ mode: "serial" });
test.setTimeout(300_000);

const OWNER_EMAIL = "owner@example.com";
const OWNER_PASSWORD = "mango season on the terrace";
const PHONE = { width: 390, height: 844 };

let server: ServerProcess;
/** The second owner's session (made in the second test): holds no unit, so no document either. */
let otherOwnerCookie = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startAdminServer(undefined, { DEMO_OWNER_PASSWORD: OWNER_PASSWORD });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The page's own status line (the route announcer is a status region too). */
function notice(page: Page) {
  return page.getByRole("status").and(page.locator(":not([data-route-announcer])"));
}

async function expectAccessible(page: Page) {
  expect(
    (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations,
  ).toEqual([]);
}

async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

async function ownerOnPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/owner`);
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(OWNER_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Demo Owner" })).toBeVisible();
  return page;
}

async function deskSignIn(desk: Page) {
  await desk.goto(`${server.url}/admin`);
  await waitForHydration(desk);
  await desk.getByLabel("Email").fill(ADMIN_EMAIL);
  await desk.getByLabel("Password").fill(ADMIN_PASSWORD);
  await desk.getByRole("button", { name: "Sign In" }).click();
  await expect(desk.getByRole("heading", { name: "Property Management" })).toBeVisible();
}

test("the demo owner approves a waiting quote, reports a repair with a photo and follows the desk's work", async ({
  browser,
}) => {
  const page = await ownerOnPhone(browser);
  const errors = watchErrors(page);

  // The overview lists the open repair whose quote waits for the owner.
  const open = page.getByRole("region", { name: "Open repairs" });
  const waiting = open.getByRole("link", { name: /Air conditioner service/ });
  await expect(waiting).toHaveText(/Air conditioner service — quote waiting for your approval$/);
  await expectAccessible(page);
  await expectFitsPhone(page);

  await waiting.click();
  await expect(page.getByRole("heading", { name: "Air conditioner service" })).toBeVisible();
  await expect(page.getByText("Quote: ฿12,000")).toBeVisible();
  await expect(page.getByText(/above your approval limit of ฿5,000/)).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Approve the quote" }).click();
  await expect(page.getByRole("status").filter({ hasText: "the quote is approved" })).toBeVisible();
  await expect(page.getByTestId("repair-stage")).toHaveText("Stage: approved");
  await expect(page.getByRole("button", { name: "Approve the quote" })).toHaveCount(0);
  await expect(page.getByTestId("repair-history").locator("li").last()).toContainText(
    /^Approved — .+, Demo Owner$/,
  );
  const approvedPath = new URL(page.url()).pathname;

  // A new repair, reported from the phone, with a photo through the upload pipeline.
  await page
    .getByRole("navigation", { name: "Owner portal" })
    .getByRole("link", { name: "Repairs" })
    .click();
  await expect(page.getByRole("heading", { name: "Repairs and maintenance" })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  await waitForHydration(page);
  await page.getByLabel("Unit").selectOption({ index: 1 });
  const unitName = (await page.getByLabel("Unit").locator("option:checked").textContent()) ?? "";
  await page.getByLabel("What needs fixing").fill("Balcony door sticks");
  await page.getByLabel("Details (optional)").fill("It will not lock since the rains.");
  await page.getByRole("button", { name: "Send to the desk" }).click();
  await expect(page.getByRole("heading", { name: "Balcony door sticks" })).toBeVisible();
  await expect(page.getByTestId("repair-stage")).toHaveText("Stage: reported");
  const ticketPath = new URL(page.url()).pathname;
  expect(ticketPath).toMatch(/^\/owner\/repairs\/\d+$/);
  await waitForHydration(page);
  await page.getByLabel(/Add a photo/).setInputFiles({
    name: "door.png",
    mimeType: "image/png",
    buffer: await picture("#7788aa"),
  });
  await expect(page.getByRole("status").filter({ hasText: "Photo added." })).toBeVisible();
  await expect(page.getByRole("img", { name: "Balcony door sticks, 1 of 1" })).toBeVisible();
  await expectAccessible(page);

  // The desk quotes ฿3,000 (within the owner's ฿5,000: approved by the rule), starts and ends it.
  const desk = await (await browser.newContext()).newPage();
  await deskSignIn(desk);
  await desk.goto(`${server.url}/admin/owners`);
  await desk.getByRole("link", { name: "Repairs and maintenance tickets" }).click();
  await expect(desk.getByRole("heading", { name: "Repairs and maintenance" })).toBeVisible();
  await expect(
    desk
      .locator("tr", { hasText: "Air conditioner service" })
      .getByRole("cell", { name: "Approved" }),
  ).toBeVisible();
  await expectAccessible(desk);
  await desk.getByRole("link", { name: /Balcony door sticks/ }).click();
  await expect(desk.getByRole("img", { name: "Balcony door sticks, 1 of 1" })).toBeVisible();
  await waitForHydration(desk);
  await desk.getByLabel("Quote in baht").fill("3000");
  await desk.getByRole("button", { name: "Record the quote" }).click();
  await expect(desk.getByRole("status").filter({ hasText: "Quoted and approved" })).toBeVisible();
  await expectAccessible(desk);
  await desk.getByRole("button", { name: "Start the work" }).click();
  await expect(desk.getByRole("status").filter({ hasText: "Work started." })).toBeVisible();
  await desk.getByLabel("Final cost in baht").fill("2900");
  await desk.getByRole("button", { name: "Mark done" }).click();
  await expect(desk.getByRole("status").filter({ hasText: "Marked done" })).toBeVisible();
  await expect(desk.getByRole("heading", { name: `${unitName}: Done` })).toBeVisible();
  await desk.context().close();

  // The owner sees the stored steps, with the rule's approval and the final cost.
  await page.reload();
  await expect(page.getByTestId("repair-stage")).toHaveText("Stage: done");
  await expect(page.getByText("Final cost: ฿2,900")).toBeVisible();
  const history = page.getByTestId("repair-history").locator("li");
  await expect(history).toHaveText([
    /^Reported — .+, Demo Owner$/,
    /^Photo added — .+, Demo Owner$/,
    /^Quoted ฿3,000 — .+, the desk$/,
    /^Approved — .+, automatically \(within your approval limit\)$/,
    /^Work started — .+, the desk$/,
    /^Done, final cost ฿2,900 — .+, the desk$/,
  ]);
  // Done, it leaves the overview's open repairs; the approved one is still there.
  await page.goto(`${server.url}/owner`);
  await expect(open.getByRole("link", { name: /Balcony door sticks/ })).toHaveCount(0);
  await expect(
    open.getByRole("link", { name: /Air conditioner service — approved/ }),
  ).toBeVisible();
  expect(approvedPath).not.toBe(ticketPath);
  expect(errors).toEqual([]);
  await page.context().close();
});

test("in Russian, and nobody else reaches the owner's tickets", async ({ browser }) => {
  const page = await ownerOnPhone(browser);
  const link = page
    .getByRole("region", { name: "Open repairs" })
    .getByRole("link", { name: /Air conditioner service/ });
  const path = new URL((await link.getAttribute("href")) ?? "", server.url).pathname;
  await page.goto(`${server.url}/ru${path}`);
  await expect(page.getByTestId("repair-stage")).toHaveText(/^Этап: /);
  await expect(page.getByRole("heading", { name: "История" })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === "owner_session");
  const mine = `owner_session=${cookie?.value}`;
  const get = (url: string, cookieHeader?: string) =>
    fetch(`${server.url}${url}`, {
      redirect: "manual",
      headers: cookieHeader ? { cookie: cookieHeader } : {},
    });
  expect((await get(path, mine)).status).toBe(200);
  for (const id of ["999999", "0", "abc"])
    expect((await get(`/owner/repairs/${id}`, mine)).status).toBe(404);
  // Signed out: to the sign-in form.
  const out = await get(path);
  expect([out.status, out.headers.get("location")]).toEqual([302, "/owner"]);

  // A second owner, holding no unit: the demo owner's ticket is not found for them.
  const desk = await (await browser.newContext()).newPage();
  await deskSignIn(desk);
  await desk.goto(`${server.url}/admin/owners`);
  await waitForHydration(desk);
  const form = desk.locator("form", { has: desk.getByRole("button", { name: "Add owner" }) });
  await form.getByLabel("Name").fill("Other Owner");
  await form.getByRole("textbox", { name: "E-mail" }).fill("other.owner@example.com");
  await form.getByRole("button", { name: "Add owner" }).click();
  await desk.getByRole("link", { name: "Other Owner" }).click();
  await desk.getByRole("button", { name: "Send an invitation" }).click();
  const text = (await desk.getByText("Pass this link to the owner").textContent()) ?? "";
  const invitation = new URL(/(http\S+)/.exec(text)?.[1] ?? "");
  await desk.context().close();
  const other = await browser.newPage();
  await other.goto(`${server.url}${invitation.pathname}${invitation.search}`);
  await other.getByLabel("New password").fill("lagoon kayak at sunrise");
  await other.getByLabel("The same password again").fill("lagoon kayak at sunrise");
  await other.getByRole("button", { name: "Save the password and sign in" }).click();
  await expect(other.getByRole("heading", { name: "Welcome, Other Owner" })).toBeVisible();
  const otherCookie = (await other.context().cookies()).find((c) => c.name === "owner_session");
  const theirs = `owner_session=${otherCookie?.value}`;
  otherOwnerCookie = theirs;
  expect((await get(path, theirs)).status).toBe(404);
  const approve = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: theirs,
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "intent=decline",
  });
  expect(approve.status).toBe(404);
  await other.close();
  await page.context().close();
});

test("the desk adds a document and the demo owner downloads it; no other owner can", async ({
  browser,
}) => {
  const desk = await (await browser.newContext()).newPage();
  await deskSignIn(desk);
  await desk.goto(`${server.url}/admin/owners`);
  await desk.getByRole("link", { name: "Owners' documents" }).click();
  await expect(desk.getByRole("heading", { name: "Add a document" })).toBeVisible();
  await expectAccessible(desk);
  await waitForHydration(desk);
  const upload = async (
    title: string,
    file: { name: string; mimeType: string; buffer: Buffer },
  ) => {
    await desk.getByLabel("Title").fill(title);
    await desk.getByLabel("Category").selectOption("inspection");
    await desk.getByLabel("For").selectOption({ label: "Demo Owner" });
    await desk.getByLabel("File").setInputFiles(file);
    await desk.getByRole("button", { name: "Upload the document" }).click();
  };
  // A page named .pdf is still refused by its content.
  await upload("Not a PDF", {
    name: "report.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><body>hello</body></html>"),
  });
  await expect(desk.getByRole("alert")).toHaveText(
    "The file is not a PDF or a PNG, JPEG or WebP picture.",
  );
  const pdf = Buffer.from("%PDF-1.4\n% Move-in inspection of the demo villa\n%%EOF\n", "latin1");
  await upload("Move-in inspection", {
    name: "inspection.pdf",
    mimeType: "application/pdf",
    buffer: pdf,
  });
  await expect(notice(desk)).toHaveText("Document “Move-in inspection” added.");
  await expect(desk.getByRole("cell", { name: "Move-in inspection", exact: true })).toBeVisible();
  await expect(desk.getByRole("cell", { name: "Not a PDF" })).toHaveCount(0);
  await desk.context().close();

  const page = await ownerOnPhone(browser);
  const latest = page.getByRole("region", { name: "Latest documents" });
  await expect(latest.getByRole("link", { name: /^Download / })).toHaveText([
    "Download Move-in inspection",
    "Download Insurance certificate",
    "Download Management agreement",
  ]);
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page
    .getByRole("navigation", { name: "Owner portal" })
    .getByRole("link", { name: "Documents" })
    .click();
  await expect(page.getByRole("heading", { name: "Documents", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  const saved = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Move-in inspection" }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe("Move-in inspection.pdf");
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks)).toEqual(pdf);

  // The demo's agreement, fetched with the owner's session: a private, never-cached attachment.
  const href =
    (await page
      .getByRole("link", { name: "Download Management agreement" })
      .getAttribute("href")) ?? "";
  const cookie = (await page.context().cookies()).find((c) => c.name === "owner_session");
  const mine = await fetch(`${server.url}${href}`, {
    headers: { cookie: `owner_session=${cookie?.value}` },
  });
  expect(mine.status).toBe(200);
  // The portal's own no-store and the route's may both be listed; no other directive may be.
  expect(new Set(mine.headers.get("cache-control")?.split(/,\s*/))).toEqual(new Set(["no-store"]));
  expect(mine.headers.get("content-disposition")).toMatch(
    /^attachment; filename="Management agreement.pdf"/,
  );
  expect(
    Buffer.from(await mine.arrayBuffer())
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");
  // Another owner, signed out, and ids that name nothing.
  expect(otherOwnerCookie).not.toBe("");
  const theirs = await fetch(`${server.url}${href}`, {
    headers: { cookie: otherOwnerCookie },
    redirect: "manual",
  });
  expect(theirs.status).toBe(404);
  const out = await fetch(`${server.url}${href}`, { redirect: "manual" });
  expect([out.status, out.headers.get("location")]).toEqual([302, "/owner"]);
  for (const id of ["999999", "abc"]) {
    const answer = await fetch(`${server.url}/owner/documents/${id}`, {
      headers: { cookie: `owner_session=${cookie?.value}` },
    });
    expect(answer.status).toBe(404);
  }
  await page.context().close();
});

test("the desk opens a repair ticket from a unit's calendar page and deletes a document", async ({
  browser,
}) => {
  const desk = await (await browser.newContext()).newPage();
  await deskSignIn(desk);
  await desk.goto(`${server.url}/admin/owners/repairs`);
  const option = desk.getByLabel("Unit").locator("option:not([disabled])").first();
  const unitId = (await option.getAttribute("value")) ?? "";
  const unitName = ((await option.textContent()) ?? "").trim();
  expect(unitId).toMatch(/^\d+$/);

  await desk.goto(`${server.url}/admin/properties/${unitId}/calendar`);
  await desk.getByRole("link", { name: "Open a repair ticket" }).click();
  await expect(desk.getByRole("heading", { name: `Open a ticket for ${unitName}` })).toBeVisible();
  await expect(desk.getByLabel("Unit")).toHaveValue(unitId);
  await expectAccessible(desk);
  await desk.getByLabel("Title").fill("Pool light flickers");
  await desk.getByRole("button", { name: "Open the ticket" }).click();
  await expect(desk.getByRole("heading", { name: `${unitName}: Reported` })).toBeVisible();

  // The document the owner downloaded above: deleted, after the desk confirms.
  await desk.goto(`${server.url}/admin/owners/documents`);
  await waitForHydration(desk);
  desk.once("dialog", (dialog) => dialog.accept());
  await desk.getByRole("button", { name: "Delete Move-in inspection" }).click();
  await expect(notice(desk)).toHaveText("Document “Move-in inspection” deleted.");
  await expect(desk.getByRole("cell", { name: "Move-in inspection", exact: true })).toHaveCount(0);
  await desk.context().close();

  const page = await ownerOnPhone(browser);
  const latest = page.getByRole("region", { name: "Latest documents" });
  await expect(latest.getByRole("link", { name: /^Download / })).toHaveText([
    "Download Insurance certificate",
    "Download Management agreement",
  ]);
  await page.context().close();
});
