import AxeBuilder from "@axe-core/playwright";
import { ADMIN_EMAIL, signIn, startAdminServer, watchErrors } from "./support/admin.ts";
import { expect, test } from "./support/test.ts";

// A server of its own: admin edits never disturb the shared server.
test.describe.configure({ mode: "serial" });

const bangkok = (offsetDays: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

test("a lease entered in the admin calendar makes the unit occupied, on its page and in its .ics; visitors ask to be told when it is free", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const server = await startAdminServer();
  try {
    const errors = watchErrors(page);
    await signIn(page, server.url);
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
    const link = page.getByRole("link", { name: /^Calendar of / }).first();
    const name = ((await link.getAttribute("aria-label")) ?? "").replace("Calendar of ", "");
    await link.click();
    await expect(page.getByRole("heading", { name: `Calendar — ${name}` })).toBeVisible();
    const icsPath = (await page.getByRole("link", { name: /calendar\.ics$/ }).textContent()) ?? "";
    const slug = icsPath.split("/")[2] ?? "";

    // A lease from yesterday for 100 days: occupied (beyond the 60-day horizon).
    const add = page.locator("form", { hasText: "Add a stay or block" });
    await add.getByLabel("Kind").selectOption("lease");
    await add.getByLabel("First day").fill(bangkok(-1));
    await add.getByLabel("First free day (check-out)").fill(bangkok(99));
    await add.getByLabel("Tenant (leases, private)").fill("Private Tenant Name");
    await add.getByLabel("Lease months").fill("3");
    await add.getByRole("button", { name: "Add stay" }).click();
    await expect(page.getByRole("status")).toHaveText("Stay added.");
    await expect(page.getByTestId("stay")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 2, name: /Occupied until/ })).toBeVisible();

    // An overlapping block is refused, with the clash named.
    await add.getByLabel("Kind").selectOption("owner-block");
    await add.getByLabel("First day").fill(bangkok(10));
    await add.getByLabel("First free day (check-out)").fill(bangkok(12));
    await add.getByLabel("Tenant (leases, private)").fill("");
    await add.getByLabel("Lease months").fill("");
    await add.getByRole("button", { name: "Add stay" }).click();
    await expect(page.getByRole("alert")).toContainText(
      `These dates overlap a lease from ${bangkok(-1)} to ${bangkok(99)}`,
    );
    await expect(page.getByTestId("stay")).toHaveCount(1);

    // The public page: status, taken days, nothing private; the months open by keyboard.
    const visitor = await page.context().browser()?.newContext();
    if (!visitor) throw new Error("no browser");
    const unitPage = await visitor.newPage();
    await unitPage.goto(`${server.url}/units/${slug}`);
    await expect(unitPage.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(unitPage.getByText(/Rented until/).first()).toBeVisible();
    const calendar = unitPage.getByRole("region", { name: "Availability" });
    await expect(calendar.locator(`td[data-date="${bangkok(0)}"]`)).toHaveAttribute(
      "data-taken",
      "true",
    );
    await expect(calendar.getByTestId("taken-ranges")).toContainText("Taken");
    await expect(unitPage.locator("body")).not.toContainText("Private Tenant Name");
    const later = calendar.locator("details table").last();
    await expect(later).toBeHidden();
    // The disclosure's summary takes focus; its text is in a span that toggles to "Show fewer".
    await calendar.locator("summary", { hasText: "Show all 12 months" }).focus();
    await unitPage.keyboard.press("Enter");
    await expect(later).toBeVisible();
    await expect(calendar.locator("table")).toHaveCount(12);
    const axe = await new AxeBuilder({ page: unitPage }).include("#availability").analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);

    // The calendar for booking channels.
    const ics = await unitPage.request.get(`${server.url}/units/${slug}/calendar.ics`);
    expect(ics.status()).toBe(200);
    expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const text = await ics.text();
    expect(text).toContain(`DTSTART;VALUE=DATE:${bangkok(-1).replaceAll("-", "")}`);
    expect(text).not.toContain("Private");
    expect(
      (await unitPage.request.get(`${server.url}/units/no-such-unit/calendar.ics`)).status(),
    ).toBe(404);

    // "Notify me when it is free", stored as a lead the admin sees.
    const alert = unitPage.getByRole("region", { name: "Notify me when it is free" });
    await expect(alert.getByLabel("Wanted from")).toHaveValue(bangkok(99));
    await alert.getByLabel("E-mail").fill("waiting@example.com");
    await alert.getByRole("button", { name: "Notify me" }).click();
    await expect(alert.getByRole("status")).toContainText("We will write to you when");
    await visitor.close();

    const csv = await page.request.get(`${server.url}/admin/leads/export.csv`);
    const rows = (await csv.text()).split("\r\n").filter((r) => r.includes("waiting@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('"availability-alert"');
    expect(rows[0]).toContain(name);
    expect(rows[0]).toContain(bangkok(99));

    // Removing the lease frees the unit again.
    await page.getByRole("button", { name: `Remove the stay from ${bangkok(-1)}` }).click();
    await expect(page.getByRole("status")).toHaveText("Stay removed.");
    await expect(page.getByRole("heading", { level: 2, name: /: Available$/ })).toBeVisible();
    // Both changes are on record, newest first, with who made them.
    const changes = page.getByTestId("stay-change");
    await expect(changes).toHaveCount(2);
    await expect(changes.first()).toContainText(
      `Removed Lease ${bangkok(-1)} → ${bangkok(99)}, tenant Private Tenant Name, 3 months · by ${ADMIN_EMAIL}`,
    );
    await expect(changes.last()).toContainText(`Added Lease ${bangkok(-1)}`);
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
  }
});

