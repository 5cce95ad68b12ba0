import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { auditEntries } from "../../db/audit.server.ts";
import type { AppDatabase } from "../../db/client.server.ts";
import { suppressionsOf } from "../../db/mail-consent.server.ts";
import { adminUsers, auditLog, leadNotes, leads, outbox, properties } from "../../db/schema.ts";
import { businessToday } from "../../domain/date-time.ts";
import {
  LEAD_KINDS,
  LEAD_STAGES,
  LEAD_STATUSES,
  type LeadKind,
  type LeadStage,
  type LeadStatus,
} from "../../domain/leads.ts";
import { isOneOf } from "../../domain/values.ts";
import { inputsForExport } from "./lead-format.ts";
import { describeMailConsent, type MessageState, SEARCH_MAX } from "./lead-pipeline.ts";

export type { LeadKind, LeadStage };

export interface LeadFilter {
  kind: LeadKind | null;
  status: LeadStatus | null;
  stage?: LeadStage | null;
  /** Only the leads this admin owns. */
  ownerId?: number | null;
  /** Part of a name, an e-mail or a phone number. */
  search?: string | null;
  /** A further condition (one lead by id). */
  only?: SQL;
}

/** The view's filter from its query string; `adminId` is the signed-in admin ("my leads"). */
export function parseLeadFilter(params: URLSearchParams, adminId?: number): LeadFilter {
  const kind = params.get("kind");
  const status = params.get("status");
  const stage = params.get("stage");
  const search = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  return {
    kind: isOneOf(LEAD_KINDS, kind) ? kind : null,
    status: isOneOf(LEAD_STATUSES, status) ? status : null,
    ...(isOneOf(LEAD_STAGES, stage) ? { stage } : {}),
    ...(params.get("mine") === "1" && adminId !== undefined ? { ownerId: adminId } : {}),
    ...(search ? { search } : {}),
  };
}

/** `text` as a LIKE pattern matching itself anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Today in Phuket, where the desk works: follow-ups before it are overdue. */
export function deskToday(now = new Date()): string {
  return businessToday(now);
}

