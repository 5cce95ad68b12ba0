import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22a",
  "wcag22aa",
  "best-practice",
];

/** Every violation axe finds on the page as it stands, of every impact, one line each. */
export async function axeViolations(page: Page, label = page.url()): Promise<string[]> {
  // Only violations are collected: details of what passed would cost time on large pages.
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(" "))
        .join(", ")}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ""}`,
  );
}
