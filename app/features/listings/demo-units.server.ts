import { businessToday, plusDays } from "../../domain/date-time.ts";
import { slugify } from "../../lib/slug.ts";
import { type DemoPicture, type PictureName, pictureId } from "../media/demo-pictures.server.ts";
import type { FacilityKey } from "./facilities.ts";
import type { UnitDetail } from "./unit.ts";

/** A demo unit: a unit page's facts, with its rendered pictures instead of stored images. */
export interface DemoUnit extends Omit<UnitDetail, "id" | "images"> {
  pictures: DemoPicture[];
}

/** The compact form the demo portfolio is written in below. */
interface Row
  extends Pick<
    DemoUnit,
    | "name"
    | "building"
    | "unitCode"
    | "type"
    | "location"
    | "bedrooms"
    | "bathrooms"
    | "sizeM2"
    | "floor"
    | "status"
    | "facilities"
  > {
  /** Days from today until it is free (soon) or until the lease ends (occupied). */
  days?: number;
  /** Baht per month on a 1-year lease; the shorter leases are priced from it. */
  yearly: number;
  en: string;
  ru: string;
  /**
   * Its gallery, best view first: a villa's outside (or its deck), a condo's room or view,
   * never its building. "flipped" shows the render mirrored left to right.
   */
  pictures: Shot[];
  /** Latitude and longitude: on land in the unit's area (the condos: their building's). */
  at: [number, number];
}

const VILLA: FacilityKey[] = [
  "private-pool",
  "garden",
  "sala",
  "bbq",
  "parking",
  "wifi",
  "air-conditioning",
];
const CONDO: FacilityKey[] = ["pool", "gym", "security", "wifi", "parking", "air-conditioning"];

type Shot = PictureName | `${PictureName} flipped`;

// Each building is one place: its condos share the block's position, its villas stand nearby.
const TREES: [number, number] = [7.9523, 98.2848];
const ZEN: [number, number] = [7.8455, 98.2975];

