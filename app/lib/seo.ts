import { LANGUAGES, type Language, localizePath, sitePath } from "../i18n/languages.ts";
import type { Contacts } from "./contacts.ts";

/** An address on this site, made absolute from PUBLIC_URL (e.g. `https://example.com/ru/about`). */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  // sitePath: a path such as "//evil.example" stays a path on this site.
  return `${publicUrl}${sitePath(pathOrUrl)}`;
}

/** The canonical address of a page: its path in its language, without filters or paging. */
export function canonicalUrl(publicUrl: string, pathname: string): string {
  return absoluteUrl(publicUrl, pathname);
}

/** The page in each language, and `x-default` (English, the default) for any other. */
export function alternateLinks(
  publicUrl: string,
  pathname: string,
): { hrefLang: string; href: string }[] {
  return [
    ...LANGUAGES.map((lang) => ({
      hrefLang: lang,
      href: absoluteUrl(publicUrl, localizePath(pathname, lang)),
    })),
    { hrefLang: "x-default", href: absoluteUrl(publicUrl, localizePath(pathname, "en")) },
  ];
}

export interface SocialCard {
  publicUrl: string;
  siteName: string;
  pathname: string;
  lang: Language;
  title: string;
  description: string;
  /** A path or absolute URL; made absolute here. */
  image?: string | undefined;
  type?: "website" | "article";
}

/** Open Graph and Twitter card tags for a page, every address absolute. */
export function socialMeta(card: SocialCard) {
  const image = card.image ? absoluteUrl(card.publicUrl, card.image) : undefined;
  return [
    { property: "og:site_name", content: card.siteName },
    { property: "og:type", content: card.type ?? "website" },
    { property: "og:url", content: canonicalUrl(card.publicUrl, card.pathname) },
    { property: "og:title", content: card.title },
    { property: "og:description", content: card.description },
    { property: "og:locale", content: card.lang === "ru" ? "ru_RU" : "en_US" },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: card.title },
    { name: "twitter:description", content: card.description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
}

export type JsonLd = Record<string, unknown>;

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` are written as \u escapes,
 * so no stored text (a unit's description, a post's title) can close the script element and
 * start markup of its own; U+2028/2029 likewise, for old JavaScript parsers.
 */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The company as a real-estate agent: the office, its address and how to reach the desk. */
export function companyJsonLd(contacts: Contacts, publicUrl: string, lang: Language): JsonLd {
  const postalCode = /\b\d{5}\b/.exec(contacts.officeAddress)?.[0];
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    "@id": `${absoluteUrl(publicUrl, "/")}#company`,
    name: contacts.brandName,
    url: absoluteUrl(publicUrl, localizePath("/", lang)),
    logo: absoluteUrl(publicUrl, "/favicon.svg"),
    image: absoluteUrl(publicUrl, "/media/site/hero-960.webp"),
    telephone: contacts.phone,
    email: contacts.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: contacts.officeAddress,
      addressRegion: "Phuket",
      ...(postalCode ? { postalCode } : {}),
      addressCountry: "TH",
    },
    geo: {
      "@type": "GeoCoordinates",
      latitude: contacts.officePosition.latitude,
      longitude: contacts.officePosition.longitude,
    },
    areaServed: { "@type": "Place", name: "Phuket, Thailand" },
    sameAs: [`https://wa.me/${contacts.whatsapp}`, `https://t.me/${contacts.telegram}`],
  };
}

/** Where a page sits: each step a name and a path on this site. */
export function breadcrumbJsonLd(
  steps: { name: string; path: string }[],
  publicUrl: string,
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: absoluteUrl(publicUrl, step.path),
    })),
  };
}
