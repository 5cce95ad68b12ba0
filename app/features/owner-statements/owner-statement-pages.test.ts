import { describe, expect, it } from "vitest";
import { yearSummary } from "./owner-statement-pages.tsx";
import type { OwnerStatementSummary } from "./statements.server.ts";

const statement = (
  propertyId: number,
  periodStart: string,
  version: number,
  part: number,
  partWithholding: number,
) =>
  ({
    propertyId,
    periodStart,
    version,
    part,
    partWithholding,
    partPayout: part - partWithholding,
  }) as OwnerStatementSummary;

describe("the owner's yearly summary", () => {
  it("adds each period once, at its latest version, per year", () => {
    const years = yearSummary([
      statement(1, "2026-10-01", 2, 24_850, 1_243),
      statement(1, "2026-10-01", 1, 25_550, 1_278),
      statement(1, "2026-09-01", 1, 10_000, 500),
      statement(2, "2026-07-01", 1, 210_000, 0),
      statement(1, "2025-12-01", 1, 7_000, 350),
    ]);
    // 2026: 24,850 + 10,000 + 210,000 (not version 1 of October); 2025 on its own.
    expect(years).toEqual([
      ["2026", { part: 244_850, withholding: 1_743, payout: 243_107 }],
      ["2025", { part: 7_000, withholding: 350, payout: 6_650 }],
    ]);
  });
});
