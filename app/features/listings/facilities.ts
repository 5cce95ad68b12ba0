import type { Language } from "../../i18n/languages.ts";

/**
 * Russian names of the facilities the company lists most. Facilities are free text typed by the
 * admin; one not in this list is shown as it was typed.
 */
const RUSSIAN: Record<string, string> = {
  "private pool": "Частный бассейн",
  pool: "Бассейн",
  garden: "Сад",
  sala: "Сала (беседка)",
  bbq: "Барбекю",
  parking: "Парковка",
  wifi: "Wi-Fi",
  "air conditioning": "Кондиционер",
  "sea view": "Вид на море",
  housekeeping: "Уборка",
  gym: "Спортзал",
  security: "Охрана",
  "co-working": "Коворкинг",
  sauna: "Сауна",
  "private jacuzzi": "Собственное джакузи",
  "kids club": "Детский клуб",
  "beach access": "Выход к пляжу",
  "cinema room": "Кинозал",
  "chef on request": "Повар по запросу",
};

export function facilityName(facility: string, lang: Language): string {
  return lang === "ru" ? (RUSSIAN[facility.trim().toLowerCase()] ?? facility) : facility;
}