const ROWS: Row[] = [
  // The Trees: an estate on the hillside above Kamala bay, its condo block and its pool villas.
  {
    name: "Canopy Pool Villa",
    building: "The Trees",
    unitCode: "V-01",
    at: [7.9588, 98.2885],
    type: "pool-villa",
    location: "Kamala",
    bedrooms: 4,
    bathrooms: 4,
    sizeM2: 320,
    floor: 1,
    status: "available",
    yearly: 180_000,
    facilities: [...VILLA, "sea-view", "housekeeping"],
    en: "A four-bedroom villa at the top of the estate, above Kamala bay: a timber deck with an infinity-edge pool facing the islands and the sunset over the Andaman Sea.",
    ru: "Вилла с четырьмя спальнями на самом верху поместья, над заливом Камала: деревянная терраса с бассейном-инфинити, обращённым к островам и закату над Андаманским морем.",
    pictures: ["terrace-1", "hero", "living-2"],
  },
  {
    name: "Banyan Pool Villa",
    building: "The Trees",
    unitCode: "V-02",
    at: [7.9556, 98.2903],
    type: "pool-villa",
    location: "Kamala",
    bedrooms: 3,
    bathrooms: 3,
    sizeM2: 260,
    floor: 1,
    status: "available",
    yearly: 135_000,
    facilities: [...VILLA, "housekeeping"],
    en: "A quiet three-bedroom Thai villa under one big hip roof, with a pool terrace in the shade of a mature banyan tree.",
    ru: "Тихая тайская вилла с тремя спальнями под большой вальмовой крышей, с террасой у бассейна в тени старого баньяна.",
    pictures: ["villa-6", "living-1"],
  },
  {
    name: "Frangipani Pool Villa",
    building: "The Trees",
    unitCode: "V-03",
    at: [7.9502, 98.2897],
    type: "pool-villa",
    location: "Kamala",
    bedrooms: 5,
    bathrooms: 5,
    sizeM2: 410,
    floor: 1,
    status: "occupied",
    days: 140,
    yearly: 250_000,
    facilities: [...VILLA, "cinema-room", "housekeeping", "chef-on-request"],
    en: "Our largest villa: two storeys, five en-suite bedrooms, a cinema room and a tropical garden around the pool, a short drive from Kamala beach.",
    ru: "Наша самая большая вилла: два этажа, пять спален с ванными, кинозал и тропический сад вокруг бассейна, недалеко от пляжа Камала.",
    pictures: ["villa-1", "living-3", "bathroom-1"],
  },
  {
    name: "Palm Court Pool Villa",
    building: "The Trees",
    unitCode: "V-04",
    at: [7.954, 98.2935],
    type: "pool-villa",
    location: "Kamala",
    bedrooms: 3,
    bathrooms: 3,
    sizeM2: 240,
    floor: 1,
    status: "soon",
    days: 21,
    yearly: 110_000,
    facilities: VILLA,
    en: "A bright two-storey villa with three bedrooms in the gated lane of The Trees, its pool framed by palms.",
    ru: "Светлая двухэтажная вилла с тремя спальнями на охраняемой улице The Trees, с бассейном в окружении пальм.",
    pictures: ["villa-3", "kitchen-1"],
  },
  {
    name: "Orchid Garden Villa",
    building: "The Trees",
    unitCode: "V-05",
    at: [7.9478, 98.2862],
    type: "pool-villa",
    location: "Kamala",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 180,
    floor: 1,
    status: "available",
    yearly: 100_000,
    facilities: VILLA,
    en: "A single-storey two-bedroom villa with a private pool, a sala and an orchid garden, a ten-minute walk from Kamala beach and its cafés.",
    ru: "Одноэтажная вилла с двумя спальнями, собственным бассейном, беседкой-салой и садом орхидей, в десяти минутах ходьбы от пляжа Камала и его кафе.",
    pictures: ["villa-5", "bedroom-1"],
  },
  {
    name: "Kamala Beach Villa",
    building: "The Trees",
    unitCode: "V-06",
    at: [7.9462, 98.2878],
    type: "pool-villa",
    location: "Kamala",
    bedrooms: 4,
    bathrooms: 4,
    sizeM2: 300,
    floor: 1,
    status: "available",
    yearly: 150_000,
    facilities: [...VILLA, "beach-access"],
    en: "A four-bedroom villa at the foot of the estate, five minutes on foot from the quiet north end of Kamala beach.",
    ru: "Вилла с четырьмя спальнями у подножия поместья, в пяти минутах пешком от тихой северной части пляжа Камала.",
    pictures: ["villa-2", "bathroom-1"],
  },
  {
    name: "Treetop Studio",
    building: "The Trees",
    unitCode: "A-101",
    at: TREES,
    type: "condo",
    location: "Kamala",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 32,
    floor: 1,
    status: "available",
    yearly: 18_000,
    facilities: CONDO,
    en: "A compact, well-planned studio with a garden-facing window wall, ideal for one person or a couple.",
    ru: "Компактная продуманная студия с панорамным окном в сад, идеальна для одного человека или пары.",
    pictures: ["bedroom-3", "condo-trees-1"],
  },
  {
    name: "Canopy One-Bedroom",
    building: "The Trees",
    unitCode: "A-204",
    at: TREES,
    type: "condo",
    location: "Kamala",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 45,
    floor: 2,
    status: "available",
    yearly: 25_000,
    facilities: CONDO,
    en: "A one-bedroom condo looking into the treetops, with a living room and dining table by the window.",
    ru: "Квартира с одной спальней и видом на кроны деревьев, с гостиной и обеденным столом у окна.",
    pictures: ["living-3", "condo-trees-2"],
  },
  {
    name: "Forest View Suite",
    building: "The Trees",
    unitCode: "A-305",
    at: TREES,
    type: "condo",
    location: "Kamala",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 78,
    floor: 3,
    status: "available",
    yearly: 45_000,
    facilities: [...CONDO, "co-working"],
    en: "A two-bedroom corner suite with a glass-fronted balcony over the estate's pool and gardens to Kamala bay.",
    ru: "Угловая квартира с двумя спальнями и стеклянным балконом с видом на бассейн и сады поместья до залива Камала.",
    pictures: ["terrace-2", "bedroom-2", "condo-trees-2"],
  },
  {
    name: "Skyline Two-Bedroom",
    building: "The Trees",
    unitCode: "B-402",
    at: TREES,
    type: "condo",
    location: "Kamala",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 92,
    floor: 4,
    status: "soon",
    days: 35,
    yearly: 52_000,
    facilities: [...CONDO, "sauna"],
    en: "A two-bedroom condo on the fourth floor with floor-to-ceiling windows onto the sea and a kitchen island facing the view.",
    ru: "Квартира с двумя спальнями на четвёртом этаже с окнами от пола до потолка на море и кухонным островом с видом.",
    pictures: ["living-2", "kitchen-2", "condo-trees-1"],
  },
  {
    name: "Rainforest Penthouse",
    building: "The Trees",
    unitCode: "B-601",
    at: TREES,
    type: "condo",
    location: "Kamala",
    bedrooms: 3,
    bathrooms: 3,
    sizeM2: 165,
    floor: 6,
    status: "available",
    yearly: 95_000,
    facilities: [...CONDO, "private-jacuzzi", "sea-view"],
    en: "The top floor of The Trees: three bedrooms, a private rooftop jacuzzi and a 180-degree view of the rainforest and the sea.",
    ru: "Верхний этаж The Trees: три спальни, собственное джакузи на крыше и панорамный вид на тропический лес и море.",
    pictures: ["living-2 flipped", "terrace-2", "bathroom-2", "condo-trees-2"],
  },
  {
    name: "Garden Terrace Condo",
    building: "The Trees",
    unitCode: "B-103",
    at: TREES,
    type: "condo",
    location: "Kamala",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 48,
    floor: 1,
    status: "occupied",
    days: 75,
    yearly: 28_000,
    facilities: CONDO,
    en: "A ground-floor one-bedroom with a private garden terrace that opens straight onto the lagoon pool.",
    ru: "Квартира с одной спальней на первом этаже с собственной террасой, выходящей прямо к бассейну-лагуне.",
    pictures: ["living-1", "condo-trees-1"],
  },
  {
    name: "Lagoon View Condo",
    building: "The Trees",
    unitCode: "C-207",
    at: TREES,
    type: "condo",
    location: "Kamala",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 85,
    floor: 2,
    status: "available",
    yearly: 62_000,
    facilities: [...CONDO, "kids-club"],
    en: "A family-friendly two-bedroom condo over the estate's lagoon pool, with a kids' club and a shuttle to Kamala beach.",
    ru: "Квартира с двумя спальнями для семьи с видом на бассейн-лагуну поместья, с детским клубом и трансфером до пляжа Камала.",
    pictures: ["bedroom-2", "bathroom-2"],
  },
  // Zen Space: a residence on the hill between Karon and Kata, its condo block and pool villas.
  {
    name: "Zen Studio",
    building: "Zen Space",
    unitCode: "Z-105",
    at: ZEN,
    type: "condo",
    location: "Karon",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 30,
    floor: 1,
    status: "available",
    yearly: 16_000,
    facilities: CONDO,
    en: "A calm studio on the garden side of Zen Space, a short walk down the hill to Karon beach and its restaurants.",
    ru: "Спокойная студия с видом на сад Zen Space, в нескольких минутах ходьбы вниз по холму до пляжа Карон и его ресторанов.",
    pictures: ["bedroom-1", "condo-zen-1"],
  },
  {
    name: "Zen Loft",
    building: "Zen Space",
    unitCode: "Z-311",
    at: ZEN,
    type: "condo",
    location: "Karon",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 52,
    floor: 3,
    status: "available",
    yearly: 32_000,
    facilities: [...CONDO, "co-working"],
    en: "A one-bedroom loft with a large living room and a study with a desk by the garden window, popular with remote workers.",
    ru: "Лофт с одной спальней, просторной гостиной и кабинетом с рабочим столом у окна в сад, любимый удалёнщиками.",
    pictures: ["living-3", "office", "condo-zen-1"],
  },
  {
    name: "Zen Sea View Suite",
    building: "Zen Space",
    unitCode: "Z-508",
    at: ZEN,
    type: "condo",
    location: "Karon",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 88,
    floor: 5,
    status: "available",
    yearly: 58_000,
    facilities: [...CONDO, "sea-view", "sauna"],
    en: "A two-bedroom suite on the fifth floor with a glass-fronted balcony over the gardens to the bay and the sunset.",
    ru: "Квартира с двумя спальнями на пятом этаже со стеклянным балконом с видом на сады, залив и закат.",
    pictures: ["terrace-2 flipped", "bedroom-2", "condo-zen-2"],
  },
  {
    name: "Zen Sky Penthouse",
    building: "Zen Space",
    unitCode: "Z-902",
    at: ZEN,
    type: "condo",
    location: "Karon",
    bedrooms: 3,
    bathrooms: 3,
    sizeM2: 180,
    floor: 9,
    status: "available",
    yearly: 120_000,
    facilities: [...CONDO, "private-pool", "sea-view"],
    en: "The top floor of Zen Space: three bedrooms, a private rooftop pool and the whole of Karon beach below.",
    ru: "Верхний этаж Zen Space: три спальни, собственный бассейн на крыше и весь пляж Карон под ногами.",
    pictures: ["kitchen-2", "condo-zen-2"],
  },
  {
    name: "Zen Garden Condo",
    building: "Zen Space",
    unitCode: "Z-204",
    at: ZEN,
    type: "condo",
    location: "Karon",
    bedrooms: 2,
    bathrooms: 1,
    sizeM2: 70,
    floor: 2,
    status: "soon",
    days: 12,
    yearly: 38_000,
    facilities: CONDO,
    en: "A two-bedroom condo on the second floor, its windows onto the residence's gardens: quiet, green, five minutes from Karon beach.",
    ru: "Квартира с двумя спальнями на втором этаже, окна выходят в сады резиденции: тихо, зелено, пять минут до пляжа Карон.",
    pictures: ["living-1", "bedroom-3", "condo-zen-2"],
  },
  {
    name: "Lotus Pool Villa",
    building: "Zen Space",
    unitCode: "ZV-01",
    at: [7.842, 98.3015],
    type: "pool-villa",
    location: "Karon",
    bedrooms: 3,
    bathrooms: 3,
    sizeM2: 230,
    floor: 1,
    status: "available",
    yearly: 98_000,
    facilities: VILLA,
    en: "A two-storey three-bedroom villa on the hill behind Karon, with a salt-water pool and a bathroom that opens onto the garden.",
    ru: "Двухэтажная вилла с тремя спальнями на холме за Кароном, с бассейном с морской водой и ванной комнатой, выходящей в сад.",
    pictures: ["villa-4", "bathroom-1"],
  },
  {
    name: "Bamboo Pool Villa",
    building: "Zen Space",
    unitCode: "ZV-02",
    at: [7.848, 98.303],
    type: "pool-villa",
    location: "Karon",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 170,
    floor: 1,
    status: "available",
    yearly: 70_000,
    facilities: VILLA,
    en: "A two-bedroom villa among bamboo and palms, with a private pool and an open kitchen that looks onto the garden.",
    ru: "Вилла с двумя спальнями среди бамбука и пальм, с собственным бассейном и открытой кухней с видом на сад.",
    pictures: ["villa-7", "kitchen-1"],
  },
  {
    name: "Serenity Pool Villa",
    building: "Zen Space",
    unitCode: "ZV-03",
    at: [7.844, 98.306],
    type: "pool-villa",
    location: "Karon",
    bedrooms: 4,
    bathrooms: 4,
    sizeM2: 290,
    floor: 1,
    status: "occupied",
    days: 200,
    yearly: 105_000,
    facilities: [...VILLA, "gym"],
    en: "A four-bedroom family villa under a Thai hip roof, with a home gym and a large lawn for children.",
    ru: "Семейная вилла с четырьмя спальнями под тайской вальмовой крышей, с домашним спортзалом и большой лужайкой для детей.",
    pictures: ["villa-6 flipped", "kitchen-1"],
  },
  {
    name: "Karon Hill Loft",
    building: "Zen Space",
    unitCode: "Z-402",
    at: ZEN,
    type: "condo",
    location: "Karon",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 55,
    floor: 4,
    status: "available",
    yearly: 22_000,
    facilities: CONDO,
    en: "A one-bedroom loft with a work corner by the window, a ten-minute walk from Karon's shops and the beach.",
    ru: "Лофт с одной спальней и рабочим местом у окна, в десяти минутах ходьбы от магазинов Карона и пляжа.",
    pictures: ["bedroom-1", "office"],
  },
  {
    name: "Heritage Two-Bedroom",
    building: "Zen Space",
    unitCode: "Z-406",
    at: ZEN,
    type: "condo",
    location: "Karon",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 90,
    floor: 4,
    status: "available",
    yearly: 35_000,
    facilities: [...CONDO, "co-working"],
    en: "A two-bedroom condo with a home office looking onto the garden, fifteen minutes' drive from the international schools of Chalong.",
    ru: "Квартира с двумя спальнями и кабинетом с окном в сад, в пятнадцати минутах езды от международных школ Чалонга.",
    pictures: ["office flipped", "condo-zen-1"],
  },
  {
    name: "Hillside Pool Villa",
    building: "Zen Space",
    unitCode: "ZV-04",
    at: [7.85, 98.3075],
    type: "pool-villa",
    location: "Karon",
    bedrooms: 4,
    bathrooms: 3,
    sizeM2: 310,
    floor: 1,
    status: "soon",
    days: 45,
    yearly: 85_000,
    facilities: VILLA,
    en: "A spacious single-storey villa with four bedrooms at the top of the Zen Space lane: more space for the money, ten minutes from Karon and Kata beaches.",
    ru: "Просторная одноэтажная вилла с четырьмя спальнями в конце улицы Zen Space: больше места за те же деньги, в десяти минутах от пляжей Карон и Ката.",
    pictures: ["villa-5 flipped", "bedroom-3"],
  },
  {
    name: "Karon Bay Condo",
    building: "Zen Space",
    unitCode: "Z-710",
    at: ZEN,
    type: "condo",
    location: "Karon",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 42,
    floor: 7,
    status: "occupied",
    // Beyond the calendar's 60-day horizon for "soon", so its lease's stay keeps it occupied.
    days: 95,
    yearly: 26_000,
    facilities: [...CONDO, "sea-view"],
    en: "A one-bedroom condo on the seventh floor with a view of Karon bay from the kitchen, three minutes from the beach.",
    ru: "Квартира с одной спальней на седьмом этаже с видом на залив Карон из кухни, в трёх минутах от пляжа.",
    pictures: ["kitchen-2", "bathroom-2"],
  },
];

