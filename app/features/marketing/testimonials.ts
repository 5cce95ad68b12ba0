import type { Language } from "../../i18n/languages.ts";

export interface Testimonial {
  name: string;
  location: Record<Language, string>;
  /** Initials shown in the avatar circle. */
  avatar: string;
  quote: Record<Language, string>;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: "Sarah Mitchell",
    location: { en: "Kamala, from London", ru: "Камала, из Лондона" },
    avatar: "SM",
    quote: {
      en: "We moved with two children and a dog. The team found us a villa near the school, fixed the pool pump on a Sunday and never once made us chase them.",
      ru: "Мы переехали с двумя детьми и собакой. Команда нашла нам виллу рядом со школой, починила насос бассейна в воскресенье и ни разу не заставила нас ждать.",
    },
  },
  {
    name: "Дмитрий Волков",
    location: { en: "Rawai, from Novosibirsk", ru: "Раваи, из Новосибирска" },
    avatar: "ДВ",
    quote: {
      en: "I rented for a month to try island life and stayed for a year. Clear contract, honest prices, and they answer in Russian at any hour.",
      ru: "Снял квартиру на месяц, чтобы попробовать жизнь на острове, и остался на год. Понятный договор, честные цены и ответ на русском в любое время.",
    },
  },
  {
    name: "Thomas Becker",
    location: { en: "Bang Tao, from Munich", ru: "Банг Тао, из Мюнхена" },
    avatar: "TB",
    quote: {
      en: "As an owner abroad I get a statement every month and photos of every repair. My villa earns more than when I managed it myself.",
      ru: "Я владелец и живу за границей, но каждый месяц получаю отчёт и фотографии каждого ремонта. Вилла приносит больше, чем когда я управлял ею сам.",
    },
  },
];
