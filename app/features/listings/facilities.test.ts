import { describe, expect, it } from "vitest";
import { en } from "../../i18n/en.ts";
import { ru } from "../../i18n/ru.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { demoUnits } from "./demo-units.server.ts";
import {
  FACILITY_ALIASES,
  FACILITY_KEYS,
  facilityKey,
  facilityName,
  isFacilityKey,
  storedFacilities,
} from "./facilities.ts";

const tEn = createTranslator("en", en);
const tRu = createTranslator("ru", ru);

describe("the facilities", () => {
  it("are stored by their keys in the demo units", () => {
    for (const unit of demoUnits()) {
      for (const facility of unit.facilities) expect(isFacilityKey(facility), facility).toBe(true);
    }
  });
  it("each have a name of their own in English and in Russian", () => {
    const english = FACILITY_KEYS.map((key) => facilityName(key, tEn));
    const russian = FACILITY_KEYS.map((key) => facilityName(key, tRu));
    expect(new Set(english).size).toBe(FACILITY_KEYS.length);
    expect(new Set(russian).size).toBe(FACILITY_KEYS.length);
    for (const name of russian) expect(name).toMatch(/[А-Яа-яЁё]|^Wi-Fi$/);
  });
  it("are found by their key, their English name, or another common name, in any case", () => {
    for (const key of FACILITY_KEYS) {
      expect(facilityKey(key)).toBe(key);
      expect(facilityKey(` ${en.facility[key].toUpperCase()} `)).toBe(key);
    }
    for (const [alias, key] of Object.entries(FACILITY_ALIASES))
      expect(facilityKey(alias)).toBe(key);
    expect(facilityKey("Wi_Fi")).toBe("wifi");
    expect(facilityKey("Rooftop helipad")).toBeNull();
  });
  it("show a name that is not in the set as it was typed", () => {
    expect(facilityName("Rooftop helipad", tRu)).toBe("Rooftop helipad");
    expect(facilityName("Sea view", tRu)).toBe("Вид на море");
  });
  it("are stored as keys in the set's order, then the others as typed, each once", () => {
    expect(
      storedFacilities([
        "WiFi",
        " Rooftop deck ",
        "",
        "Pool",
        "wi-fi",
        "rooftop DECK",
        "Private pool",
      ]),
    ).toEqual(["private-pool", "pool", "wifi", "Rooftop deck"]);
  });
});
