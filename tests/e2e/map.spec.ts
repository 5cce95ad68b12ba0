import { createServer } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { signIn, startAdminServer, watchErrors } from "./support/admin.ts";
import { freePort, startServer, tempDataDir } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

/** The map's code: MapLibre, its worker and the modules built on it. */
const MAP_CODE = /maplibre|map-view|units-map|unit-location-map|position-picker/;

function mapRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (MAP_CODE.test(request.url())) seen.push(request.url());
  });
  return seen;
}

async function mapReady(map: Locator) {
  await expect(map).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
}

/** Units on the map: lone pins count one, a cluster its number. */
async function unitsShown(page: Page): Promise<number> {
  const pins = await page.getByTestId("map-pin").count();
  const clusters = await page
    .getByTestId("map-cluster")
    .evaluateAll((nodes) => nodes.map((node) => Number((node as HTMLElement).dataset.count)));
  return pins + clusters.reduce((a, b) => a + b, 0);
}

async function unitsWithPosition(page: Page, search: string): Promise<number> {
  const response = await page.request.get(`/api/units?${search}&view=map`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { units: { latitude: number | null }[] };
  return body.units.filter((u) => u.latitude !== null).length;
}

test.describe("the map of units", () => {
  test("switching to the map keeps the filters in the URL, loads the map's code only then, and shows every match", async ({
    page,
  }) => {
    const requests = mapRequests(page);
    const scripts: number[] = [];
    page.on("requestfinished", async (request) => {
      if (request.resourceType() === "script")
        scripts.push((await request.sizes()).responseBodySize);
    });
    await page.goto("/?type=pool-villa", { waitUntil: "networkidle" });
    await expect(page.getByTestId("unit-card").first()).toBeVisible();
    // The home page's own JavaScript has nothing of the map, and stays within its budget
    // (MapLibre alone is about 245 KB compressed).
    expect(requests).toEqual([]);
    const firstKB = scripts.reduce((a, b) => a + b, 0) / 1024;
    expect(firstKB).toBeGreaterThan(50);
    expect(firstKB).toBeLessThan(125);

    await page.getByTestId("view-map").click();
    await expect(page).toHaveURL(/[?&]type=pool-villa/);
    await expect(page).toHaveURL(/[?&]view=map/);
    const map = page.getByTestId("map");
    await mapReady(map);
    expect(requests.length).toBeGreaterThan(0);
    await expect(page.getByTestId("unit-card")).toHaveCount(0);

    const expected = await unitsWithPosition(page, "type=pool-villa");
    const matching = Number((await page.getByTestId("match-count").textContent())?.match(/\d+/));
    expect(expected).toBe(matching);
    expect(expected).toBeGreaterThan(1);
    await expect.poll(() => unitsShown(page)).toBe(expected);
    // The beaches and the office are labelled.
    await expect(page.getByTestId("map-office")).toHaveText("Our office");
    await expect(page.getByTestId("map-beach").filter({ hasText: "Kamala beach" })).toHaveCount(1);

    // Another filter keeps the map; so does a status tab.
    await page.getByTestId("count-soon").click();
    await expect(page).toHaveURL(/status=soon/);
    await expect(page).toHaveURL(/view=map/);
    await mapReady(page.getByTestId("map"));
    const soon = await unitsWithPosition(page, "type=pool-villa&status=soon");
    await expect.poll(() => unitsShown(page)).toBe(soon);
    // The chip removing the type keeps the map too.
    await expect(page.getByTestId("chip-type")).toHaveAttribute("href", /view=map/);

    // Back to the list, filters kept.
    await page.getByTestId("view-list").click();
    await expect(page).not.toHaveURL(/view=map/);
    await expect(page).toHaveURL(/type=pool-villa/);
    await expect(page.getByTestId("unit-card").first()).toBeVisible();
  });

  test("a cluster zooms in, a pin opens a card that links to the unit, Esc closes it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/ru?view=map");
    const map = page.getByTestId("map");
    await mapReady(map);
    await expect(page.getByTestId("map-office")).toHaveText("Наш офис");

    // Open clusters until a lone pin shows.
    const pin = page.getByTestId("map-pin").first();
    for (let i = 0; i < 5 && (await page.getByTestId("map-pin").count()) === 0; i++) {
      await page.getByTestId("map-cluster").first().click();
      await page
        .waitForFunction(
          () => document.querySelectorAll('[data-testid="map-pin"]').length > 0,
          null,
          {
            timeout: 3_000,
          },
        )
        .catch(() => {});
    }
    const slug = await pin.getAttribute("data-id");
    expect(slug).toBeTruthy();
    await pin.focus();
    await page.keyboard.press("Enter");
    const card = page.getByTestId("map-card");
    await expect(card).toBeVisible();
    const link = card.getByTestId("map-card-link");
    await expect(link).toBeFocused();
    await expect(link).toHaveText("Подробнее");
    await expect(link).toHaveAttribute("href", `/ru/units/${slug}`);

    await page.keyboard.press("Escape");
    await expect(card).toHaveCount(0);
    await expect(pin).toBeFocused();

    await pin.click();
    await card.getByTestId("map-card-link").click();
    await expect(page).toHaveURL(`/ru/units/${slug}`);
    await expect(page.locator("h1")).toBeVisible();
  });

  test("the built-in map asks no other site; the policy lets MapLibre run its workers", async ({
    page,
  }) => {
    const outside: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith("http://127.0.0.1") && !request.url().startsWith("blob:"))
        outside.push(request.url());
    });
    const response = await page.goto("/?view=map");
    const policy = response?.headers()["content-security-policy"] ?? "";
    const directives = policy.split(";").map((d) => d.trim());
    expect(directives).toContain("worker-src 'self' blob:");
    expect(directives).toContain("connect-src 'self'");
    await mapReady(page.getByTestId("map"));
    await expect(page.getByTestId("map-beach").first()).toBeVisible();
    expect(outside).toEqual([]);
  });

  test("the maps have no serious or critical accessibility violations", async ({ page }) => {
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    await page.goto("/?view=map");
    await mapReady(page.getByTestId("map"));
    await expect.poll(() => unitsShown(page)).toBeGreaterThan(0);
    await page.getByTestId("map-cluster").or(page.getByTestId("map-pin")).first().focus();
    expect(await serious()).toEqual([]);
    await page.goto("/units/canopy-pool-villa-v-01");
    await page.getByTestId("unit-location").scrollIntoViewIfNeeded();
    await mapReady(page.getByTestId("unit-location").getByTestId("map"));
    expect(await serious()).toEqual([]);
  });

  test("without WebGL the map says so and the list stays a click away", async ({ page }) => {
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args) {
        return String(args[0]).startsWith("webgl") ? null : original.apply(this, args as never);
      } as typeof original;
    });
    await page.goto("/?view=map");
    await expect(page.getByTestId("map-unavailable")).toContainText("cannot draw the map");
    await page.getByTestId("view-list").click();
    await expect(page.getByTestId("unit-card").first()).toBeVisible();
  });

  test("a unit page loads its small map only when scrolled near, with the unit and the office", async ({
    page,
  }) => {
    const requests = mapRequests(page);
    const api = await page.request.get("/api/units?location=Kamala");
    const slug = ((await api.json()) as { units: { slug: string }[] }).units[0]?.slug;
    await page.goto(`/units/${slug}`);
    await expect(page.locator("h1")).toBeVisible();
    expect(requests).toEqual([]);
    const location = page.getByTestId("unit-location");
    await location.scrollIntoViewIfNeeded();
    await mapReady(location.getByTestId("map"));
    await expect(location.getByTestId("map-pin")).toHaveCount(1);
    await expect(location.getByTestId("map-pin")).toHaveAttribute("data-id", `${slug}`);
    await expect(location.getByTestId("map-office")).toBeVisible();
  });
});

