import { slugify } from "../../lib/slug.ts";
import { type DemoPicture, type PictureKind, picturesOf } from "../media/demo-pictures.server.ts";
import { compareListingOrder, type UnitDetail } from "./unit.ts";

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
  pictures: number;
  /** Latitude and longitude: on land in the unit's area (the condos: their building's). */
  at: [number, number];
}

const VILLA = ["Private pool", "Garden", "Sala", "BBQ", "Parking", "WiFi", "Air conditioning"];
const CONDO = ["Pool", "Gym", "Security", "WiFi", "Parking", "Air conditioning"];

// The condo buildings: every unit in one shares its position.
const TREES_KAMALA: [number, number] = [7.9523, 98.2848];
const TREES_SURIN: [number, number] = [7.9712, 98.2838];
const TREES_BANG_TAO: [number, number] = [7.9995, 98.2985];
const ZEN_PATONG: [number, number] = [7.8935, 98.2995];
const ZEN_KARON: [number, number] = [7.8455, 98.2975];
const ZEN_TOWN: [number, number] = [7.8843, 98.3878];

const ROWS: Row[] = [
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
    facilities: [...VILLA, "Sea view", "Housekeeping"],
    en: "A four-bedroom villa on the green hillside above Kamala bay, with a 12-metre infinity pool and sunset views over the Andaman Sea.",
    ru: "Вилла с четырьмя спальнями на зелёном склоне над заливом Камала, с 12-метровым бассейном-инфинити и видом на закат над Андаманским морем.",
    pictures: 6,
  },
  {
    name: "Banyan Pool Villa",
    building: "The Trees",
    unitCode: "V-02",
    at: [7.9752, 98.2845],
    type: "pool-villa",
    location: "Surin",
    bedrooms: 3,
    bathrooms: 3,
    sizeM2: 260,
    floor: 1,
    status: "available",
    yearly: 135_000,
    facilities: [...VILLA, "Housekeeping"],
    en: "A quiet three-bedroom villa five minutes from Surin beach, built around a shaded pool terrace and a mature banyan tree.",
    ru: "Тихая вилла с тремя спальнями в пяти минутах от пляжа Сурин, вокруг тенистой террасы с бассейном и старого баньяна.",
    pictures: 5,
  },
  {
    name: "Frangipani Pool Villa",
    building: "The Trees",
    unitCode: "V-03",
    at: [8.0048, 98.2982],
    type: "pool-villa",
    location: "Bang Tao",
    bedrooms: 5,
    bathrooms: 5,
    sizeM2: 410,
    floor: 1,
    status: "occupied",
    days: 140,
    yearly: 250_000,
    facilities: [...VILLA, "Cinema room", "Housekeeping", "Chef on request"],
    en: "Our largest villa: five en-suite bedrooms, a cinema room and a tropical garden a short walk from Bang Tao beach.",
    ru: "Наша самая большая вилла: пять спален с ванными, кинозал и тропический сад в нескольких минутах ходьбы от пляжа Банг Тао.",
    pictures: 6,
  },
  {
    name: "Palm Court Pool Villa",
    building: "The Trees",
    unitCode: "V-04",
    at: [7.9935, 98.3095],
    type: "pool-villa",
    location: "Cherng Talay",
    bedrooms: 3,
    bathrooms: 3,
    sizeM2: 240,
    floor: 1,
    status: "soon",
    days: 21,
    yearly: 110_000,
    facilities: VILLA,
    en: "A bright three-bedroom villa in a gated community in Cherng Talay, close to international schools and Boat Avenue.",
    ru: "Светлая вилла с тремя спальнями в охраняемом посёлке в Чернг Талай, рядом с международными школами и Boat Avenue.",
    pictures: 4,
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
    en: "A two-bedroom villa with a plunge pool and an orchid garden, a ten-minute walk from Kamala beach and its cafés.",
    ru: "Вилла с двумя спальнями, небольшим бассейном и садом орхидей, в десяти минутах ходьбы от пляжа Камала и его кафе.",
    pictures: 4,
  },
  {
    name: "Mai Khao Beach Villa",
    building: "The Trees",
    unitCode: "V-06",
    at: [8.1262, 98.3035],
    type: "pool-villa",
    location: "Mai Khao",
    bedrooms: 4,
    bathrooms: 4,
    sizeM2: 300,
    floor: 1,
    status: "available",
    yearly: 150_000,
    facilities: [...VILLA, "Beach access"],
    en: "A four-bedroom villa behind the dunes of Mai Khao, the island's longest and calmest beach, fifteen minutes from the airport.",
    ru: "Вилла с четырьмя спальнями за дюнами Май Кхао, самого длинного и спокойного пляжа острова, в пятнадцати минутах от аэропорта.",
    pictures: 5,
  },
  {
    name: "Treetop Studio",
    building: "The Trees",
    unitCode: "A-101",
    at: TREES_KAMALA,
    type: "condo",
    location: "Kamala",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 32,
    floor: 1,
    status: "available",
    yearly: 18_000,
    facilities: CONDO,
    en: "A compact, well-planned studio with a garden-facing balcony, ideal for one person or a couple.",
    ru: "Компактная продуманная студия с балконом в сад, идеальна для одного человека или пары.",
    pictures: 3,
  },
  {
    name: "Canopy One-Bedroom",
    building: "The Trees",
    unitCode: "A-204",
    at: TREES_KAMALA,
    type: "condo",
    location: "Kamala",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 45,
    floor: 2,
    status: "available",
    yearly: 25_000,
    facilities: CONDO,
    en: "A one-bedroom condo looking into the treetops, with a full kitchen and a walk-in shower.",
    ru: "Квартира с одной спальней и видом на кроны деревьев, с полноценной кухней и душевой.",
    pictures: 4,
  },
  {
    name: "Forest View Suite",
    building: "The Trees",
    unitCode: "A-305",
    at: TREES_KAMALA,
    type: "condo",
    location: "Kamala",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 78,
    floor: 3,
    status: "available",
    yearly: 45_000,
    facilities: [...CONDO, "Co-working"],
    en: "A two-bedroom corner suite with a wraparound balcony over the forest and a glimpse of the sea.",
    ru: "Угловая квартира с двумя спальнями и круговым балконом с видом на лес и кусочек моря.",
    pictures: 5,
  },
  {
    name: "Skyline Two-Bedroom",
    building: "The Trees",
    unitCode: "B-402",
    at: TREES_SURIN,
    type: "condo",
    location: "Surin",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 92,
    floor: 4,
    status: "soon",
    days: 35,
    yearly: 52_000,
    facilities: [...CONDO, "Sauna"],
    en: "A two-bedroom condo on the fourth floor with sea views, a short drive from Surin and Bang Tao beaches.",
    ru: "Квартира с двумя спальнями на четвёртом этаже с видом на море, недалеко от пляжей Сурин и Банг Тао.",
    pictures: 4,
  },
  {
    name: "Rainforest Penthouse",
    building: "The Trees",
    unitCode: "B-601",
    at: TREES_SURIN,
    type: "condo",
    location: "Surin",
    bedrooms: 3,
    bathrooms: 3,
    sizeM2: 165,
    floor: 6,
    status: "available",
    yearly: 95_000,
    facilities: [...CONDO, "Private jacuzzi", "Sea view"],
    en: "A three-bedroom penthouse with a private rooftop jacuzzi and a 180-degree view of the rainforest and the sea.",
    ru: "Пентхаус с тремя спальнями, собственным джакузи на крыше и панорамным видом на тропический лес и море.",
    pictures: 6,
  },
  {
    name: "Garden Terrace Condo",
    building: "The Trees",
    unitCode: "B-103",
    at: TREES_BANG_TAO,
    type: "condo",
    location: "Bang Tao",
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
    pictures: 3,
  },
  {
    name: "Lagoon View Condo",
    building: "The Trees",
    unitCode: "C-207",
    at: TREES_BANG_TAO,
    type: "condo",
    location: "Bang Tao",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 85,
    floor: 2,
    status: "available",
    yearly: 62_000,
    facilities: [...CONDO, "Kids club"],
    en: "A family-friendly two-bedroom condo overlooking the Laguna lagoons, with a shuttle to the beach.",
    ru: "Квартира с двумя спальнями для семьи с видом на лагуны Лагуны и трансфером до пляжа.",
    pictures: 5,
  },
  {
    name: "Zen Studio",
    building: "Zen Space",
    unitCode: "Z-105",
    at: ZEN_PATONG,
    type: "condo",
    location: "Patong",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 30,
    floor: 1,
    status: "available",
    yearly: 16_000,
    facilities: CONDO,
    en: "A calm studio a few streets back from Patong's nightlife: everything within walking distance, and a quiet night's sleep.",
    ru: "Спокойная студия в нескольких кварталах от ночной жизни Патонга: всё рядом, а ночью тихо.",
    pictures: 3,
  },
  {
    name: "Zen Loft",
    building: "Zen Space",
    unitCode: "Z-311",
    at: ZEN_PATONG,
    type: "condo",
    location: "Patong",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 52,
    floor: 3,
    status: "available",
    yearly: 32_000,
    facilities: [...CONDO, "Co-working"],
    en: "A double-height loft with a mezzanine bedroom and a desk by the window, popular with remote workers.",
    ru: "Лофт с двусветным пространством, спальней на антресоли и рабочим местом у окна, любимый удалёнщиками.",
    pictures: 4,
  },
  {
    name: "Zen Sea View Suite",
    building: "Zen Space",
    unitCode: "Z-508",
    at: [7.8205, 98.3025],
    type: "condo",
    location: "Kata",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 88,
    floor: 5,
    status: "available",
    yearly: 58_000,
    facilities: [...CONDO, "Sea view", "Sauna"],
    en: "A two-bedroom suite above Kata with a wide balcony facing the bay and the sunset.",
    ru: "Квартира с двумя спальнями над Катой с широким балконом на залив и закат.",
    pictures: 5,
  },
  {
    name: "Zen Sky Penthouse",
    building: "Zen Space",
    unitCode: "Z-902",
    at: ZEN_KARON,
    type: "condo",
    location: "Karon",
    bedrooms: 3,
    bathrooms: 3,
    sizeM2: 180,
    floor: 9,
    status: "available",
    yearly: 120_000,
    facilities: [...CONDO, "Private pool", "Sea view"],
    en: "The top floor of Zen Space Karon: three bedrooms, a private rooftop pool and the whole of Karon beach below.",
    ru: "Верхний этаж Zen Space Карон: три спальни, собственный бассейн на крыше и весь пляж Карон под ногами.",
    pictures: 6,
  },
  {
    name: "Zen Garden Condo",
    building: "Zen Space",
    unitCode: "Z-204",
    at: [7.7795, 98.3255],
    type: "condo",
    location: "Rawai",
    bedrooms: 2,
    bathrooms: 1,
    sizeM2: 70,
    floor: 2,
    status: "soon",
    days: 12,
    yearly: 38_000,
    facilities: CONDO,
    en: "A two-bedroom condo in a low-rise garden building in Rawai, near the seafood market and the island's best sunsets.",
    ru: "Квартира с двумя спальнями в малоэтажном доме с садом в Раваи, рядом с рыбным рынком и лучшими закатами острова.",
    pictures: 4,
  },
  {
    name: "Lotus Pool Villa",
    building: "Zen Space",
    unitCode: "ZV-01",
    at: [7.7812, 98.3088],
    type: "pool-villa",
    location: "Nai Harn",
    bedrooms: 3,
    bathrooms: 3,
    sizeM2: 230,
    floor: 1,
    status: "available",
    yearly: 98_000,
    facilities: VILLA,
    en: "A three-bedroom villa in the hills above Nai Harn lake, with a salt-water pool and an outdoor rain shower.",
    ru: "Вилла с тремя спальнями на холмах над озером Най Харн, с бассейном с морской водой и уличным тропическим душем.",
    pictures: 5,
  },
  {
    name: "Bamboo Pool Villa",
    building: "Zen Space",
    unitCode: "ZV-02",
    at: [7.7748, 98.3195],
    type: "pool-villa",
    location: "Rawai",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 170,
    floor: 1,
    status: "available",
    yearly: 70_000,
    facilities: VILLA,
    en: "A two-bedroom villa wrapped in bamboo, with a private pool and an open living room that disappears into the garden.",
    ru: "Вилла с двумя спальнями в окружении бамбука, с бассейном и открытой гостиной, переходящей в сад.",
    pictures: 4,
  },
  {
    name: "Serenity Pool Villa",
    building: "Zen Space",
    unitCode: "ZV-03",
    at: [7.8455, 98.3365],
    type: "pool-villa",
    location: "Chalong",
    bedrooms: 4,
    bathrooms: 4,
    sizeM2: 290,
    floor: 1,
    status: "occupied",
    days: 200,
    yearly: 105_000,
    facilities: [...VILLA, "Gym"],
    en: "A four-bedroom family villa near Chalong pier, with a home gym and a large lawn for children.",
    ru: "Семейная вилла с четырьмя спальнями рядом с пирсом Чалонг, с домашним спортзалом и большой лужайкой для детей.",
    pictures: 5,
  },
  {
    name: "Old Town Loft",
    building: "Zen Space",
    unitCode: "Z-402",
    at: ZEN_TOWN,
    type: "condo",
    location: "Phuket Town",
    bedrooms: 1,
    bathrooms: 1,
    sizeM2: 55,
    floor: 4,
    status: "available",
    yearly: 22_000,
    facilities: CONDO,
    en: "A one-bedroom loft a walk away from the Sino-Portuguese streets, cafés and Sunday market of Phuket Old Town.",
    ru: "Лофт с одной спальней рядом с сино-португальскими улочками, кафе и воскресным рынком Старого города Пхукета.",
    pictures: 3,
  },
  {
    name: "Heritage Two-Bedroom",
    building: "Zen Space",
    unitCode: "Z-406",
    at: ZEN_TOWN,
    type: "condo",
    location: "Phuket Town",
    bedrooms: 2,
    bathrooms: 2,
    sizeM2: 90,
    floor: 4,
    status: "available",
    yearly: 35_000,
    facilities: [...CONDO, "Co-working"],
    en: "A two-bedroom condo in town with room for a home office, close to hospitals, schools and Central Phuket.",
    ru: "Квартира с двумя спальнями в городе с местом для кабинета, рядом с больницами, школами и Central Phuket.",
    pictures: 4,
  },
  {
    name: "Hillside Pool Villa",
    building: "Zen Space",
    unitCode: "ZV-04",
    at: [8.0265, 98.3385],
    type: "pool-villa",
    location: "Thalang",
    bedrooms: 4,
    bathrooms: 3,
    sizeM2: 310,
    floor: 1,
    status: "soon",
    days: 45,
    yearly: 85_000,
    facilities: VILLA,
    en: "A spacious four-bedroom villa among rubber trees in Thalang: more space for the money, twenty minutes from the west-coast beaches.",
    ru: "Просторная вилла с четырьмя спальнями среди каучуковых деревьев в Таланге: больше места за те же деньги, в двадцати минутах от пляжей западного побережья.",
    pictures: 5,
  },
  {
    name: "Karon Bay Condo",
    building: "Zen Space",
    unitCode: "Z-710",
    at: ZEN_KARON,
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
    facilities: [...CONDO, "Sea view"],
    en: "A one-bedroom condo on the seventh floor with a view of Karon bay, three minutes from the beach.",
    ru: "Квартира с одной спальней на седьмом этаже с видом на залив Карон, в трёх минутах от пляжа.",
    pictures: 3,
  },
];

