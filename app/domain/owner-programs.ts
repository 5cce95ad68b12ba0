/**
 * The two owner programs' constants and the ROI projection: one place used by the calculator,
 * the home page section, the revenue-share dialog, the PDF brochure, the owner dashboard sample
 * and the ROI lead.
 */
import { BEDROOM_OPTIONS, type BedroomOption } from "./listing.ts";
import { isOneOf } from "./values.ts";

/** The ROI program's fixed annual return, in percent of the property value. */
export const ROI_RATE_PERCENT = 7;
export const ROI_PROJECTION_YEARS = 5;
export const ROI_FREE_NIGHTS = 15;
/** The ROI program pays quarterly: four payouts a year, each a quarter of the annual return. */
export const ROI_PAYOUTS_PER_YEAR = 4;

/** The revenue-share program's split of a unit's rental income, in percent. */
export const REVENUE_SHARE_OWNER_PERCENT = 70;
export const REVENUE_SHARE_COMPANY_PERCENT = 30;

export const REVENUE_SHARE_RETURN_RANGE = { min: 8, max: 15 } as const;
export const REVENUE_SHARE_EXAMPLES = [12.5, 10.8, 14.2] as const;

/** Locations offered by the calculator (a different list from the listing filter's). */
export const ROI_LOCATIONS = [
  "Kamala",
  "Bang Tao",
  "Surin",
  "Cherng Talay",
  "Patong",
  "Kata",
  "Karon",
  "Rawai",
  "Nai Harn",
] as const;
export type RoiLocation = (typeof ROI_LOCATIONS)[number];

export const ROI_PROPERTY_TYPES = ["pool-villa", "condo", "penthouse", "townhouse"] as const;
export type RoiPropertyType = (typeof ROI_PROPERTY_TYPES)[number];

/** The largest property value the calculator accepts (a hundred billion baht). */
export const ROI_MAX_VALUE = 100_000_000_000;

export interface RoiProjection {
  propertyValue: number;
  annual: number;
  quarterly: number;
  monthly: number;
  fiveYearTotal: number;
  freeNights: number;
}

/**
 * The ROI 7% program's projection for a property value in baht, in whole baht: the annual return
 * is rounded once, and the payouts are derived from that rounded figure (quarterly a quarter,
 * monthly a twelfth, each rounded), so that every figure shown agrees with the contract's annual.
 * Null when the value is not a positive, finite number.
 */
export function projectRoi(propertyValue: number): RoiProjection | null {
  if (!Number.isFinite(propertyValue) || propertyValue <= 0) return null;
  // Percent times value first: exact in integers, so halves round up as they should.
  const annual = Math.round((propertyValue * ROI_RATE_PERCENT) / 100);
  return {
    propertyValue,
    annual,
    quarterly: Math.round(annual / ROI_PAYOUTS_PER_YEAR),
    monthly: Math.round(annual / 12),
    fiveYearTotal: annual * ROI_PROJECTION_YEARS,
    freeNights: ROI_FREE_NIGHTS,
  };
}

/** "12,345,678", "12 345 678", "฿12345678" → 12345678; anything else → NaN. */
export function parseBahtAmount(text: string | null | undefined): number {
  const cleaned = (text ?? "").replace(/[\s,฿_\u00a0\u202f]/g, "");
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

export interface RoiCalculatorInput {
  value: string;
  location: string;
  type: string;
  bedrooms: string;
}

export interface ValidRoiInput {
  propertyValue: number;
  location: RoiLocation;
  type: RoiPropertyType;
  bedrooms: BedroomOption | null;
}

/**
 * The calculator's field names in forms and in the query string. They differ from the listing
 * filter's (`location`, `type`, `bedrooms`), which the home page under the dialog reads.
 */
export const ROI_INPUT_NAMES = {
  value: "value",
  location: "area",
  type: "property",
  bedrooms: "beds",
} as const satisfies Record<keyof RoiCalculatorInput, string>;

/** The calculator's fields as typed (or from the query string). */
export function readRoiInput(params: URLSearchParams | FormData): RoiCalculatorInput {
  const get = (key: keyof RoiCalculatorInput) => {
    const v = params.get(ROI_INPUT_NAMES[key]);
    return typeof v === "string" ? v.trim() : "";
  };
  return {
    value: get("value"),
    location: get("location"),
    type: get("type"),
    bedrooms: get("bedrooms"),
  };
}

/** Whether Calculate My Returns may be pressed: value, location and type filled. */
export function isRoiInputFilled(input: RoiCalculatorInput): boolean {
  return input.value !== "" && input.location !== "" && input.type !== "";
}

/** The checked calculator input, or null when a required field is missing or wrong. */
export function validateRoiInput(input: RoiCalculatorInput): ValidRoiInput | null {
  const propertyValue = parseBahtAmount(input.value);
  if (!(propertyValue > 0) || propertyValue > ROI_MAX_VALUE) return null;
  if (!isOneOf(ROI_LOCATIONS, input.location) || !isOneOf(ROI_PROPERTY_TYPES, input.type)) {
    return null;
  }
  if (input.bedrooms !== "" && !isOneOf(BEDROOM_OPTIONS, input.bedrooms)) return null;
  return {
    propertyValue,
    location: input.location,
    type: input.type,
    bedrooms: input.bedrooms === "" ? null : input.bedrooms,
  };
}
