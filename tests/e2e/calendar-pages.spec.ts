import { createServer } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { signIn, startAdminServer, watchErrors } from "./support/admin.ts";
import { expect, test } from "./support/test.ts";

const bangkok = (offsetDays: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
const compact = (offset: number) => bangkok(offset).replaceAll("-", "");

test("a feed of 60 bookings and 3 bad dates: the rest imported, the count shown, stays 50 a page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // 60 one-night bookings from day 400 on (past any demo lease), and 3 events with bad dates.
  const events = Array.from({ length: 60 }, (_, i) => [
    "BEGIN:VEVENT",
    `UID:paged-${i}@channel`,
    `DTSTART;VALUE=DATE:${compact(400 + 2 * i)}`,
    `DTEND;VALUE=DATE:${compact(401 + 2 * i)}`,
    "END:VEVENT",
  ]).flat();
  const bad = ["garbage", "20271340", "2757600913T000000Z"].flatMap((start, i) => [
    "BEGIN:VEVENT",
    `UID:bad-${i}@channel`,
    `DTSTART:${start}`,
    "END:VEVENT",
  ]);
  const body = ["BEGIN:VCALENDAR", "VERSION:2.0", ...events, ...bad, "END:VCALENDAR", ""].join(
    "\r\n",
  );
  const feedHost = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/calendar" });
    res.end(body);
  });
  await new Promise<void>((resolve) => feedHost.listen(0, "127.0.0.1", resolve));
  const address = feedHost.address();
  const feedPort = typeof address === "object" && address ? address.port : 0;

  const server = await startAdminServer(undefined, {
    CALENDAR_FEED_ALLOW_HOSTS: `127.0.0.1:${feedPort}`,
  });
  try {
    const errors = watchErrors(page);
    await signIn(page, server.url);
    await page
      .getByTestId("admin-property-row")
      .nth(2)
      .getByRole("link", { name: /^Calendar of/ })
      .click();
    await expect(page.getByRole("heading", { name: "Stays and blocks" })).toBeVisible();
    // The demo data may have put a stay or two of its own on the unit.
    const demoStays = await page.getByTestId("stay").count();
    expect(demoStays).toBeLessThan(10);

    const feedForm = page.locator("form", { hasText: "iCal address" });
    await feedForm.getByLabel("Name").fill("Channel");
    await feedForm.getByLabel("iCal address").fill(`http://127.0.0.1:${feedPort}/unit.ics`);
    await feedForm.getByRole("button", { name: "Add feed" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Feed added: 60 stays read; 3 events skipped: bad dates.",
    );
    await expect(page.getByTestId("feed-skipped")).toContainText(
      "Last good fetch: 3 events skipped: bad dates",
    );

    // 60 + the demo's: two pages, upcoming first.
    const total = 60 + demoStays;
    const pages = page.getByRole("navigation", { name: "Pages of stays" });
    await expect(pages).toContainText(`Page 1 of 2 (${total} stays, upcoming first)`);
    await expect(page.getByTestId("stay")).toHaveCount(50);
    const fromChannel = page.getByTestId("stay").filter({ hasText: "from Channel" });
    await expect(fromChannel.first()).toContainText(`${bangkok(400)} → ${bangkok(401)}`);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pages).toContainText(`Page 2 of 2 (${total} stays, upcoming first)`);
    await expect(page.getByTestId("stay")).toHaveCount(total - 50);
    await expect(fromChannel.filter({ hasText: `${bangkok(518)} → ${bangkok(519)}` })).toHaveCount(
      1,
    );
    await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(pages).toContainText("Page 1 of 2");
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
    feedHost.closeAllConnections();
    await new Promise((resolve) => feedHost.close(resolve));
  }
});
