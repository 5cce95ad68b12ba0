import {
  type FakeTelegram,
  startFakeTelegram,
  startSmtp,
  type TestSmtp,
} from "../support/mail-servers.ts";
import { ADMIN_EMAIL, signIn, startAdminServer } from "./support/admin.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

// A server of this file's own, wired to a local SMTP server and a fake Telegram API; its tests
// run one after another.
test.describe.configure({ mode: "default" });
const TOKEN = "123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOpp";
let smtp: TestSmtp;
let telegram: FakeTelegram;
let server: ServerProcess;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtp();
  telegram = await startFakeTelegram();
  server = await startAdminServer(undefined, {
    SMTP_URL: smtp.url,
    LEADS_NOTIFY_EMAIL: "desk@kamala.example",
    MAIL_FROM: "Kamala Living <rentals@kamala.example>",
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_CHAT_ID: "-1001234",
    TELEGRAM_API_URL: telegram.apiUrl,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await telegram?.close();
});

test("a viewing request reaches the desk within seconds and moves through the pipeline", async ({
  page,
  request,
}) => {
  const api = await (await request.get(`${server.url}/api/units`)).json();
  const unit: { slug: string; name: string } = api.units[0];
  const name = `Viewer ${Date.now()}`;
  const email = `viewer-${Date.now()}@example.com`;
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

  await page.goto(`${server.url}/units/${unit.slug}?utm_source=facebook&utm_campaign=winter`);
  const form = page.locator("#viewing");
  await form.getByLabel("Your name").fill(name);
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Preferred day").fill(day);
  await form.getByLabel("Time of day").selectOption("morning");
  await form.getByRole("button", { name: "Request a viewing" }).click();
  await expect(form.getByText(/We will confirm your viewing of/)).toBeVisible();

  // The alert (mail and Telegram) and the reply arrive without waiting for a poll.
  await expect
    .poll(
      () =>
        smtp.messages.filter(
          (m) => m.text?.includes(name) || (m.to && "text" in m.to && m.to.text === email),
        ).length,
      {
        timeout: 10_000,
      },
    )
    .toBe(2);
  const alert = smtp.messages.find(
    (m) => m.subject === `New lead: Viewing request — ${unit.name} — ${name}`,
  );
  expect(alert?.text).toContain(`/units/${unit.slug}`);
  expect(alert?.text).toContain("Preferred viewing dates:");
  expect(alert?.text).toContain("Campaign: facebook / winter");
  const adminLink = alert?.text?.match(/Open in the admin: (\S+)/)?.[1] ?? "";
  expect(adminLink).toMatch(/\/admin\/leads\/\d+$/);
  await expect.poll(() => telegram.calls.filter((c) => c.body.text.includes(name)).length).toBe(1);
  const reply = smtp.messages.find((m) => m.to && "text" in m.to && m.to.text === email);
  expect(reply?.text).toContain("You asked to view this unit:");

  // The admin sees the alerts went out, and works the lead.
  await signIn(page, server.url);
  await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
  await page.goto(`${server.url}/admin/leads?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId("lead-row").filter({ hasText: name });
  await expect(row.getByTestId("lead-alerts")).toContainText("Alert by e-mail: sent");
  await expect(row.getByTestId("lead-alerts")).toContainText("Alert by Telegram: sent");
  await expect(row.getByTestId("lead-alerts")).toContainText("Reply by e-mail: sent");

  await page.goto(`${server.url}${new URL(adminLink).pathname}`);
  const pipeline = page.getByRole("form", { name: "Pipeline" });
  await pipeline.getByLabel("Stage").selectOption("lost");
  await pipeline.getByRole("button", { name: "Save pipeline" }).click();
  await expect(pipeline.getByText("Say why it was lost.")).toBeVisible();
  await pipeline.getByLabel("Stage").selectOption("viewing-booked");
  await pipeline.getByLabel("Owner").selectOption({ label: ADMIN_EMAIL });
  await pipeline.getByLabel("Next follow-up").fill("2026-01-05");
  await pipeline.getByRole("button", { name: "Save pipeline" }).click();
  await expect(pipeline.getByText("Pipeline saved.")).toBeVisible();
  const notes = page.getByRole("form", { name: "Add a note" });
  await notes.getByLabel("New note").fill("Called back; viewing on Friday at 10");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("lead-notes")).toContainText(
    "Called back; viewing on Friday at 10",
  );
  await expect(page.getByTestId("lead-notes")).toContainText(ADMIN_EMAIL);

  await page.goto(`${server.url}/admin/leads?mine=1`);
  const booked = page.getByRole("region", { name: /Viewing booked/ });
  const mine = booked.getByTestId("lead-row").filter({ hasText: name });
  await expect(mine.getByTestId("follow-up")).toHaveText("Overdue: 2026-01-05");
  // Overdue first: the first row of the whole view.
  await expect(page.getByTestId("lead-row").first()).toContainText(name);

  const csv = await (
    await page.request.get(`${server.url}/admin/leads/export.csv?q=${encodeURIComponent(email)}`)
  ).text();
  const line = csv.split("\r\n").find((l) => l.includes(email)) ?? "";
  expect(line).toMatch(/^"\d+","viewing",/);
  expect(line).toContain(
    `"viewing-booked","","${ADMIN_EMAIL}","2026-01-05","facebook","","winter"`,
  );
});

test("a subscriber confirms from the mail, then unsubscribes from the welcome, also without JavaScript, in Russian", async ({
  page,
  browser,
}) => {
  const email = `reader-${Date.now()}@example.com`;
  const mailTo = (subject: string) =>
    smtp.messages.find(
      (m) => m.to && "text" in m.to && m.to.text === email && m.subject?.includes(subject),
    );
  const local = (link: string) => `${server.url}${new URL(link).pathname}${new URL(link).search}`;
  await page.goto(`${server.url}/ru/newsletter`);
  await page.getByPlaceholder("Ваш e-mail").fill(email);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Подписаться" }).click();
  await expect(page.getByText("Почти готово: мы отправили вам письмо со ссылкой.")).toBeVisible();
  // Double opt-in: the one mail is the confirmation, not a welcome.
  await expect.poll(() => mailTo("подтвердите подписку"), { timeout: 10_000 }).toBeTruthy();
  expect(mailTo("добро пожаловать")).toBeUndefined();
  const confirm =
    mailTo("подтвердите подписку")?.text?.match(
      /(http\S+\/ru\/newsletter\/confirm\?token=\S+)/,
    )?.[1] ?? "";
  expect(confirm).not.toBe("");

  await page.goto(local(confirm));
  await expect(page.getByText(`Присылать нашу рассылку на ${email}?`)).toBeVisible();
  await page.getByRole("button", { name: "Подтвердить подписку" }).click();
  await expect(page.getByText(`Готово: наша рассылка будет приходить на ${email}`)).toBeVisible();
  await expect.poll(() => mailTo("добро пожаловать"), { timeout: 10_000 }).toBeTruthy();
  const welcome = mailTo("добро пожаловать");
  const link = welcome?.text?.match(/(http\S+\/ru\/unsubscribe\?token=\S+)/)?.[1] ?? "";
  expect(link).not.toBe("");
  expect(welcome?.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toBe(
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
  );

  // Without JavaScript the button posts a plain form: the answer is the page, with 200.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await context.newPage();
    await plain.goto(local(link));
    await expect(plain.getByText(`Больше не присылать нашу рассылку на ${email}?`)).toBeVisible();
    // Leaving the newsletter, or all marketing; replies to requests go on either way.
    await expect(
      plain.getByRole("button", { name: "Отписаться от всех рекламных писем" }),
    ).toBeVisible();
    await expect(
      plain.getByText("Ответы на ваши запросы по-прежнему будут приходить"),
    ).toBeVisible();
    const [answer] = await Promise.all([
      plain.waitForResponse((r) => r.request().method() === "POST"),
      plain.getByRole("button", { name: "Отписаться", exact: true }).click(),
    ]);
    expect(answer.status()).toBe(200);
    await expect(plain.getByText(`Готово: на ${email} больше не будут приходить`)).toBeVisible();
  } finally {
    await context.close();
  }

  // A mail program's one-click POST (RFC 8058) to the same link answers 200 too.
  const oneClick = await fetch(local(link), {
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(oneClick.status).toBe(200);

  const bad = await page.goto(`${server.url}/unsubscribe?token=forged.${"x".repeat(32)}`);
  expect(bad?.status()).toBe(400);
  await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
});

test("the new actions answer wrong and hostile posts with a 4xx, never a 500", async () => {
  const api = await (await fetch(`${server.url}/api/units`)).json();
  const viewing = `/units/${api.units[0].slug}/viewing`;
  const post = (path: string, body: string, type?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      body,
      headers: { origin: server.url, ...(type ? { "content-type": type } : {}) },
      redirect: "manual",
    });
  const form = "application/x-www-form-urlencoded";
  for (const path of [viewing, "/ru/unsubscribe", "/admin/leads/1"]) {
    for (const [body, type] of [
      ['{"a":1}', "application/json"],
      ["a=1", "text/plain"],
      ["--x", "multipart/form-data"],
    ] as const) {
      const answer = await post(path, body, type);
      expect(answer.status, `${type} to ${path}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${type} to ${path}`).toBeLessThan(500);
    }
    expect((await post(path, `x=${"a".repeat(70 * 1024)}`, form)).status, path).toBe(413);
  }
  const hostile = new URLSearchParams({
    name: "x".repeat(500),
    email: "a@".padEnd(20_000, "."),
    date: "9".repeat(1000),
    altDate: "\u0000",
    time: "<script>",
  }).toString();
  expect((await post(viewing, hostile, form)).status).toBe(400);
  expect((await post(`/units/${"a-".repeat(200)}b/viewing`, hostile, form)).status).toBe(404);
  expect((await post("/unsubscribe", `token=${"A".repeat(5000)}.x`, form)).status).toBe(400);
  // From another site: refused (by React Router's own check, or ours) before anything is read.
  const foreign = await fetch(`${server.url}/unsubscribe`, {
    method: "POST",
    body: "token=x",
    headers: { origin: "https://evil.example", "content-type": form },
  });
  expect([400, 403]).toContain(foreign.status);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the viewing form posts to the unit's viewing page, which answers in place", async ({
    page,
  }) => {
    const api = await (await fetch(`${server.url}/api/units`)).json();
    const unit: { slug: string; name: string } = api.units[0];
    const name = `NoJS viewer ${Date.now()}`;
    await page.goto(`${server.url}/ru/units/${unit.slug}`);
    const form = page.locator("#viewing");
    await form.getByLabel("Ваше имя").fill(name);
    await form.getByRole("button", { name: "Записаться на просмотр" }).click();
    // Refused without a contact and a day: the typed name is kept.
    await expect(page).toHaveURL(new RegExp(`/ru/units/${unit.slug}/viewing$`));
    await expect(page.locator("#viewing").getByLabel("Ваше имя")).toHaveValue(name);
    await page.locator("#viewing").getByLabel("Телефон").fill("+66 81 555 0000");
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.locator("#viewing").getByLabel("Желаемый день").fill(day);
    await page.locator("#viewing").getByRole("button", { name: "Записаться на просмотр" }).click();
    await expect(page.getByText(`Спасибо! Мы подтвердим просмотр ${unit.name}`)).toBeVisible();
    await expect
      .poll(() => smtp.messages.filter((m) => m.text?.includes(name)).length, { timeout: 10_000 })
      .toBe(1);
  });
});
