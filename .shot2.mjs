import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const api = await (await fetch("http://127.0.0.1:4201/api/units")).json();
for (const [w, h] of [[390, 844], [1280, 900]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto("http://127.0.0.1:4201/ru#owners");
  await page.locator("#owners").screenshot({ path: `/tmp/shots/owners-ru-${w}.png` });
  await page.goto(`http://127.0.0.1:4201/units/${api.units[0].slug}`);
  await page.locator("#enquiry").screenshot({ path: `/tmp/shots/enquiry-${w}.png` });
  await page.close();
}
await browser.close();
