import { href } from "react-router";
import type { Language } from "../i18n/languages.ts";

/**
 * A unit's page in `lang` (/units/<slug>, /ru/units/<slug>): the one place that spells it, from
 * the route map's own patterns, so a renamed route fails the type check here rather than leaving
 * links that lead nowhere.
 */
export function unitPath(slug: string, lang: Language): string {
  return lang === "ru" ? href("/ru/units/:slug", { slug }) : href("/units/:slug", { slug });
}

/** A unit's busy periods as iCal, one address whatever the language. */
export function unitCalendarPath(slug: string): string {
  return href("/units/:slug/calendar.ics", { slug });
}

/** The page that books a viewing of a unit, in `lang`. */
export function unitViewingPath(slug: string, lang: Language): string {
  return lang === "ru"
    ? href("/ru/units/:slug/viewing", { slug })
    : href("/units/:slug/viewing", { slug });
}
