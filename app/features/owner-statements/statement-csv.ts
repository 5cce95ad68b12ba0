/**
 * Statements as CSV (UTF-8 with a BOM, so spreadsheets read Cyrillic names). Money columns hold
 * whole baht as plain numbers; text cells are quoted and never read as formulas.
 */
import type { StatementLineKind } from "../../domain/owner-money.ts";

/** The figures' columns, in the order of the arithmetic. */
export const FIGURE_COLUMNS = [
  "gross",
  "commissions",
  "expenses",
  "net",
  "owner_share",
  "company_share",
  "withholding",
  "payout",
] as const;
type FigureColumn = (typeof FIGURE_COLUMNS)[number];

export const STATEMENT_CSV_HEADER = ["row", "date", "description", "source", ...FIGURE_COLUMNS];

/** A text cell: quoted, and a leading =, +, -, @, tab or return is made harmless. */
export function textCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const csv = (rows: string[][]) => `\uFEFF${rows.map((r) => r.join(",")).join("\r\n")}\r\n`;

/** Which figure column a line's amount belongs in. */
const LINE_COLUMN: Record<StatementLineKind, FigureColumn> = {
  rent: "gross",
  stay: "gross",
  "guaranteed-return": "gross",
  commission: "commissions",
  expense: "expenses",
  repair: "expenses",
  "management-fee": "company_share",
};

export interface CsvStatement {
  id: number;
  version: number;
  unitName: string;
  periodStart: string;
  periodEnd: string;
  gross: number;
  commissions: number;
  expenses: number;
  net: number;
  ownerShare: number;
  companyShare: number;
  withholding: number;
  payout: number;
  lines: {
    kind: StatementLineKind;
    on: string;
    label: string;
    amount: number;
    sourceKind: string | null;
    sourceId: number | null;
  }[];
  parts: {
    ownerName: string;
    sharePercent: number;
    amount: number;
    withholding: number;
    payout: number;
  }[];
}

function figures(values: Partial<Record<FigureColumn, number>>): string[] {
  return FIGURE_COLUMNS.map((c) => (values[c] === undefined ? "" : String(values[c])));
}

/**
 * One statement: a row per line (its amount in its column), the `total` row with the statement's
 * figures, and an `owner` row per owner's part shown (their share, withholding and payout).
 */
export function statementCsv(s: CsvStatement): string {
  const rows: string[][] = [STATEMENT_CSV_HEADER];
  for (const l of s.lines)
    rows.push([
      textCell(l.kind),
      textCell(l.on),
      textCell(l.label),
      textCell(l.sourceKind ? `${l.sourceKind} #${l.sourceId}` : ""),
      ...figures({ [LINE_COLUMN[l.kind]]: l.amount }),
    ]);
  rows.push([
    textCell("total"),
    textCell(s.periodEnd),
    textCell(
      `Statement ${s.id} v${s.version}, ${s.unitName}, ${s.periodStart} to ${s.periodEnd} (end exclusive)`,
    ),
    textCell(""),
    ...figures({
      gross: s.gross,
      commissions: s.commissions,
      expenses: s.expenses,
      net: s.net,
      owner_share: s.ownerShare,
      company_share: s.companyShare,
      withholding: s.withholding,
      payout: s.payout,
    }),
  ]);
  for (const p of s.parts)
    rows.push([
      textCell("owner"),
      textCell(""),
      textCell(`${p.ownerName}, ${p.sharePercent}%`),
      textCell(""),
      ...figures({ owner_share: p.amount, withholding: p.withholding, payout: p.payout }),
    ]);
  return csv(rows);
}

export const MONTH_CSV_HEADER = [
  "statement",
  "version",
  "status",
  "unit",
  "program",
  "period_start",
  "period_end",
  ...FIGURE_COLUMNS,
  "owner",
  "share_percent",
  "owner_part",
  "owner_withholding",
  "owner_payout",
  "paid_on",
  "payout_method",
  "payout_reference",
  "published_at",
  "correction_reason",
];

export interface MonthCsvStatement extends Omit<CsvStatement, "lines" | "parts"> {
  status: string;
  program: string;
  publishedAt: Date | string | null;
  correctionReason: string | null;
  parts: (CsvStatement["parts"][number] & {
    paidOn: string | null;
    payoutMethod: string | null;
    payoutReference: string | null;
  })[];
}

/** Every statement of a month for the accountant: one row per owner's part. */
export function monthCsv(statements: MonthCsvStatement[]): string {
  const rows: string[][] = [MONTH_CSV_HEADER];
  for (const s of statements)
    for (const p of s.parts)
      rows.push([
        String(s.id),
        String(s.version),
        textCell(s.status),
        textCell(s.unitName),
        textCell(s.program),
        textCell(s.periodStart),
        textCell(s.periodEnd),
        ...figures({
          gross: s.gross,
          commissions: s.commissions,
          expenses: s.expenses,
          net: s.net,
          owner_share: s.ownerShare,
          company_share: s.companyShare,
          withholding: s.withholding,
          payout: s.payout,
        }),
        textCell(p.ownerName),
        String(p.sharePercent),
        String(p.amount),
        String(p.withholding),
        String(p.payout),
        textCell(p.paidOn ?? ""),
        textCell(p.payoutMethod ?? ""),
        textCell(p.payoutReference ?? ""),
        textCell(s.publishedAt ? new Date(s.publishedAt).toISOString() : ""),
        textCell(s.correctionReason ?? ""),
      ]);
  return csv(rows);
}
