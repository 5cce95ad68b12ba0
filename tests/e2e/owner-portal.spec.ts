/**
 * The owner portal on a phone (390 px), in English and Russian: the demo owner signs in, sees
 * both units, is refused what the guaranteed-return program does not allow, blocks free dates of
 * the revenue-share unit (approved by the desk) and finds them in that unit's calendar feed.
 * Then every owner route with no session, an admin's session and another owner's session, and
 * every admin route with an owner's session.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { businessToday, plusDays } from "../../app/domain/date-time.ts";
import { base32Decode, totpCode, totpStep } from "../../app/features/auth/totp.server.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startAdminServer, watchErrors } from "./support/admin.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { expect, test, waitForHydration } from "./support/test.ts";

test.describe.configure({ mode: "serial" });
// A server of its own: it seeds the demo owner with a known password, and the desk's changes
// stay off the shared server.
test.setTimeout(300_000);

const OWNER_EMAIL = "owner@example.com";
const OWNER_PASSWORD = "mango season on the terrace";
const PHONE = { width: 390, height: 844 };

let server: ServerProcess;

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

/** The desk signs in to the admin panel, and is in. */
async function deskSignIn(desk: Page) {
  await desk.goto(`${server.url}/admin`);
  await waitForHydration(desk);
  await desk.getByLabel("Email").fill(ADMIN_EMAIL);
  await desk.getByLabel("Password").fill(ADMIN_PASSWORD);
  await desk.getByRole("button", { name: "Sign In" }).click();
  await expect(desk.getByRole("heading", { name: "Property Management" })).toBeVisible();
}

async function phone(browser: Browser) {
  return browser.newContext({ viewport: PHONE, hasTouch: true });
}