export async function listLeads(db: AppDatabase, filter: LeadFilter, today = deskToday()) {
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(leads.kind, filter.kind));
  if (filter.status) where.push(eq(leads.status, filter.status));
  if (filter.stage) where.push(eq(leads.stage, filter.stage));
  if (filter.only) where.push(filter.only);
  if (filter.ownerId) where.push(eq(leads.ownerId, filter.ownerId));
  if (filter.search) {
    const pattern = containing(filter.search);
    const digits = filter.search.replace(/[^0-9]/g, "");
    const matches = [
      sql`${leads.name} ilike ${pattern}`,
      sql`${leads.email} ilike ${pattern}`,
      sql`${leads.phone} ilike ${pattern}`,
    ];
    // "+66 81 234" finds "+66812345678" and the other way round.
    if (digits.length >= 3)
      matches.push(sql`regexp_replace(${leads.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
    where.push(or(...matches) as SQL);
  }
  const overdue = sql<boolean>`(${leads.followUpOn} is not null and ${leads.followUpOn} <= ${today})`;
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
      stage: leads.stage,
      lostReason: leads.lostReason,
      ownerId: leads.ownerId,
      ownerEmail: adminUsers.email,
      followUpOn: leads.followUpOn,
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      utmCampaign: leads.utmCampaign,
      referrer: leads.referrer,
      overdue,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(adminUsers, eq(adminUsers.id, leads.ownerId))
    .where(where.length > 0 ? and(...where) : undefined)
    // Overdue follow-ups first, the longest overdue on top; then the newest.
    .orderBy(desc(overdue), asc(leads.followUpOn), desc(leads.createdAt), desc(leads.id))
    .limit(5000);
  const alerts = await alertsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    stage: r.stage as LeadStage,
    overdue: Boolean(r.overdue),
    createdAt: r.createdAt.toISOString(),
    handledAt: r.handledAt?.toISOString() ?? null,
    unit: r.unitName ? `${r.unitName} (${r.unitBuilding} · ${r.unitCode})` : null,
    inputs: (r.inputs ?? {}) as Record<string, unknown>,
    messages: alerts.get(r.id) ?? [],
  }));
}

type LeadMessageState = MessageState;

/** The alerts and replies of these leads, as the outbox holds them. */
async function alertsOf(db: AppDatabase, ids: number[]) {
  const byLead = new Map<number, LeadMessageState[]>();
  // One query per 1000 leads keeps each statement's parameter list small.
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select()
      .from(outbox)
      .where(inArray(outbox.leadId, ids.slice(i, i + 1000)))
      .orderBy(outbox.id);
    for (const r of rows) {
      if (r.leadId === null) continue;
      const list = byLead.get(r.leadId) ?? [];
      list.push({
        channel: r.channel,
        purpose: r.purpose,
        status: r.status,
        attempts: r.attempts,
        nextAttemptAt: r.nextAttemptAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
        lastError: r.lastError,
      });
      byLead.set(r.leadId, list);
    }
  }
  return byLead;
}

/** "alert e-mail sent; alert telegram pending (next try 2026-…)": the CSV's alerts cell. */
export function describeMessages(messages: LeadMessageState[]): string {
  return messages
    .map((m) => {
      const what = `${m.purpose} ${m.channel} ${m.status}`;
      if (m.status === "pending") return `${what} (next try ${m.nextAttemptAt})`;
      if (m.status === "failed" || m.status === "bounced" || m.status === "withheld")
        return `${what} (${m.lastError ?? "unknown error"})`;
      return what;
    })
    .join("; ");
}

/** One lead with its notes, for its own page; null when there is no such lead. */
export async function getLead(db: AppDatabase, id: number) {
  const [lead] = await listLeads(db, { kind: null, status: null, only: eq(leads.id, id) });
  if (!lead) return null;
  const notes = await db
    .select({
      id: leadNotes.id,
      body: leadNotes.body,
      createdAt: leadNotes.createdAt,
      author: adminUsers.email,
    })
    .from(leadNotes)
    .leftJoin(adminUsers, eq(adminUsers.id, leadNotes.authorId))
    .where(eq(leadNotes.leadId, id))
    .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id));
  const suppressions = lead.email ? await suppressionsOf(db, lead.email) : [];
  // The pipeline's saves as the audit log keeps them; those that changed the stage, newest first.
  const saves = await auditEntries<{ stage?: string }>(db, "lead", id);
  const stageHistory = saves
    .filter((e) => e.action === "pipeline" && e.after?.stage && e.after.stage !== e.before?.stage)
    .map((e) => ({
      id: e.id,
      at: e.at,
      by: e.by,
      from: e.before?.stage ?? null,
      to: e.after?.stage ?? "",
    }));
  return {
    ...lead,
    stageHistory,
    notes: notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    /** The address's mail state per kind (marketing, transactional). */
    mailConsent: lead.email
      ? describeMailConsent(
          suppressions.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        )
      : null,
  };
}

/** The admins a lead can be given to: accounts that are not disabled. */
export async function listLeadOwners(db: AppDatabase) {
  return db
    .select({ id: adminUsers.id, email: adminUsers.email })
    .from(adminUsers)
    .where(sql`${adminUsers.disabledAt} is null`)
    .orderBy(adminUsers.email);
}

export interface PipelineUpdate {
  stage: LeadStage;
  lostReason: string | null;
  ownerId: number | null;
  followUpOn: string | null;
}

/**
 * Moves a lead in the pipeline, and records who did it and what changed in the audit log; false
 * when there is no such lead or owner.
 */
export async function updatePipeline(
  db: AppDatabase,
  id: number,
  update: PipelineUpdate,
  adminUserId: number | null = null,
): Promise<boolean> {
  const owners = update.ownerId === null ? [] : await listLeadOwners(db);
  const pipeline = {
    stage: leads.stage,
    lostReason: leads.lostReason,
    ownerId: leads.ownerId,
    followUpOn: leads.followUpOn,
  };
  return db.transaction(async (tx) => {
    const [before] = await tx.select(pipeline).from(leads).where(eq(leads.id, id)).for("update");
    if (!before) return false;
    // A new owner must be an active account; a lead may keep one since disabled.
    if (
      update.ownerId !== null &&
      update.ownerId !== before.ownerId &&
      !owners.some((o) => o.id === update.ownerId)
    )
      return false;
    const [after] = await tx
      .update(leads)
      .set({
        stage: update.stage,
        lostReason: update.stage === "lost" ? update.lostReason : null,
        ownerId: update.ownerId,
        followUpOn: update.followUpOn,
      })
      .where(eq(leads.id, id))
      .returning(pipeline);
    await tx.insert(auditLog).values({
      adminUserId,
      action: "pipeline",
      entity: "lead",
      entityId: String(id),
      before,
      after,
    });
    return true;
  });
}

export async function addLeadNote(
  db: AppDatabase,
  leadId: number,
  authorId: number,
  body: string,
): Promise<boolean> {
  const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
  if (!lead) return false;
  await db.insert(leadNotes).values({ leadId, authorId, body });
  return true;
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

/** The export's file name, dated by the desk's day (Phuket), e.g. `leads-2026-11-23.csv`. */
export function leadsCsvFileName(now = new Date()): string {
  return `leads-${deskToday(now)}.csv`;
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
    "stage",
    "lost reason",
    "owner",
    "follow-up",
    "utm source",
    "utm medium",
    "utm campaign",
    "referrer",
    "alerts",
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
      inputsForExport(r.inputs),
      r.message,
      r.sourcePage,
      r.status,
      r.handledAt,
      r.stage,
      r.lostReason,
      r.ownerEmail,
      r.followUpOn,
      r.utmSource,
      r.utmMedium,
      r.utmCampaign,
      r.referrer,
      describeMessages(r.messages),
    ]
      .map(cell)
      .join(","),
  );
  return `\uFEFF${[header.map(cell).join(","), ...lines].join("\r\n")}\r\n`;
}
