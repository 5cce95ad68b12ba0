import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { businessToday, plusDays } from "../../app/domain/date-time.ts";
import {
  type FakeTelegram,
  startFakeTelegram,
  startSmtp,
  type TestSmtp,
} from "../support/mail-servers.ts";
import { signIn, startAdminServer } from "./support/admin.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * Calendar feeds in trouble, end to end: a server of this file's own reads feeds from a feed
 * server on 127.0.0.1 (allowed by CALENDAR_FEED_ALLOW_HOSTS) and alerts the desk through its
 * outbox to a local SMTP server and a fake Telegram API. In Chromium the desk sees the feeds in
 * trouble above the occupancy report, reads what a held feed would remove, and applies it with
 * one click. With PostgreSQL (TEST_DATABASE_URL) the server runs on a database of its own, so
 * the test can put a failure's start hours back (the clock cannot be moved in the server) and
 * see the failure alert and the recovery alert arrive.
 */
test.describe.configure({ mode: "default" });

const ADMIN_DB_URL = process.env.TEST_DATABASE_URL;
const DB_NAME = `e2e_feeds_${process.pid}_${Date.now()}`;
const DESK = "desk@kamala.example";

let smtp: TestSmtp;
let telegram: FakeTelegram;
let server: ServerProcess;
let feedServer: Server;
let feedBase = "";
let databaseUrl: string | undefined;
/** What the feed server answers for each path; a test changes it as the channel would. */
const answers = new Map<string, { status: number; body: string }>();
const requests: string[] = [];

const ics = (...events: string[][]) =>
  `${[
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN",
    ...events.flat(),
    "END:VCALENDAR",
  ].join("\r\n")}\r\n`;