/** Rounds to the nearest 500 baht, as rental prices are quoted. */
const roundPrice = (baht: number) => Math.round(baht / 500) * 500;

/** The day `days` after `today`'s day in Phuket. */
function isoDateInDays(today: Date, days: number): string {
  return plusDays(businessToday(today), days);
}

/**
 * The demo portfolio: seeded into an empty database and served as fallback data when the
 * database cannot be reached. Dates are relative to `today`, so the demo never looks stale.
 */
export function demoUnits(today: Date = new Date()): DemoUnit[] {
  const units = ROWS.map((row) => {
    const { en, ru, days, yearly, pictures: _p, at, ...fields } = row;
    return {
      ...fields,
      slug: slugify(`${row.name} ${row.unitCode}`),
      latitude: at[0],
      longitude: at[1],
      availableFrom: row.status === "soon" && days ? isoDateInDays(today, days) : null,
      rentedUntil: row.status === "occupied" && days ? isoDateInDays(today, days) : null,
      pricing: { yearly, sixMonth: roundPrice(yearly * 1.15), monthly: roundPrice(yearly * 1.35) },
      description: en,
      descriptionRu: ru,
    };
  });
  return units.map((unit, i) => ({ ...unit, pictures: (ROWS[i]?.pictures ?? []).map(toPicture) }));
}

function toPicture(shot: Shot): DemoPicture {
  const [name, flipped] = shot.split(" ") as [PictureName, string?];
  return flipped ? { name, mirrored: true } : { name };
}

/**
 * The media key of a demo unit's n-th picture (0-based). It names the picture too, so giving a
 * unit another picture makes a new file instead of keeping the one already stored.
 */
export function demoMediaKey(unit: Pick<DemoUnit, "slug" | "pictures">, index: number): string {
  const picture = unit.pictures[index];
  const id = picture ? pictureId(picture).replace(":", "-") : "none";
  return `demo/${unit.slug}-${index + 1}-${id}`;
}