test("the admin sets a unit's position by typing and by clicking the map, and it is stored", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const server = await startAdminServer();
  const errors = watchErrors(page);
  try {
    await signIn(page, server.url);
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
    await page.goto(`${server.url}/admin?view=cards`);
    const card = page.getByTestId("admin-property-card").first();
    const name = (await card.locator("h2").textContent()) ?? "";
    await card.getByRole("link", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Property" });
    const latitude = dialog.getByLabel("Latitude");
    const longitude = dialog.getByLabel("Longitude");
    await expect(latitude).not.toHaveValue("");
    const editUrl = page.url();

    // One coordinate alone, or one out of range, is refused with a message in place.
    await latitude.fill("7.9611");
    await longitude.fill("");
    await dialog.getByRole("button", { name: "Save Property" }).click();
    await expect(
      dialog.getByText("Enter both latitude and longitude, or leave both empty"),
    ).toBeVisible();
    await longitude.fill("198.3");
    await dialog.getByRole("button", { name: "Save Property" }).click();
    await expect(dialog.getByText("Longitude must be between -180 and 180")).toBeVisible();

    await longitude.fill("98.2901");
    await dialog.getByRole("button", { name: "Save Property" }).click();
    await expect(page.getByText("Property saved successfully!")).toBeVisible();
    await page.goto(editUrl);
    await expect(dialog.getByLabel("Latitude")).toHaveValue("7.9611");
    await expect(dialog.getByLabel("Longitude")).toHaveValue("98.2901");

    // A click on the map moves the pin there and fills both fields.
    const map = dialog.getByTestId("map");
    await mapReady(map);
    await expect(map.getByTestId("map-pin")).toHaveCount(1);
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error("the map has no box");
    await map.click({ position: { x: box.width * 0.3, y: box.height * 0.7 } });
    await expect(latitude).not.toHaveValue("7.9611");
    const picked = {
      latitude: await latitude.inputValue(),
      longitude: await longitude.inputValue(),
    };
    expect(Number(picked.latitude)).toBeLessThan(7.9611);
    expect(Number(picked.longitude)).toBeLessThan(98.2901);
    await dialog.getByRole("button", { name: "Save Property" }).click();
    await expect(page.getByText("Property saved successfully!")).toBeVisible();

    await page.goto(editUrl);
    await expect(dialog.getByLabel("Latitude")).toHaveValue(picked.latitude);
    await expect(dialog.getByLabel("Longitude")).toHaveValue(picked.longitude);
    // The history reads as the admin typed it.
    await page.goto(`${new URL(editUrl).pathname}/history`.replace(/^/, server.url));
    await expect(
      page.getByText(
        `Position on the map: 7.9611, 98.2901 → ${picked.latitude}, ${picked.longitude}`,
      ),
    ).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
  }
});

