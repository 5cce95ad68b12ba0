import type { ListingLocation } from "../domain/listing.ts";
import type { Language } from "./languages.ts";

/**
 * Russian spellings of Phuket's places, as Russian guides and the testimonials write them: every
 * place the listing filter offers, typed by that list, so a new place without its Russian name
 * does not compile (the catalogues' test checks the calculator's places too). English names are
 * the places' own.
 */
export const RUSSIAN_PLACE_NAMES: Record<ListingLocation, string> = {
  "Bang Tao": "Банг Тао",
  "Cherng Talay": "Чернг Талай",
  Kamala: "Камала",
  Patong: "Патонг",
  Surin: "Сурин",
  Kata: "Ката",
  Rawai: "Раваи",
  "Nai Harn": "Най Харн",
  Chalong: "Чалонг",
  Karon: "Карон",
  "Mai Khao": "Май Кхао",
  Thalang: "Таланг",
  "Phuket Town": "Пхукет-Таун",
};

/**
 * A place's name in the visitor's language; one the lists do not hold (a beach on the map, a
 * unit's own place) stays as it is.
 */
export function placeName(place: string, lang: Language): string {
  if (lang === "en" || !Object.hasOwn(RUSSIAN_PLACE_NAMES, place)) return place;
  return RUSSIAN_PLACE_NAMES[place as ListingLocation];
}
