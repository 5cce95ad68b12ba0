import type { Language } from "../../i18n/languages.ts";
import { absoluteUrl, type JsonLd } from "../../lib/seo.ts";
import { unitPath } from "../../lib/site-paths.ts";

/** What structured data needs of a unit (the listing feature's UnitDetail has it all). */
export interface SeoUnit {
  slug: string;
  name: string;
  type: string;
  location: string;
  bedrooms: number;
  bathrooms: number;
  sizeM2: number;
  floor: number;
  status: string;
  availableFrom: string | null;
  pricing: { yearly: number; sixMonth: number; monthly: number };
  images: { src: string }[];
  description: string;
  descriptionRu: string;
}

/** Lease lengths a unit is offered for, with the months each runs and the price field. */
export const LEASES = [
  { key: "yearly", months: 12, name: "1-year lease" },
  { key: "sixMonth", months: 6, name: "6-month lease" },
  { key: "monthly", months: 1, name: "1-month lease" },
] as const;

/**
 * A unit as an accommodation (an Apartment for a condo, a House for a pool villa) with its rooms
 * and floor size, and one offer per lease length: the monthly rent in baht.
 */
export function unitJsonLd(
  unit: SeoUnit,
  publicUrl: string,
  lang: Language,
  company: string,
): JsonLd {
  const url = absoluteUrl(publicUrl, unitPath(unit.slug, lang));
  const available = unit.status === "available";
  return {
    "@context": "https://schema.org",
    // Product as well, so that the offers below are a property the type has.
    "@type": [unit.type === "condo" ? "Apartment" : "House", "Product"],
    "@id": `${url}#unit`,
    name: unit.name,
    description: (lang === "ru" && unit.descriptionRu) || unit.description,
    url,
    ...(unit.images.length > 0
      ? { image: unit.images.map((image) => absoluteUrl(publicUrl, image.src)) }
      : {}),
    numberOfBedrooms: unit.bedrooms,
    numberOfBathroomsTotal: unit.bathrooms,
    floorSize: { "@type": "QuantitativeValue", value: unit.sizeM2, unitCode: "MTK" },
    floorLevel: String(unit.floor),
    address: {
      "@type": "PostalAddress",
      addressLocality: unit.location,
      addressRegion: "Phuket",
      addressCountry: "TH",
    },
    offers: LEASES.map((lease) => ({
      "@type": "Offer",
      name: lease.name,
      url,
      price: unit.pricing[lease.key],
      priceCurrency: "THB",
      businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
      availability: available ? "https://schema.org/InStock" : "https://schema.org/PreOrder",
      ...(unit.availableFrom ? { availabilityStarts: unit.availableFrom } : {}),
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: unit.pricing[lease.key],
        priceCurrency: "THB",
        unitCode: "MON",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
      },
      eligibleDuration: { "@type": "QuantitativeValue", value: lease.months, unitCode: "MON" },
      seller: { "@type": "RealEstateAgent", name: company },
    })),
  };
}
