import { describe, expect, it } from "vitest";
import { LEAD_KINDS } from "../domain/leads.ts";
import { PROPERTY_STATUSES, PROPERTY_TYPES } from "../domain/listing.ts";
import {
  REVENUE_SHARE_COMPANY_PERCENT,
  REVENUE_SHARE_OWNER_PERCENT,
  ROI_PROPERTY_TYPES,
  ROI_RATE_PERCENT,
} from "../domain/owner-programs.ts";
import {
  LEAD_KIND_LABELS,
  labelOf,
  PROPERTY_STATUS_LABELS,
  PROPERTY_TYPE_LABELS,
  ROI_PROPERTY_TYPE_LABELS,
} from "./admin-labels.ts";
import { createI18n } from "./messages.server.ts";

const distinct = (labels: Record<string, string>) => new Set(Object.values(labels)).size;

describe("the desk's labels", () => {
  it("name every value of their union, each with a label of its own", () => {
    for (const [labels, values] of [
      [PROPERTY_STATUS_LABELS, PROPERTY_STATUSES],
      [PROPERTY_TYPE_LABELS, PROPERTY_TYPES],
      [ROI_PROPERTY_TYPE_LABELS, ROI_PROPERTY_TYPES],
      [LEAD_KIND_LABELS, LEAD_KINDS],
    ] as const) {
      expect(Object.keys(labels).sort()).toEqual([...values].sort());
      expect(distinct(labels)).toBe(values.length);
    }
  });

  it("say what the public site says for a status and a type", () => {
    const { t } = createI18n("en");
    expect(PROPERTY_STATUS_LABELS.soon).toBe(t("status.soon"));
    expect(PROPERTY_TYPE_LABELS["pool-villa"]).toBe(t("property.type.pool-villa"));
    expect(ROI_PROPERTY_TYPE_LABELS["pool-villa"]).toBe(PROPERTY_TYPE_LABELS["pool-villa"]);
  });

  it("take the programs' figures from their module", () => {
    expect(LEAD_KIND_LABELS.roi).toBe(`ROI ${ROI_RATE_PERCENT}% program`);
    expect(LEAD_KIND_LABELS["revenue-share"]).toBe(
      `${REVENUE_SHARE_OWNER_PERCENT}:${REVENUE_SHARE_COMPANY_PERCENT} revenue share`,
    );
  });

  it("show a value the database holds but no label knows as it is, never an inherited name", () => {
    expect(labelOf(PROPERTY_STATUS_LABELS, "occupied")).toBe("Occupied");
    expect(labelOf(PROPERTY_STATUS_LABELS, "archived")).toBe("archived");
    expect(labelOf(PROPERTY_STATUS_LABELS, "toString")).toBe("toString");
  });
});
