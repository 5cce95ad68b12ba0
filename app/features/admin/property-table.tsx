import { href, Link, useLocation } from "react-router";
import { labelOf, PROPERTY_TYPE_LABELS } from "../../i18n/admin-labels.ts";
import { en } from "../../i18n/en.ts";
import { formatBaht } from "../../lib/format.ts";
import {
  imageSrc,
  LEASE_PRICE_LABELS,
  type PropertyCardData,
  StatusBadges,
} from "./property-card.tsx";

const action =
  "rounded-lg px-2.5 py-1 text-sm font-semibold text-sea-900 ring-1 ring-sand-200 hover:bg-sand-100";

/**
 * The compact list of /admin: one row per property on a desktop; on a phone each row is a small
 * stacked card (the header is kept for screen readers only).
 */
export function PropertyTable({
  properties,
  onDelete,
}: {
  properties: PropertyCardData[];
  onDelete: (property: PropertyCardData) => void;
}) {
  const { search } = useLocation();
  return (
    <table className="block w-full text-left text-sm md:table md:rounded-xl md:bg-white md:shadow-sm md:ring-1 md:ring-sand-200">
      <caption className="sr-only">Properties</caption>
      <thead className="sr-only text-xs text-ink-500 uppercase md:not-sr-only md:table-header-group">
        <tr className="md:border-b md:border-sand-200">
          <th scope="col" className="px-3 py-2 font-semibold">
            <span className="sr-only">Photo</span>
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Property
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Building
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Type
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            Status
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            {LEASE_PRICE_LABELS.yearly}
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            {LEASE_PRICE_LABELS.monthly}
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 md:table-row-group">
        {properties.map((property) => {
          const src = imageSrc(property.images[0]);
          return (
            <tr
              key={property.id}
              data-testid="admin-property-row"
              className="grid grid-cols-[4.5rem_1fr] gap-x-3 gap-y-1 rounded-xl bg-white p-3 shadow-sm ring-1 ring-sand-200 md:table-row md:rounded-none md:p-0 md:shadow-none md:ring-0 md:[&:not(:last-child)]:border-b md:[&:not(:last-child)]:border-sand-100"
            >
              <td className="row-span-5 md:px-3 md:py-2">
                <div className="h-14 w-[4.5rem] overflow-hidden rounded-md bg-sand-100 md:h-12 md:w-16">
                  {src && (
                    <img src={src} alt="" className="size-full object-cover" loading="lazy" />
                  )}
                </div>
              </td>
              <td className="md:px-3 md:py-2">
                <span className="block font-semibold text-sea-900" data-testid="property-name">
                  {property.name}
                </span>
                <span className="block text-xs text-ink-500" data-testid="unit-code">
                  {property.unitCode}
                </span>
              </td>
              <td className="text-ink-600 md:px-3 md:py-2" data-testid="building">
                <span className="md:hidden">{property.building} · </span>
                <span className="hidden md:inline">{property.building}</span>
                <span className="md:hidden">{labelOf(PROPERTY_TYPE_LABELS, property.type)}</span>
              </td>
              <td className="hidden text-ink-600 md:table-cell md:px-3 md:py-2">
                {labelOf(PROPERTY_TYPE_LABELS, property.type)}
              </td>
              <td className="md:px-3 md:py-2">
                <StatusBadges property={property} className="flex-wrap" />
              </td>
              <td
                className="font-semibold text-sea-800 md:px-3 md:py-2 md:text-right md:whitespace-nowrap"
                data-testid="price-yearly"
              >
                {formatBaht(property.pricingYearly)}
                <span className="font-normal text-ink-500 md:hidden">
                  /month, {en.property.lease.yearly}
                </span>
              </td>
              <td
                className="col-start-2 text-ink-600 md:px-3 md:py-2 md:text-right md:font-semibold md:whitespace-nowrap md:text-sea-800"
                data-testid="price-monthly"
              >
                {formatBaht(property.pricingMonthly)}
                <span className="font-normal text-ink-500 md:hidden">
                  /month, {en.property.lease.monthly}
                </span>
              </td>
              <td className="col-span-2 pt-2 md:px-3 md:py-2">
                <div className="flex flex-wrap justify-end gap-1.5">
                  <Link
                    to={{
                      pathname: href("/admin/properties/:id", { id: String(property.id) }),
                      search,
                    }}
                    className="rounded-lg bg-sea-900 px-2.5 py-1 text-sm font-semibold text-white hover:bg-sea-700"
                    aria-label={`Edit ${property.name}`}
                  >
                    Edit
                  </Link>
                  <Link
                    to={href("/admin/properties/:id/calendar", { id: String(property.id) })}
                    className={action}
                    aria-label={`Calendar of ${property.name}`}
                  >
                    Calendar
                  </Link>
                  <Link
                    to={{
                      pathname: href("/admin/properties/:id/history", { id: String(property.id) }),
                      search,
                    }}
                    className={action}
                    aria-label={`History of ${property.name}`}
                  >
                    History
                  </Link>
                  <button
                    type="button"
                    onClick={() => onDelete(property)}
                    className="rounded-lg px-2.5 py-1 text-sm font-semibold text-rose-700 ring-1 ring-rose-200 hover:bg-rose-50"
                    aria-label={`Delete ${property.name}`}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