/** What each of a unit's pictures shows, in order; the first is the listing card's. */
type Shot = PictureKind | "building";
const VILLA_SHOTS: Shot[] = ["villa", "living", "pool-deck", "bedroom", "bathroom", "kitchen"];
const CONDO_SHOTS: Shot[] = ["building", "living", "bedroom", "balcony", "bathroom", "kitchen"];

/** Rounds to the nearest 500 baht, as rental prices are quoted. */
const roundPrice = (baht: number) => Math.round(baht / 500) * 500;

function isoDateInDays(today: Date, days: number): string {
  const d = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days),
  );
  return d.toISOString().slice(0, 10);
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
  const pictures = dealPictures(units);
  return units.map((unit, i) => ({
    ...unit,
    pictures: pictures.get(unit.slug)?.slice(0, ROWS[i]?.pictures) ?? [],
  }));
}

/**
 * Deals the rendered pictures to the units in the listing's default order. Each group (the
 * villas, each building's condos) takes its exteriors in turn, so two cards side by side never
 * open on the same picture. Rooms are counted like digits of a number (the living room changes
 * from one unit to the next, the bedroom each time the living rooms have all been shown, and so
 * on), so two villas or two condos show the same rooms only once every combination has been
 * used. Villas look onto the garden, condos onto the sea.
 */