test("a unit's iCal feed in the admin: its bookings appear, a clash is flagged, a broken feed keeps them and shows its error", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { createServer } = await import("node:http");
  let body = "";
  let status = 200;
  let feedRequests = 0;
  const feedHost = createServer((_req, res) => {
    feedRequests++;
    res.writeHead(status, { "content-type": "text/calendar" });
    res.end(body);
  });
  await new Promise<void>((resolve) => feedHost.listen(0, "127.0.0.1", resolve));
  const address = feedHost.address();
  const feedPort = typeof address === "object" && address ? address.port : 0;
  const feedUrl = `http://127.0.0.1:${feedPort}/unit.ics`;
  const day = (offset: number) => bangkok(offset).replaceAll("-", "");
  body = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Channel//EN",
    "BEGIN:VEVENT",
    "UID:booking-1@channel",
    `DTSTART;VALUE=DATE:${day(20)}`,
    `DTEND;VALUE=DATE:${day(25)}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

  // The feed host is on this machine: allowed by its host:port, as an intranet calendar would be.
  const server = await startAdminServer(undefined, {
    CALENDAR_FEED_ALLOW_HOSTS: `127.0.0.1:${feedPort}`,
  });
  try {
    await signIn(page, server.url);
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
    await page
      .getByTestId("admin-property-row")
      .nth(1)
      .getByRole("link", { name: /^Calendar of/ })
      .click();
    // The demo data may have put stays of its own on the unit: counted, then left alone.
    await expect(page.getByRole("heading", { name: "Stays and blocks" })).toBeVisible();
    const demoStays = await page.getByTestId("stay").count();

    // A block entered by hand first; the channel's booking will overlap it.
    const add = page.locator("form", { hasText: "Add a stay or block" });
    await add.getByLabel("Kind").selectOption("owner-block");
    await add.getByLabel("First day").fill(bangkok(22));
    await add.getByLabel("First free day (check-out)").fill(bangkok(24));
    await add.getByRole("button", { name: "Add stay" }).click();
    await expect(page.getByRole("status")).toHaveText("Stay added.");

    const feedForm = page.locator("form", { hasText: "iCal address" });
    await feedForm.getByLabel("Name").fill("Channel");
    await feedForm.getByLabel("iCal address").fill(feedUrl);
    await feedForm.getByRole("button", { name: "Add feed" }).click();
    await expect(page.getByRole("status")).toHaveText("Feed added: 1 stays read.");
    await expect(page.getByTestId("stay")).toHaveCount(demoStays + 2);
    await expect(page.getByTestId("stay").filter({ hasText: "from Channel" })).toContainText(
      `${bangkok(20)} → ${bangkok(25)}`,
    );
    await expect(page.getByTestId("stay").filter({ hasText: "conflict" })).toHaveCount(2);
    await expect(page.getByRole("alert")).toContainText("2 stays overlap another stay");

    // The channel breaks: the booking stays, the error and its time are shown; the admin is
    // told the HTTP status of the allowed host, the server's log says the same.
    status = 500;
    const feed = page.getByTestId("feed");
    await feed.getByRole("button", { name: "Sync now" }).click();
    await expect(feed.getByRole("alert")).toHaveText(
      "Sync failed: The feed could not be fetched: the address answered HTTP 500",
    );
    await expect(feed).toContainText("Last error (");
    await expect(feed).toContainText(
      "The feed could not be fetched: the address answered HTTP 500",
    );
    await expect(page.getByTestId("stay")).toHaveCount(demoStays + 2);
    await expect
      .poll(() => server.output())
      .toContain('"cause":"HTTP 500","msg":"calendar feed could not be fetched"');

    // It recovers without the booking: the stay goes, and with it the clash.
    status = 200;
    body = body.replace(/BEGIN:VEVENT[\s\S]*END:VEVENT\r\n/, "");
    await feed.getByRole("button", { name: "Sync now" }).click();
    await expect(feed.getByRole("status")).toHaveText("Synced: 0 added, 0 changed, 1 removed.");
    await expect(page.getByTestId("stay")).toHaveCount(demoStays + 1);
    await expect(page.getByTestId("stay").filter({ hasText: "conflict" })).toHaveCount(0);
    await expect(feed).not.toContainText("Last error");

    // The same host by another name is not the allowed host:port: refused, never asked.
    const asked = feedRequests;
    await feedForm.getByLabel("Name").fill("Loopback");
    await feedForm.getByLabel("iCal address").fill(`http://localhost:${feedPort}/unit.ics`);
    await feedForm.getByRole("button", { name: "Add feed" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Feed added, but it could not be read: The feed could not be fetched",
    );
    expect(feedRequests).toBe(asked);
  } finally {
    await server.stop();
    feedHost.closeAllConnections();
    await new Promise((resolve) => feedHost.close(resolve));
  }
});
