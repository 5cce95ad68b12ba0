import { eq, sql } from "drizzle-orm";
import { data } from "react-router";
import type { AppDatabase } from "../../db/client.server.ts";
import { hitRateLimit, type RateLimitRule } from "../../db/rate-limit.server.ts";
import { leads, properties } from "../../db/schema.ts";
import type { LeadKind } from "../../domain/leads.ts";
import { type Language, languageFromPath } from "../../i18n/languages.ts";
import type { Logger } from "../../lib/logger.server.ts";
import { readForm } from "../../lib/request-body.server.ts";
import { assertSameOrigin } from "../../lib/same-origin.server.ts";
import {
  clipFields,
  HONEYPOT_FIELD,
  type LeadFormResult,
  type ParseResult,
  readFields,
} from "./lead-fields.ts";
import { type LeadSource, readLeadSource } from "./lead-source.ts";
import { enqueueLeadMessages, type MessageSettings } from "./outbox.server.ts";

export interface NewLead {
  kind: LeadKind;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  message?: string | null;
  propertyId?: number | null;
  inputs?: Record<string, unknown>;
  language: Language;
  sourcePage: string | null;
  source?: LeadSource;
}

const NO_SOURCE: LeadSource = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  referrer: null,
};

const orNull = (v: string | null | undefined) => (v ? v : null);

/**
 * Stores one lead and, in the same transaction, the alerts and reply it causes (when `messages`
 * names the channels); returns its id.
 */
export async function storeLead(
  db: AppDatabase,
  lead: NewLead,
  messages?: MessageSettings,
): Promise<number> {
  const source = lead.source ?? NO_SOURCE;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({
        kind: lead.kind,
        name: orNull(lead.name),
        email: orNull(lead.email),
        phone: orNull(lead.phone),
        message: orNull(lead.message),
        propertyId: lead.propertyId ?? null,
        inputs: lead.inputs ?? {},
        language: lead.language,
        sourcePage: lead.sourcePage,
        ...source,
      })
      .returning({ id: leads.id });
    if (!row) throw new Error("The lead was not stored");
    if (messages) await enqueueLeadMessages(tx, messageLead(row.id, lead, source), messages);
    return row.id;
  });
}

function messageLead(id: number, lead: NewLead, source: LeadSource) {
  return {
    id,
    kind: lead.kind,
    name: orNull(lead.name),
    email: orNull(lead.email),
    phone: orNull(lead.phone),
    message: orNull(lead.message),
    propertyId: lead.propertyId ?? null,
    inputs: lead.inputs ?? {},
    language: lead.language,
    sourcePage: lead.sourcePage,
    utm: { source: source.utmSource, medium: source.utmMedium, campaign: source.utmCampaign },
    referrer: source.referrer,
  };
}

export async function findPropertyIdBySlug(db: AppDatabase, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.slug, slug));
  return row?.id ?? null;
}

export async function countLeads(db: AppDatabase, kind: LeadKind): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(leads)
    .where(eq(leads.kind, kind));
  return row?.n ?? 0;
}

/** Each public form allows this many posts per visitor address in a window. */
export const LEAD_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };

export interface LeadPostOptions<K extends string, T> {
  request: Request;
  /** The body, when the route has read it already (through `readForm`, once); else read here. */
  form?: FormData;
  /** The database, or null when it is not ready. */
  db: AppDatabase | null;
  logger: Logger;
  clientAddress: string;
  publicUrl?: string;
  /** The form, in rate-limit keys and logs: a lead kind, or a saved search. */
  kind: LeadKind | "saved-search";
  fields: readonly K[];
  validate: (fields: Record<K, string>) => ParseResult<T>;
  store: (
    db: AppDatabase,
    value: T,
    meta: { language: Language; sourcePage: string; source: LeadSource },
  ) => Promise<void>;
  rule?: RateLimitRule;
  /** Called once a lead is stored: the outbox worker sends its messages now. */
  afterStore?: () => void;
}

/** A path on this site, as a form's hidden `page` field names it. */
function sourcePageOf(form: FormData, url: URL): string {
  const page = form.get("page");
  if (typeof page === "string" && /^\/[^\s]{0,300}$/.test(page) && !page.startsWith("//")) {
    return page;
  }
  return url.pathname;
}

/**
 * The common path of every public form post: refuses other sites, drops honeypot posts
 * (answered as success, not stored), counts the visitor's address against the rate limit, checks
 * the fields with the form's schema, and stores. Answers 400 with field errors, 429 when over
 * the limit, 503 when the database cannot take it; each with the typed values (cut to each field's
 * maximum), so nothing typed is lost. A lead that cannot be stored is written to the log in full.
 * The body is read with a bound (readForm): 413 past it, 415 when it is not a form.
 */
export async function handleLeadPost<K extends string, T>(options: LeadPostOptions<K, T>) {
  const { request, logger, kind } = options;
  assertSameOrigin(request, options.publicUrl);
  const url = new URL(request.url);
  const form = options.form ?? (await readForm(request));
  const fields = readFields(form, options.fields);
  // What is sent back to the page: never more than a field can hold.
  const values = clipFields(fields);
  const language = languageFromPath(url.pathname);
  const sourcePage = sourcePageOf(form, url);
  const source = readLeadSource(
    url,
    request.headers.get("cookie"),
    options.publicUrl ? new URL(options.publicUrl).origin : url.origin,
  );

  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    logger.info({ kind, sourcePage }, "honeypot filled: form post dropped");
    return data<LeadFormResult<K>>({ status: "ok" }, { status: 200 });
  }

  const { db } = options;
  if (!db) return unavailable(options, values, new Error("database not ready"));

  try {
    const limit = await hitRateLimit(
      db,
      `lead:${kind}:${options.clientAddress}`,
      options.rule ?? LEAD_RATE_LIMIT,
    );
    if (!limit.allowed) {
      return data<LeadFormResult<K>>(
        { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds, values },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
  } catch (error) {
    return unavailable(options, values, error);
  }

  const parsed = options.validate(fields);
  if (!parsed.success) {
    return data<LeadFormResult<K>>(
      { status: "invalid", fieldErrors: parsed.fieldErrors, values },
      { status: 400 },
    );
  }
  try {
    await options.store(db, parsed.data, { language, sourcePage, source });
  } catch (error) {
    return unavailable(options, values, error);
  }
  options.afterStore?.();
  return data<LeadFormResult<K>>({ status: "ok" }, { status: 200 });
}

function unavailable<K extends string, T>(
  options: LeadPostOptions<K, T>,
  values: Record<K, string>,
  error: unknown,
) {
  // The visitor keeps what they typed and is told; the log keeps the lead itself.
  options.logger.error({ err: error, kind: options.kind, lead: values }, "lead not stored");
  return data<LeadFormResult<K>>({ status: "unavailable", values }, { status: 503 });
}