const compact = (day: string) => day.replaceAll("-", "");
/** An all-day block from `from` days after today for `nights` nights, in Phuket's calendar. */
const block = (uid: string, from: number, nights: number) => {
  const today = businessToday();
  return [
    "BEGIN:VEVENT",
    `UID:${uid}@airbnb.com`,
    `DTSTART;VALUE=DATE:${compact(plusDays(today, from))}`,
    `DTEND;VALUE=DATE:${compact(plusDays(today, from + nights))}`,
    "SUMMARY:Reserved",
    "END:VEVENT",
  ];
};
/** Three future blocks, 2 + 3 + 4 nights. */
const THREE_BLOCKS = () => ics(block("a1", 10, 2), block("a2", 20, 3), block("a3", 40, 4));
const EMPTY = ics();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  feedServer = createServer((req, res) => {
    requests.push(req.url ?? "");
    const answer = answers.get(req.url ?? "") ?? { status: 404, body: "not found" };
    res.writeHead(answer.status, { "content-type": "text/calendar; charset=utf-8" });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedBase = `127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  smtp = await startSmtp();
  telegram = await startFakeTelegram();
  if (ADMIN_DB_URL) {
    const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
    await admin.end();
    const url = new URL(ADMIN_DB_URL);
    url.pathname = `/${DB_NAME}`;
    databaseUrl = url.toString();
  }
  server = await startAdminServer(undefined, {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SMTP_URL: smtp.url,
    LEADS_NOTIFY_EMAIL: DESK,
    MAIL_FROM: "Kamala Living <rentals@kamala.example>",
    TELEGRAM_BOT_TOKEN: "123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOpp",
    TELEGRAM_CHAT_ID: "-1001234",
    TELEGRAM_API_URL: telegram.apiUrl,
    CALENDAR_FEED_ALLOW_HOSTS: feedBase,
    CALENDAR_FEED_TIMEOUT_SECONDS: "3",
    CALENDAR_FEED_ALERT_HOURS: "6",
    // The periodic poll stays off: every sync here is the desk's click.
    CALENDAR_FEED_INTERVAL_MINUTES: "0",
  });
  // Listening is not ready: the database is migrated and seeded first.
  await expect
    .poll(async () => (await fetch(`${server.url}/readyz`).catch(() => null))?.status, {
      timeout: 120_000,
    })
    .toBe(200)
    .catch((error: Error) => {
      throw new Error(`Server not ready:\n${server.output()}`, { cause: error });
    });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await telegram?.close();
  feedServer?.closeAllConnections();
  await new Promise((resolve) => feedServer?.close(resolve));
  if (ADMIN_DB_URL && databaseUrl) {
    const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.end();
  }
});

/** The admin calendar pages of the first two units of the occupancy report. */
async function twoUnits(page: Page): Promise<{ name: string; href: string }[]> {
  await signIn(page, server.url);
  await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
  await page.goto(`${server.url}/admin/calendars`);
  const links = page.locator("table a[href$='/calendar']");
  await expect(links.first()).toBeVisible();
  const units = [];
  for (const i of [0, 1]) {
    const link = links.nth(i);
    units.push({
      name: (await link.innerText()).trim(),
      href: (await link.getAttribute("href")) ?? "",
    });
  }
  return units;
}

async function addFeed(page: Page, href: string, name: string, path: string) {
  await page.goto(`${server.url}${href}`);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("iCal address").fill(`http://${feedBase}${path}`);
  await page.getByRole("button", { name: "Add feed" }).click();
}

const feedItem = (page: Page, name: string) =>
  page.getByTestId("feed").filter({ has: page.getByText(name, { exact: true }) });

const mailsAbout = (subject: string) => smtp.messages.filter((m) => m.subject === subject);
const telegramsAbout = (subject: string) =>
  telegram.calls.filter((c) => String(c.body.text).startsWith(subject));

test("a feed that suddenly empties is held, listed first with what it would remove, alerted once, and applied with one click", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const [unit] = await twoUnits(page);
  if (!unit) throw new Error("no unit");
  answers.set("/held.ics", { status: 200, body: THREE_BLOCKS() });
  await addFeed(page, unit.href, "Airbnb held", "/held.ics");
  await expect(page.getByText("Feed added: 3 stays read.")).toBeVisible();
  const item = feedItem(page, "Airbnb held");
  await expect(item).toContainText("blocks 9 nights from today");

  // The channel's export link now answers an empty calendar: the sync is held, the blocks stay.
  answers.set("/held.ics", { status: 200, body: EMPTY });
  await item.getByRole("button", { name: "Sync now" }).click();
  const held = item.getByTestId("feed-held");
  await expect(held).toContainText("Needs a look");
  await expect(held).toContainText("would remove all 3 future blocks");
  await expect(item).toContainText("blocks 9 nights from today");

  // The desk is told once, by e-mail and Telegram, with the unit's calendar page.
  const subject = `Calendar feed needs a look: ${unit.name}: Airbnb held`;
  await expect.poll(() => mailsAbout(subject).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => telegramsAbout(subject).length, { timeout: 30_000 }).toBe(1);
  const mail = mailsAbout(subject)[0];
  expect(mail?.to && "text" in mail.to ? mail.to.text : "").toBe(DESK);
  expect(mail?.text).toContain("reading it would remove all 3 future blocks");
  expect(mail?.text).toMatch(new RegExp(`^Look and apply: http://\\S+${unit.href}$`, "m"));
  // A second sync of the still empty feed keeps it held and alerts nobody again.
  const fetched = requests.filter((r) => r === "/held.ics").length;
  await item.getByRole("button", { name: "Sync now" }).click();
  await expect.poll(() => requests.filter((r) => r === "/held.ics").length).toBe(fetched + 1);
  await expect(held).toContainText("would remove all 3 future blocks");

  // The overview lists the feed in trouble above the occupancy report, with what it would remove.
  await page.goto(`${server.url}/admin/calendars`);
  const trouble = page.getByRole("region", { name: /Calendar feeds in trouble/ });
  await expect(trouble).toContainText(
    `${unit.name}: Airbnb held — Needs a look: would remove all 3 future blocks`,
  );
  await expectTroubleFirst(page);

  // One click applies the change: the feed blocks nothing any more, and leaves the overview.
  await trouble.getByRole("link", { name: `${unit.name}: Airbnb held` }).click();
  await expect(page).toHaveURL(`${server.url}${unit.href}`);
  await feedItem(page, "Airbnb held")
    .getByRole("button", { name: "Apply: remove 3 blocks" })
    .click();
  await expect(feedItem(page, "Airbnb held").getByTestId("feed-held")).toHaveCount(0);
  await expect(feedItem(page, "Airbnb held")).toContainText("blocks 0 nights from today");
  await page.reload();
  await expect(feedItem(page, "Airbnb held")).toContainText("blocks 0 nights from today");
  await page.goto(`${server.url}/admin/calendars`);
  await expect(page.getByTestId("troubled-feeds").getByText("Airbnb held")).toHaveCount(0);
  expect(mailsAbout(subject)).toHaveLength(1);
  expect(telegramsAbout(subject)).toHaveLength(1);
});

