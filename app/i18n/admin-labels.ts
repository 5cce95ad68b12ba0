/**
 * The desk's names of the site's kinds and states: the admin panel and the alerts to the desk are
 * in English only, as the desk works in English. Each map is typed by its union, so a new status,
 * type or kind without a label does not compile. Where the public site names the same thing, the
 * name comes from the English catalogue, so the two never drift apart.
 */
import type { LeadKind } from "../domain/leads.ts";
import type { PropertyStatus, PropertyType } from "../domain/listing.ts";
import {
  REVENUE_SHARE_COMPANY_PERCENT,
  REVENUE_SHARE_OWNER_PERCENT,
  ROI_RATE_PERCENT,
  type RoiPropertyType,
} from "../domain/owner-programs.ts";
import { en } from "./en.ts";

export const PROPERTY_STATUS_LABELS: Record<PropertyStatus, string> = {
  available: en.status.available,
  soon: en.status.soon,
  occupied: en.status.occupied,
};

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = en.property.type;

/** The calculator's property types, which a ROI lead stores. */
export const ROI_PROPERTY_TYPE_LABELS: Record<RoiPropertyType, string> = en.roi.types;

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  roi: `ROI ${ROI_RATE_PERCENT}% program`,
  "revenue-share": `${REVENUE_SHARE_OWNER_PERCENT}:${REVENUE_SHARE_COMPANY_PERCENT} revenue share`,
  "unit-enquiry": "Unit enquiry",
  contact: "Contact",
  newsletter: "Newsletter",
  "availability-alert": "Notify me when it is free",
  viewing: "Viewing request",
  accessibility: "Accessibility problem",
};

/** A label from a typed map for a value read from the database as a plain string. */
export function labelOf<K extends string>(labels: Record<K, string>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value as K] : value;
}
