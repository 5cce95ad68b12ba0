import type { Locator, Page } from "@playwright/test";

export interface CardFacts {
  slug: string;
  name: string;
  meta: string;
  status: string;
  yearly: number;
  bedrooms: number;
}

const money = (text: string) => Number(text.replace(/[^0-9]/g, ""));

/** What each unit card on the page says, read from the visible text. */
export async function readCards(page: Page): Promise<CardFacts[]> {
  const cards = page.getByTestId("unit-card");
  const facts: CardFacts[] = [];
  for (const card of await cards.all()) facts.push(await readCard(card));
  return facts;
}

async function readCard(card: Locator): Promise<CardFacts> {
  const texts = await card.locator("p, li, h3, span").allInnerTexts();
  const bedroomsText = texts.find((t) => /^\d+ (bedroom|спал)/.test(t)) ?? "0";
  return {
    slug: (await card.getAttribute("data-slug")) ?? "",
    name: await card.locator("h3").innerText(),
    meta: await card.locator("p").nth(1).innerText(),
    status: await card.locator("span.rounded-full").first().innerText(),
    yearly: money(await card.locator("p.text-2xl").innerText()),
    bedrooms: Number.parseInt(bedroomsText, 10),
  };
}