async function expectAccessible(page: Page) {
  expect(
    (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations,
  ).toEqual([]);
}

/** Nothing wider than the phone's screen. */
async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

async function ownerSignIn(
  page: Page,
  path: string,
  labels: { email: string; password: string; submit: string },
) {
  await page.goto(`${server.url}${path}`);
  await waitForHydration(page);
  await page.getByLabel(labels.email).fill(OWNER_EMAIL);
  await page.getByLabel(labels.password, { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: labels.submit }).click();
}

const today = businessToday();
const year = Number(today.slice(0, 4));
const next = year + 1;

async function requestDates(page: Page, start: string, end: string, submit: string) {
  await page.locator('input[name="startDate"]').fill(start);
  await page.locator('input[name="endDate"]').fill(end);
  await page.getByRole("button", { name: submit }).click();
}

test("the demo owner signs in on a phone, is held to the programs' rules and blocks free dates", async ({
  browser,
}) => {
  const context = await phone(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);

  // The home page's portal teaser leads to the sign-in.
  await page.goto(`${server.url}/`);
  await page.getByRole("link", { name: "Owner sign-in" }).click();
  await expect(page).toHaveURL(`${server.url}/owner`);
  await expect(page.getByRole("heading", { name: "Owner sign-in" })).toBeVisible();
  await expectAccessible(page);

  await ownerSignIn(page, "/owner", { email: "E-mail", password: "Password", submit: "Sign in" });
  await expect(page.getByRole("heading", { name: "Welcome, Demo Owner" })).toBeVisible();
  const cards = page.getByTestId("owner-units").locator("> li");
  await expect(cards).toHaveCount(2);
  await expectAccessible(page);
  await expectFitsPhone(page);

  const guaranteed = page.locator('li[data-program="guaranteed"]');
  const shared = page.locator('li[data-program="revenue-share"]');
  await expect(guaranteed).toContainText("Guaranteed return");
  await expect(guaranteed).toContainText("15 free nights left this year");
  await expect(shared).toContainText("70% of the rental income to you, 30% to the company");
  const sharedSlug = (await shared.getAttribute("data-slug")) ?? "";

  // Guaranteed return: 16 nights in June are one too many; December is out of season.
  await guaranteed.getByRole("link", { name: /Calendar and owner stays/ }).click();
  await expect(page.getByRole("heading", { name: "Block dates for yourself" })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  await requestDates(page, `${next}-06-01`, `${next}-06-17`, "Block these dates");
  await expect(page.getByTestId("stay-result")).toHaveText(
    `That is 16 nights, but only 15 free nights are left in ${next}.`,
  );
  const december = today < `${year}-12-01` ? `${year}-12-10` : `${next}-12-10`;
  await requestDates(page, december, plusDays(december, 3), "Block these dates");
  await expect(page.getByTestId("stay-result")).toHaveText(
    `Owner stays on this unit are only between 1 May and 30 September. You have 15 nights left in ${december.slice(0, 4)}.`,
  );

  // Revenue share: free dates go to the desk.
  await page.getByRole("link", { name: "My units", exact: true }).click();
  await shared.getByRole("link", { name: /Calendar and owner stays/ }).click();
  const start = `${next}-03-02`;
  const end = `${next}-03-07`;
  await requestDates(page, start, end, "Block these dates");
  await expect(page.getByTestId("stay-result")).toContainText("Sent: the desk will confirm");
  await expect(page.getByText("(5 nights): waiting for the desk")).toBeVisible();

  // The desk approves it; it is then in the unit's calendar feed and on the owner's page.
  const desk = await browser.newPage();
  await deskSignIn(desk);
  await desk.goto(`${server.url}/admin/owners`);
  await waitForHydration(desk);
  const waiting = desk.locator("li", { hasText: `${start} to ${end}` });
  await waiting.getByRole("button", { name: "Approve" }).click();
  await expect(notice(desk)).toHaveText("Owner stay approved.");
  await desk.close();

  const ics = await (await fetch(`${server.url}/units/${sharedSlug}/calendar.ics`)).text();
  expect(ics).toContain(`DTSTART;VALUE=DATE:${start.replaceAll("-", "")}`);
  expect(ics).toContain(`DTEND;VALUE=DATE:${end.replaceAll("-", "")}`);
  await page.reload();
  await expect(page.getByText("(5 nights): approved")).toBeVisible();

  // The guide, and signing out.
  await page.getByRole("link", { name: "Owner's guide" }).click();
  await expect(page.getByRole("heading", { name: "Owner's guide" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Owner sign-in" })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("in Russian, on a phone", async ({ browser }) => {
  const context = await phone(browser);
  const page = await context.newPage();
  await page.goto(`${server.url}/ru`);
  await page.getByRole("link", { name: "Вход для владельцев" }).click();
  await expect(page).toHaveURL(`${server.url}/ru/owner`);
  await ownerSignIn(page, "/ru/owner", { email: "E-mail", password: "Пароль", submit: "Войти" });
  await expect(page.getByRole("heading", { name: "Здравствуйте, Demo Owner" })).toBeVisible();
  await expect(page.getByTestId("owner-units").locator("> li")).toHaveCount(2);
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page
    .locator('li[data-program="guaranteed"]')
    .getByRole("link", { name: /Календарь и проживание владельца/ })
    .click();
  await requestDates(page, `${next}-06-01`, `${next}-06-17`, "Занять эти даты");
  await expect(page.getByTestId("stay-result")).toHaveText(
    `Это 16 ноч., а в ${next} году осталось только 15 бесплатных ночей.`,
  );
  await expectAccessible(page);
  await expectFitsPhone(page);
  await context.close();
});

/** The session cookie a browser context holds under `name`. */
async function cookieOf(page: Page, name: string) {
  const found = (await page.context().cookies()).find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} cookie`);
  return `${name}=${found.value}`;
}

async function get(path: string, cookie?: string) {
  return fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: cookie ? { cookie } : {},
  });
}

test("an owner reaches only their own units, and owner and admin sessions never stand in for each other", async ({
  browser,
}) => {
  // The demo owner's session and unit ids.
  const demo = await browser.newPage();
  await ownerSignIn(demo, "/owner", { email: "E-mail", password: "Password", submit: "Sign in" });
  await expect(demo.getByTestId("owner-units").locator("> li")).toHaveCount(2);
  const ids = await demo
    .locator("li[data-unit]")
    .evaluateAll((lis) => lis.map((li) => li.getAttribute("data-unit") ?? ""));
  const demoCookie = await cookieOf(demo, "owner_session");

  // The desk adds a second owner and invites them; this site sends no mail, so the desk gets
  // the link to pass on.
  const desk = await browser.newPage();
  await deskSignIn(desk);
  await desk.goto(`${server.url}/admin/owners`);
  await waitForHydration(desk);
  const form = desk.locator("form", { has: desk.getByRole("button", { name: "Add owner" }) });
  await form.getByLabel("Name").fill("Second Owner");
  await form.getByRole("textbox", { name: "E-mail" }).fill("second.owner@example.com");
  await form.getByRole("button", { name: "Add owner" }).click();
  await expect(notice(desk)).toContainText("Owner Second Owner added");
  await desk.getByRole("link", { name: "Second Owner" }).click();
  await desk.getByRole("button", { name: "Send an invitation" }).click();
  const link = (await desk.getByText("Pass this link to the owner").textContent()) ?? "";
  const invitation = new URL(/(http\S+)/.exec(link)?.[1] ?? "");
  const adminCookie = await cookieOf(desk, "admin_session");

  const second = await browser.newPage();
  await second.goto(`${server.url}${invitation.pathname}${invitation.search}`);
  await second.getByLabel("New password").fill("lagoon kayak at sunrise");
  await second.getByLabel("The same password again").fill("lagoon kayak at sunrise");
  await second.getByRole("button", { name: "Save the password and sign in" }).click();
  await expect(second.getByRole("heading", { name: "Welcome, Second Owner" })).toBeVisible();
  await expect(second.getByText("No units are assigned")).toBeVisible();
  // The link worked once.
  await second.goto(`${server.url}${invitation.pathname}${invitation.search}`);
  await expect(second.getByText("This link has been used or has expired")).toBeVisible();
  const secondCookie = await cookieOf(second, "owner_session");

  for (const prefix of ["", "/ru"]) {
    const home = `${prefix}/owner`;
    const ownerPaths = [
      ...ids.map((id) => `${home}/units/${id}`),
      `${home}/guide`,
      `${home}/security`,
      `${home}/repairs`,
      `${home}/documents`,
    ];
    for (const path of ownerPaths) {
      // Signed out, or with an admin's session: to the sign-in form.
      for (const cookie of [undefined, adminCookie, `admin_session=${demoCookie.split("=")[1]}`]) {
        const answer = await get(path, cookie);
        expect(answer.status, `${path} with ${cookie ?? "no cookie"}`).toBe(302);
        expect(answer.headers.get("location"), path).toBe(home);
      }
      if (!path.includes("/units/")) continue;
      const post = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
        body: "startDate=2030-01-01&endDate=2030-01-02",
      });
      expect(post.status, `POST ${path} as admin`).toBe(401);
    }
    // An owner's upload endpoint takes no admin session, nor none.
    for (const cookie of [undefined, adminCookie]) {
      const upload = await fetch(`${server.url}${home}/uploads`, {
        method: "POST",
        redirect: "manual",
        headers: { ...(cookie ? { cookie } : {}), origin: server.url },
        body: new FormData(),
      });
      expect(upload.status, `POST ${home}/uploads with ${cookie ?? "no cookie"}`).toBe(401);
    }
    for (const cookie of [undefined, adminCookie]) {
      const page = await (await get(home, cookie)).text();
      expect(page, home).toContain('name="password"');
      expect(page, home).not.toContain("Demo Owner");
    }
    // Another owner's units, and ids that name nothing, are not found.
    for (const id of [...ids, "999999", "0", "abc", "1e3"]) {
      const path = `${home}/units/${id}`;
      expect((await get(path, secondCookie)).status, path).toBe(404);
      const post = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: secondCookie, "content-type": "application/x-www-form-urlencoded" },
        body: "startDate=2030-01-01&endDate=2030-01-02",
      });
      expect(post.status, `POST ${path}`).toBe(404);
    }
    // The owner's own units open.
    for (const id of ids) expect((await get(`${home}/units/${id}`, demoCookie)).status).toBe(200);
    // The demo owner's statements, as pages, PDF and CSV: another owner's session finds none.
    const listed = await (await get(`${home}/statements`, demoCookie)).text();
    const statementIds = [
      ...new Set([...listed.matchAll(/\/owner\/statements\/(\d+)"/g)].map((m) => m[1])),
    ];
    expect(statementIds.length).toBeGreaterThan(0);
    for (const id of statementIds)
      for (const suffix of ["", ".pdf", ".csv"]) {
        const path = `${home}/statements/${id}${suffix}`;
        expect((await get(path, secondCookie)).status, path).toBe(404);
        expect((await get(path)).status, path).toBe(302);
        expect((await get(path, demoCookie)).status, path).toBe(200);
      }
  }

  // An owner's session opens nothing under /admin, under either cookie name.
  const swapped = `admin_session=${demoCookie.split("=")[1]}`;
  for (const cookie of [demoCookie, swapped]) {
    const login = await (await get("/admin", cookie)).text();
    expect(login).toContain("Admin Login");
    for (const path of [
      "/admin/owners",
      "/admin/owners/1",
      "/admin/owners/repairs",
      "/admin/owners/repairs/1",
      "/admin/owners/documents",
      "/admin/leads",
      "/admin/calendars",
      `/admin/properties/${ids[0]}/calendar`,
    ]) {
      const answer = await get(path, cookie);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("location"), path).toBe("/admin");
    }
    const post = await fetch(`${server.url}/admin/owners`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=auto-approve&on=1",
    });
    expect(post.status).toBe(401);
  }
});

test("the portal installs on a phone and shows an offline page without a connection", async ({
  browser,
}) => {
  const context = await phone(browser);
  const page = await context.newPage();
  await ownerSignIn(page, "/ru/owner", { email: "E-mail", password: "Пароль", submit: "Войти" });
  await expect(page.getByTestId("owner-units")).toBeVisible();
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/owner-ru.webmanifest");
  const manifest = await (await fetch(`${server.url}${href}`)).json();
  expect(manifest).toMatchObject({
    start_url: "/ru/owner",
    scope: "/ru/owner",
    display: "standalone",
  });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const answer = await fetch(`${server.url}${icon.src}`);
    expect(answer.headers.get("content-type")).toBe("image/png");
    const size = Number(icon.sizes.split("x")[0]);
    const bytes = Buffer.from(await answer.arrayBuffer());
    // PNG: width and height are the big-endian words at bytes 16 and 20.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([size, size]);
  }
  // The worker takes over the portal; with the connection gone, a portal page is the offline page.
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.ready));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.goto(`${server.url}/ru/owner/guide`);
  await expect(page.getByRole("heading", { name: "Нет соединения" })).toBeVisible();
  await expectAccessible(page);
  await context.setOffline(false);
  await context.close();
});

test("in Russian on a phone, the owner adds an authenticator app and then signs in with its code", async ({
  browser,
}) => {
  const context = await phone(browser);
  const page = await context.newPage();
  await ownerSignIn(page, "/ru/owner", { email: "E-mail", password: "Пароль", submit: "Войти" });
  await expect(page.getByTestId("owner-units")).toBeVisible();
  await page
    .getByRole("navigation", { name: "Кабинет владельца" })
    .getByRole("link", { name: "Безопасность" })
    .click();
  await expect(page.getByRole("heading", { name: "Безопасность входа" })).toBeVisible();
  await page.getByRole("button", { name: "Подключить приложение-аутентификатор" }).click();
  const key = (await page.getByTestId("totp-secret").textContent()) ?? "";
  const secret = base32Decode(key);
  await expect(page.getByRole("img", { name: /QR-код/ })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByLabel("Код", { exact: true }).fill(totpCode(secret, totpStep()));
  await page.getByRole("button", { name: "Подтвердить и включить" }).click();
  const codes = page.getByRole("list", { name: "Ваши резервные коды" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  // The app is in force now: no setup left on the page.
  await expect(
    page.getByText("При входе нужны пароль и код из приложения-аутентификатора."),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: /QR-код/ })).toHaveCount(0);
  const recovery = (await codes.first().textContent()) ?? "";
  await expectAccessible(page);
  await expectFitsPhone(page);

  // Signed out, the password alone is not enough.
  await page.getByRole("button", { name: "Выйти" }).click();
  // The sign-out is a post; going on before its answer came back would abort it.
  await expect(page.getByLabel("E-mail")).toBeVisible();
  await ownerSignIn(page, "/ru/owner", { email: "E-mail", password: "Пароль", submit: "Войти" });
  await expect(page.getByRole("heading", { name: "Введите код" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Код", { exact: true }).fill("000000");
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Код неверный. Введите текущий код из приложения или резервный код.",
  );
  // The setup spent the current step's code; the next one signs in.
  await page.getByLabel("Код", { exact: true }).fill(totpCode(secret, totpStep() + 1));
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.getByTestId("owner-units")).toBeVisible();

  // Turned off again with a recovery code, so the password alone signs in.
  await page.goto(`${server.url}/ru/owner/security`);
  await page.getByLabel("Текущий код из приложения или резервный код").fill(recovery);
  await page.getByRole("button", { name: "Отключить" }).click();
  await expect(notice(page)).toHaveText("Второй шаг отключён: при входе нужен только пароль.");
  await context.close();
});
