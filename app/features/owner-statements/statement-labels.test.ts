import { describe, expect, it } from "vitest";
import { EXPENSE_CATEGORIES, STAY_CHANNELS } from "../../domain/owner-money.ts";
import { createI18n } from "../../i18n/messages.server.ts";
import { type LabelledLine, lineText } from "./statement-labels.ts";

const line = (
  kind: LabelledLine["kind"],
  details: Record<string, unknown>,
): LabelledLine & { details: Record<string, unknown> } => ({
  kind,
  on: "2026-10-17",
  amount: 1,
  sourceKind: null,
  sourceId: null,
  details,
});

describe("a statement line's words, in the owner's language", () => {
  it("names the channel and the expense's category in English and Russian, the vendor as entered", () => {
    const en = createI18n("en").t;
    const ru = createI18n("ru").t;
    const stay = line("stay", {
      channel: "airbnb",
      checkIn: "2026-10-03",
      checkOut: "2026-10-17",
      nights: 14,
    });
    const expense = line("expense", { category: "utilities", vendor: "Provincial Electricity" });
    expect(lineText(en, "en", stay)).toMatch(/, Airbnb$/);
    expect(lineText(en, "en", expense)).toBe("Expense — Utilities: Provincial Electricity");
    expect(lineText(ru, "ru", expense)).toBe(
      "Расход — Коммунальные услуги: Provincial Electricity",
    );
    expect(
      lineText(ru, "ru", { ...stay, details: { ...stay.details, channel: "direct" } }),
    ).toMatch(/, прямое бронирование$/);
  });

  it("has words for every channel and category in both languages, and no code shows through", () => {
    for (const lang of ["en", "ru"] as const) {
      const { t } = createI18n(lang);
      const words = new Set<string>();
      for (const channel of STAY_CHANNELS) {
        const text = lineText(t, lang, line("commission", { channel, nights: 1 }));
        const word = text.split(", ").at(-1) ?? "";
        expect(word, `${lang} ${channel}`).not.toBe("");
        if (channel === "direct" || channel === "other") expect(word).not.toBe(channel);
        words.add(word);
      }
      expect(words.size).toBe(STAY_CHANNELS.length);
      const names = new Set<string>();
      for (const category of EXPENSE_CATEGORIES) {
        const text = lineText(t, lang, line("expense", { category, vendor: "V" }));
        const name = text.split(" — ")[1]?.replace(/: V$/, "") ?? "";
        expect(name, `${lang} ${category}`).not.toBe(category);
        names.add(name);
      }
      expect(names.size).toBe(EXPENSE_CATEGORIES.length);
    }
    // A value from an older release that is not known is shown as it was stored.
    const { t } = createI18n("en");
    expect(lineText(t, "en", line("expense", { category: "legacy", vendor: "V" }))).toBe(
      "Expense — legacy: V",
    );
  });
});
