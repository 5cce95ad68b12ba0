/**
 * Playwright's `test`, with a page whose `goto` waits until React has hydrated an HTML page
 * (the root layout marks `<html data-hydrated>`). Pages paint before their scripts run, so a click
 * right after loading would otherwise be handled by the browser (a plain link or form) instead of
 * the app. Pages opened with JavaScript off are not waited for.
 */
import { test as base, expect, type Page } from "@playwright/test";

export * from "@playwright/test";

export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        const type = response?.headers()["content-type"] ?? "";
        if (type.startsWith("text/html")) await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },
});
