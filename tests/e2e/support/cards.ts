import type { Page } from "@playwright/test";

export interface CardFacts {
  slug: string;
  name: string;
  meta: string;
  status: string;
  yearly: number;
  bedrooms: number;
}

/**
 * What each unit card on the page says, read from the visible text in one step in the browser,
 * so the result is one consistent snapshot of the list. The server streams its pages: after a
 * navigation has committed, the new document may still be arriving, with its last card cut off,
 * so the list is read once the whole document has been parsed.
 */
export async function readCards(page: Page): Promise<CardFacts[]> {
  await page.waitForLoadState("domcontentloaded");
  return page.getByTestId("unit-card").evaluateAll((cards) =>
    cards.map((card) => {
      const text = (selector: string, index = 0) =>
        (card.querySelectorAll(selector)[index] as HTMLElement | undefined)?.innerText.trim() ?? "";
      const items = [...card.querySelectorAll("li")].map((li) =>
        (li as HTMLElement).innerText.trim(),
      );
      const bedrooms = items.find((t) => /^\d+ (bedroom|спал)/.test(t)) ?? "0";
      return {
        slug: card.getAttribute("data-slug") ?? "",
        name: text("h3"),
        meta: text("p", 1),
        status: text("span.rounded-full"),
        // The first amount: the headline goes on to name its lease ("1-year lease").
        yearly: Number(
          (text("[data-testid=card-price]").match(/\d[\d,\u00a0\u202f ]*\d|\d/)?.[0] ?? "").replace(
            /[^0-9]/g,
            "",
          ),
        ),
        bedrooms: Number.parseInt(bedrooms, 10),
      };
    }),
  );
}
