import { and, desc, eq, type SQL } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { leads, properties } from "../../db/schema.ts";
import { LEAD_KINDS, LEAD_STATUSES, type LeadKind, type LeadStatus } from "../../domain/leads.ts";
import { isOneOf } from "../../domain/values.ts";
import { describeInputs } from "./lead-format.ts";

export interface LeadFilter {
  kind: LeadKind | null;
  status: LeadStatus | null;
}

export function parseLeadFilter(params: URLSearchParams): LeadFilter {
  const kind = params.get("kind");
  const status = params.get("status");
  return {
    kind: isOneOf(LEAD_KINDS, kind) ? kind : null,
    status: isOneOf(LEAD_STATUSES, status) ? status : null,
  };
}

export async function listLeads(db: AppDatabase, filter: LeadFilter) {
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(leads.kind, filter.kind));
  if (filter.status) where.push(eq(leads.status, filter.status));
  const rows = await db
    .select({
      id: leads.id,
      kind: leads.kind,
      createdAt: leads.createdAt,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      message: leads.message,
      language: leads.language,
      sourcePage: leads.sourcePage,
      status: leads.status,
      handledAt: leads.handledAt,
      inputs: leads.inputs,
      unitName: properties.name,
      unitCode: properties.unitCode,
      unitBuilding: properties.building,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(5000);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    handledAt: r.handledAt?.toISOString() ?? null,
    unit: r.unitName ? `${r.unitName} (${r.unitBuilding} · ${r.unitCode})` : null,
    inputs: (r.inputs ?? {}) as Record<string, unknown>,
  }));
}

export type LeadRow = Awaited<ReturnType<typeof listLeads>>[number];

export async function setLeadHandled(db: AppDatabase, id: number, handled: boolean) {
  const rows = await db
    .update(leads)
    .set({ status: handled ? "handled" : "new", handledAt: handled ? new Date() : null })
    .where(eq(leads.id, id))
    .returning({ id: leads.id });
  return rows.length > 0;
}

/** A spreadsheet cell: quoted, and never read as a formula (=, +, -, @ at the start). */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function leadsCsv(rows: LeadRow[]): string {
  const header = [
    "id",
    "kind",
    "date",
    "name",
    "email",
    "phone",
    "language",
    "unit",
    "inputs",
    "message",
    "source page",
    "status",
    "handled at",
  ];
  const lines = rows.map((r) =>
    [
      r.id,
      r.kind,
      r.createdAt,
      r.name,
      r.email,
      r.phone,
      r.language,
      r.unit,
      describeInputs(r.inputs),
      r.message,
      r.sourcePage,
      r.status,
      r.handledAt,
    ]
      .map(cell)
      .join(","),
  );
  return `\uFEFF${[header.map(cell).join(","), ...lines].join("\r\n")}\r\n`;
}
