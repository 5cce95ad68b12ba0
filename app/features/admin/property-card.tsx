import { href, Link, useLocation } from "react-router";
import type { PropertyStatus } from "../../domain/listing.ts";
import { labelOf, PROPERTY_STATUS_LABELS, PROPERTY_TYPE_LABELS } from "../../i18n/admin-labels.ts";
import { en } from "../../i18n/en.ts";
import { formatBaht, formatDate } from "../../lib/format.ts";
import { toUnitImage } from "../media/media-url.ts";
import type { ImageItem } from "./property-schema.ts";

const STATUS_STYLES: Record<PropertyStatus, string> = {
  available: "bg-emerald-700 text-white",
  soon: "bg-amber-400 text-amber-950",
  occupied: "bg-rose-600 text-white",
};

/** The public pages' words for each lease (`property.lease`), with the figure's unit. */
export const LEASE_PRICE_LABELS = {
  yearly: `${en.property.lease.yearly}, ฿/month`,
  sixMonth: `${en.property.lease.sixMonth}, ฿/month`,
  monthly: `${en.property.lease.monthly}, ฿/month`,
} as const;

export interface PropertyCardData {
  id: number;
  name: string;
  building: string;
  unitCode: string;
  status: string;
  type: string;
  bedrooms: number;
  sizeM2: number;
  pricingMonthly: number;
  pricingYearly: number;
  updatedAt: string;
  availableFrom: string | null;
  rentedUntil: string | null;
  statusOverride: boolean;
  images: ImageItem[];
}

export function imageSrc(image: ImageItem | undefined): string | null {
  if (!image) return null;
  if (image.kind === "url") return image.url;
  return toUnitImage({ ...image, url: null })?.src ?? null;
}

export function PropertyCard({
  property,
  onDelete,
}: {
  property: PropertyCardData;
  onDelete: () => void;
}) {
  const src = imageSrc(property.images[0]);
  const { search } = useLocation();
  return (
    <article
      data-testid="admin-property-card"
      className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-sand-200"
    >
      <div className="aspect-[8/4] bg-sand-100">
        {src && <img src={src} alt="" className="size-full object-cover" loading="lazy" />}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <div>
            <h2 className="font-semibold text-sea-900">{property.name}</h2>
            <p className="text-sm text-ink-500">
              {property.building} · {property.unitCode}
            </p>
          </div>
          <StatusBadges property={property} className="shrink-0 flex-col items-end" />
        </div>
        <p className="text-sm text-ink-600">
          {labelOf(PROPERTY_TYPE_LABELS, property.type)} · {property.bedrooms} bed ·{" "}
          {property.sizeM2} m²
        </p>
        <p className="font-semibold text-sea-800">
          {formatBaht(property.pricingYearly)}/month{" "}
          <span className="text-sm font-normal text-ink-500">{en.property.lease.yearly}</span>
        </p>
        {property.availableFrom && (
          <p className="text-sm text-amber-700">
            Available from {formatDate(property.availableFrom, "en")}
          </p>
        )}
        {property.rentedUntil && (
          <p className="text-sm text-rose-700">
            Rented until {formatDate(property.rentedUntil, "en")}
          </p>
        )}
        <div className="mt-auto flex gap-2 pt-2">
          <Link
            to={{ pathname: href("/admin/properties/:id", { id: String(property.id) }), search }}
            className="rounded-lg bg-sea-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-sea-700"
            aria-label={`Edit ${property.name}`}
          >
            Edit
          </Link>
          <Link
            to={{
              pathname: href("/admin/properties/:id/history", { id: String(property.id) }),
              search,
            }}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-sea-900 ring-1 ring-sand-200 hover:bg-sand-100"
            aria-label={`History of ${property.name}`}
          >
            History
          </Link>
          <Link
            to={href("/admin/properties/:id/calendar", { id: String(property.id) })}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-sea-900 ring-1 ring-sand-200 hover:bg-sand-100"
            aria-label={`Calendar of ${property.name}`}
          >
            Calendar
          </Link>
          <button
            type="button"
            onClick={onDelete}
            className="ml-auto rounded-lg px-3 py-1.5 text-sm font-semibold text-rose-700 ring-1 ring-rose-200 hover:bg-rose-50"
            aria-label={`Delete ${property.name}`}
          >
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}

/** The status badge, and "override" when the admin set status and dates by hand. */
export function StatusBadges({
  property,
  className = "",
}: {
  property: Pick<PropertyCardData, "status" | "statusOverride">;
  className?: string;
}) {
  return (
    <span className={`flex gap-1 ${className}`}>
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${Object.hasOwn(STATUS_STYLES, property.status) ? STATUS_STYLES[property.status as PropertyStatus] : ""}`}
      >
        {labelOf(PROPERTY_STATUS_LABELS, property.status)}
      </span>
      {property.statusOverride && (
        <span
          className="rounded-full px-2 py-0.5 text-xs font-semibold text-ink-900 ring-1 ring-ink-500"
          title="Status and dates set by hand: the calendar does not change them"
        >
          override
        </span>
      )}
    </span>
  );
}