function dealPictures(units: Omit<DemoUnit, "pictures">[]): Map<string, DemoPicture[]> {
  const dealt = new Map<string, DemoPicture[]>();
  const counters = new Map<string, number>();
  const count = (group: string) => {
    const n = counters.get(group) ?? 0;
    counters.set(group, n + 1);
    return n;
  };
  for (const unit of [...units].sort(compareListingOrder)) {
    const villa = unit.type === "pool-villa";
    const view = villa ? "garden" : "sea";
    const shots = villa ? VILLA_SHOTS : CONDO_SHOTS;
    const outside: PictureKind = villa
      ? "villa"
      : unit.building === "Zen Space"
        ? "zen-space"
        : "the-trees";
    const exteriors = picturesOf(outside);
    const n = count(view);
    let place = 1;
    const digit = new Map<PictureKind, number>();
    for (const shot of shots) {
      if (shot === "building" || shot === "villa" || digit.has(shot)) continue;
      const size = picturesOf(shot, view).length;
      digit.set(shot, Math.floor(n / place) % size);
      place *= size;
    }
    const seen = new Map<PictureKind, number>();
    dealt.set(
      unit.slug,
      shots.map((shot) => {
        if (shot === "villa" || shot === "building")
          return exteriors[count(outside) % exteriors.length] as DemoPicture;
        // A kind shown twice in a unit (a second bedroom) takes the next picture of its pile.
        const pile = picturesOf(shot, view);
        const again = seen.get(shot) ?? 0;
        seen.set(shot, again + 1);
        return pile[((digit.get(shot) ?? 0) + again) % pile.length] as DemoPicture;
      }),
    );
  }
  return dealt;
}

/** The media key of a demo unit's n-th picture (0-based). */
export function demoMediaKey(slug: string, index: number): string {
  return `demo/${slug}-${index + 1}`;
}
