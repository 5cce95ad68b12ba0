import type { Language } from "./languages.ts";

/** Russian spellings of Phuket's places, as Russian guides and the testimonials write them. */
const RUSSIAN: Record<string, string> = {
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

/** A place's name in the visitor's language; one without a Russian spelling stays as it is. */
export function placeName(place: string, lang: Language): string {
  return lang === "ru" ? (RUSSIAN[place] ?? place) : place;
}
