import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LISTING_LOCATIONS } from "../domain/listing.ts";
import { ROI_LOCATIONS } from "../domain/owner-programs.ts";
import { en } from "./en.ts";
import { languageFromPath, localizePath } from "./languages.ts";
import { mailEn } from "./mail-en.ts";
import { mailRu } from "./mail-ru.ts";
import { createI18n, createMailI18n } from "./messages.server.ts";
import { placeName } from "./place-names.ts";
import { ru } from "./ru.ts";
import { createTranslator, programFigures } from "./translate.ts";
import { I18nProvider, useT } from "./use-t.tsx";

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key as a dotted path, with plural forms folded into their base key. */
function keys(dictionary: object, prefix = ""): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(dictionary)) {
    const full = prefix + key.replace(PLURAL, "");
    if (typeof value === "string") out.add(full);
    else for (const k of keys(value, `${full}.`)) out.add(k);
  }
  return out;
}

function Orphan() {
  const { t } = useT();
  return <p>{t("nav.home")}</p>;
}

describe("translations", () => {
  // Every catalogue pair: the pages' texts, and the mails' texts that only the server reads.
  it.each([
    ["pages", en, ru],
    ["mails", mailEn, mailRu],
  ] as const)("Russian has every key English has in the %s, and no stray ones", (_, en, ru) => {
    const missing = [...keys(en)].filter((k) => !keys(ru).has(k));
    const extra = [...keys(ru)].filter((k) => !keys(en).has(k));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it("Russian plural keys carry all the forms Russian needs", () => {
    const flat = JSON.stringify({ ru, mailRu });
    for (const base of ["bedrooms", "bathrooms", "alertSubject"]) {
      for (const form of ["one", "few", "many"]) expect(flat).toContain(`"${base}_${form}"`);
    }
  });

  it("fills in the owner programs' figures in any text that names them", () => {
    expect(createMailI18n("en").t("mail.lead.subject.roi")).toBe("your ROI 7% program request");
    expect(createMailI18n("ru").t("mail.lead.subject.revenue-share")).toBe(
      "ваша заявка на программу 70:30",
    );
    // Each quarterly payout's share, written as each language writes a fraction.
    expect(programFigures("en").roiQuarterRate).toBe("1.75");
    expect(programFigures("ru").roiQuarterRate).toBe("1,75");
    // A caller's own value wins over a figure of the same name.
    expect(createMailI18n("en").t("mail.lead.subject.roi", { roiRate: "9" })).toBe(
      "your ROI 9% program request",
    );
  });

  it("has a Russian name for every place the listing filter and the calculator offer", () => {
    const places = new Set<string>([...LISTING_LOCATIONS, ...ROI_LOCATIONS]);
    const unnamed = [...places].filter((p) => !/[а-яё]/i.test(placeName(p, "ru")));
    expect(unnamed).toEqual([]);
    expect(placeName("Kamala", "ru")).toBe("Камала");
    expect(placeName("Kamala", "en")).toBe("Kamala");
    // A place no list holds, or a name that is not a place, stays as it is.
    expect(placeName("Freedom Beach", "ru")).toBe("Freedom Beach");
    expect(placeName("constructor", "ru")).toBe("constructor");
  });

  it("keeps the mails' texts out of what pages send to the browser", () => {
    expect(Object.keys(en)).not.toContain("mail");
    expect(createMailI18n("ru").t("mail.lead.thanks")).toMatch(/^Спасибо/);
  });

  it("uses Russian plural forms", () => {
    const { t } = createI18n("ru");
    expect(t("property.bedrooms", { count: 1 })).toBe("1 спальня");
    expect(t("property.bedrooms", { count: 2 })).toBe("2 спальни");
    expect(t("property.bedrooms", { count: 5 })).toBe("5 спален");
    expect(t("property.bedrooms", { count: 21 })).toBe("21 спальня");
  });

  it("uses English plural forms", () => {
    const { t } = createI18n("en");
    expect(t("property.bedrooms", { count: 1 })).toBe("1 bedroom");
    expect(t("property.bedrooms", { count: 4 })).toBe("4 bedrooms");
  });

  it("fills in values and leaves unknown placeholders visible", () => {
    const { t } = createI18n("en");
    expect(t("property.availableFrom", { date: "1 Jan 2027" })).toBe("Available from 1 Jan 2027");
    expect(t("property.availableFrom")).toBe("Available from {{date}}");
  });

  it("returns lists only when asked for them", () => {
    const { t } = createI18n("ru");
    const story = t("about.story", { returnObjects: true });
    expect(story).toHaveLength(3);
    expect(story[0]).toMatch(/^Каждый объект/);
    expect(t("about.story")).toBe("about.story");
  });

  it("fills in the lines of a list like any text", () => {
    const t = createTranslator("en", { guide: ["Stay {{roiNights}} nights, {{who}}.", "Plain."] });
    // @ts-expect-error: a key of this test's own dictionary
    expect(t("guide", { returnObjects: true, who: "Anna" })).toEqual([
      "Stay 15 nights, Anna.",
      "Plain.",
    ]);
  });

  it("shows the key itself when a translation is missing", () => {
    const { t } = createI18n("ru");
    // @ts-expect-error: a key that does not exist
    expect(t("nothing.here")).toBe("nothing.here");
  });

  it("throws when the translation hook is used outside its provider", () => {
    expect(() => renderToString(<Orphan />)).toThrow(/inside the I18nProvider/);
    expect(
      renderToString(
        <I18nProvider value={createI18n("ru")}>
          <Orphan />
        </I18nProvider>,
      ),
    ).toContain("Главная");
  });
});

describe("language in the URL", () => {
  it.each([
    ["/", "en"],
    ["/units/x", "en"],
    ["/ru", "ru"],
    ["/ru/units/x", "ru"],
    ["/rus", "en"],
  ] as const)("%s is %s", (path, lang) => {
    expect(languageFromPath(path)).toBe(lang);
  });

  it.each([
    ["/", "ru", "/ru"],
    ["/ru", "en", "/"],
    ["/units/a", "ru", "/ru/units/a"],
    ["/ru/units/a", "en", "/units/a"],
    ["/ru/units/a", "ru", "/ru/units/a"],
    ["/blog", "en", "/blog"],
    // Paths from the address bar can never become links to another host.
    ["/ru//evil.example", "en", "/evil.example"],
    ["/ru/\\evil.example", "en", "/evil.example"],
    ["//evil.example", "ru", "/ru/evil.example"],
    ["/\\evil.example/x", "en", "/evil.example/x"],
    ["/\t/evil.example", "en", "/evil.example"],
  ] as const)("%s in %s is %s", (path, lang, expected) => {
    expect(localizePath(path, lang)).toBe(expected);
  });
});

/** Every text of a catalogue with its key: lists count each of their lines. */
function texts(dictionary: object, prefix = ""): [string, string][] {
  return Object.entries(dictionary).flatMap(([key, value]): [string, string][] => {
    if (typeof value === "string") return [[prefix + key, value]];
    if (Array.isArray(value)) return value.map((line, i) => [`${prefix}${key}.${i}`, String(line)]);
    return texts(value, `${prefix}${key}.`);
  });
}

/** "7%", "70:30", "70 : 30", "70%", "30%", "1.75%", "1,75%", "15 free nights": typed figures. */
const TYPED_FIGURE = /\b(7|70|30|1[.,]75)\s?%|\b70\s?:\s?30\b|\b15 (free|бесплатных)/;

describe("the owner programs' figures", () => {
  it("are typed into no catalogue: each names them and the translator fills them in", () => {
    const typed = [en, ru, mailEn, mailRu]
      .flatMap((catalogue) => texts(catalogue))
      .filter(([, text]) => TYPED_FIGURE.test(text))
      .map(([key]) => key);
    expect(typed).toEqual([]);
  });

  it("read as before wherever the pages show them", () => {
    expect(createI18n("en").t("nav.owners")).toBe("For owners: 7% ROI and 70:30");
    expect(createI18n("ru").t("nav.owners")).toBe("Владельцам: ROI 7% и 70:30");
    expect(createI18n("en").t("ownerStatements.guaranteedFull", { value: "฿1" })).toBe(
      "1.75% of ฿1, a full quarter",
    );
    expect(createI18n("ru").t("ownerStatements.guaranteedFull", { value: "1 ฿" })).toBe(
      "1,75% от 1 ฿, полный квартал",
    );
  });
});