test("a failing feed is shown first with its error, alerted once after CALENDAR_FEED_ALERT_HOURS, and once when it recovers", async ({
  page,
}) => {
  test.skip(
    !databaseUrl,
    "needs TEST_DATABASE_URL: the failure's start is put hours back in the server's database",
  );
  test.setTimeout(150_000);
  const [, unit] = await twoUnits(page);
  if (!unit) throw new Error("no unit");
  answers.set("/failing.ics", { status: 503, body: "Service Unavailable" });
  await addFeed(page, unit.href, "Booking failing", "/failing.ics");
  await expect(page.getByText(/^Feed added, but it could not be read: /)).toBeVisible();
  const item = feedItem(page, "Booking failing");
  await expect(item).toContainText("Last good fetch: never");
  // The page says the fetch failed and what the allowed host answered; so does the log.
  await expect(item).toContainText(
    /Last error \(.+\): The feed could not be fetched: the address answered HTTP 503\./,
  );
  await expect
    .poll(() => server.output())
    .toContain('"cause":"HTTP 503","msg":"calendar feed could not be fetched"');

  // A second feed of the unit empties and is held: the overview lists both feeds in trouble,
  // each with its problem, above the occupancy report (screenshots at 390 and 1280 px).
  answers.set("/held-too.ics", { status: 200, body: THREE_BLOCKS() });
  await addFeed(page, unit.href, "VRBO held", "/held-too.ics");
  await expect(page.getByText("Feed added: 3 stays read.")).toBeVisible();
  answers.set("/held-too.ics", { status: 200, body: EMPTY });
  await feedItem(page, "VRBO held").getByRole("button", { name: "Sync now" }).click();
  await expect(feedItem(page, "VRBO held").getByTestId("feed-held")).toContainText(
    "would remove all 3 future blocks",
  );
  await page.goto(`${server.url}/admin/calendars`);
  const trouble = page.getByRole("region", { name: /Calendar feeds in trouble/ });
  await expect(trouble.getByRole("heading")).toHaveText("Calendar feeds in trouble (2)");
  await expect(trouble).toContainText(
    new RegExp(
      `${unit.name}: Booking failing — Failing since .+ UTC: The feed could not be fetched: the address answered HTTP 503`,
    ),
  );
  await expect(trouble).toContainText(
    `${unit.name}: VRBO held — Needs a look: would remove all 3 future blocks`,
  );
  await expectTroubleFirst(page);
  if (process.env.FEED_SCREENSHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `${process.env.FEED_SCREENSHOTS}/calendars-trouble-${width}.png`,
      });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // Failing for less than CALENDAR_FEED_ALERT_HOURS: no alert yet.
  const subject = `Calendar feed failing: ${unit.name}: Booking failing`;
  await page.goto(`${server.url}${unit.href}`);
  await feedItem(page, "Booking failing").getByRole("button", { name: "Sync now" }).click();
  await expect(feedItem(page, "Booking failing")).toContainText(
    "The feed could not be fetched: the address answered HTTP 503",
  );
  expect(mailsAbout(subject)).toHaveLength(0);

  // Seven hours later (the failure's start put back in the server's database), the next try
  // alerts the desk once; a further failing try does not alert again.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const moved = await db.query(
      "UPDATE calendar_feeds SET failing_since = failing_since - interval '7 hours' WHERE name = $1 AND failing_since IS NOT NULL",
      ["Booking failing"],
    );
    expect(moved.rowCount).toBe(1);
  } finally {
    await db.end();
  }
  await page.reload();
  await feedItem(page, "Booking failing").getByRole("button", { name: "Sync now" }).click();
  await expect.poll(() => mailsAbout(subject).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => telegramsAbout(subject).length, { timeout: 30_000 }).toBe(1);
  expect(mailsAbout(subject)[0]?.text).toContain(
    "Last error: The feed could not be fetched: the address answered HTTP 503",
  );
  const fetched = requests.filter((r) => r === "/failing.ics").length;
  await feedItem(page, "Booking failing").getByRole("button", { name: "Sync now" }).click();
  await expect.poll(() => requests.filter((r) => r === "/failing.ics").length).toBe(fetched + 1);

  // The channel answers again: the feed is read, the desk told once that it works again.
  answers.set("/failing.ics", {
    status: 200,
    body: ics(block("b1", 5, 2), block("b2", 30, 1)),
  });
  await feedItem(page, "Booking failing").getByRole("button", { name: "Sync now" }).click();
  await expect(feedItem(page, "Booking failing")).toContainText("blocks 3 nights from today");
  await expect(feedItem(page, "Booking failing")).not.toContainText("Last error");
  const recovered = `Calendar feed working again: ${unit.name}: Booking failing`;
  await expect.poll(() => mailsAbout(recovered).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => telegramsAbout(recovered).length, { timeout: 30_000 }).toBe(1);
  expect(mailsAbout(subject)).toHaveLength(1);
  await page.goto(`${server.url}/admin/calendars`);
  await expect(page.getByTestId("troubled-feeds").getByText("Booking failing")).toHaveCount(0);
  await expect(page.getByTestId("troubled-feeds")).toContainText("VRBO held");
});

/** The list of feeds in trouble comes before the occupancy report in the page. */
async function expectTroubleFirst(page: Page) {
  const order = await page.evaluate(() => {
    const trouble = document.querySelector("[data-testid='troubled-feeds']");
    const table = document.querySelector("table");
    if (!trouble || !table) return "missing";
    return trouble.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING
      ? "trouble first"
      : "table first";
  });
  expect(order).toBe("trouble first");
}