test("MAP_STYLE_URL draws the maps with that style, allowed by the policy", async ({ page }) => {
  test.setTimeout(120_000);
  const stylePort = await freePort();
  const styleOrigin = `http://127.0.0.1:${stylePort}`;
  let styleRequests = 0;
  const styleServer = createServer((_request, response) => {
    styleRequests++;
    response.writeHead(200, {
      "Content-Type": "application/json",
      "Access-Control-Allow-Origin": "*",
    });
    response.end(
      JSON.stringify({
        version: 8,
        sources: {},
        layers: [{ id: "paper", type: "background", paint: { "background-color": "#f0e0c0" } }],
      }),
    );
  });
  await new Promise<void>((resolve) => styleServer.listen(stylePort, "127.0.0.1", resolve));
  const server = await startServer({
    DATA_DIR: tempDataDir(),
    MAP_STYLE_URL: `${styleOrigin}/style.json`,
  });
  try {
    const response = await page.goto(`${server.url}/?view=map`);
    expect(response?.headers()["content-security-policy"]).toContain(
      `connect-src 'self' ${styleOrigin}`,
    );
    await mapReady(page.getByTestId("map"));
    expect(styleRequests).toBeGreaterThan(0);
    await expect.poll(() => unitsShown(page)).toBeGreaterThan(0);
  } finally {
    await server.stop();
    styleServer.close();
  }
});
