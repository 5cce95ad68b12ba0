import { and, asc, count, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import { getRuntime } from "../../db/runtime.server.ts";
import { calendarFeeds, properties, stays } from "../../db/schema.ts";
import { businessToday } from "../../domain/date-time.ts";
import { fieldErrorsOf } from "../../lib/form-schema.ts";
import { parseId, readForm } from "../../lib/request-body.server.ts";
import { skippedSummary } from "./feed-events.server.ts";
import { feedFormSchema, MAX_FEEDS_PER_UNIT } from "./feed-schema.ts";
import { applyHeldSync, type SyncResult, syncFeed } from "./ical-import.server.ts";
import { monthSpans, occupancyByMonth } from "./occupancy.ts";
import { loadPublicCalendar, PUBLIC_WINDOW, unitBusy } from "./public-calendar.server.ts";
import { stayFormSchema } from "./stay-schema.ts";
import {
  addStay,
  listStayPage,
  refreshUnitAvailability,
  removeFeedStays,
  removeStay,
  StayError,
  stayChanges,
  stayCounts,
  updateStay,
} from "./stays.server.ts";

/** Stays listed on one page of a unit's admin calendar. */
export const STAYS_PER_PAGE = 50;

/** `?page=` of the admin calendar: a whole number from 1, or null when it is not one. */
export function stayPageOf(url: URL): number | null {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  const parsed = z.coerce.number().int().min(1).max(100_000).safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** What a sync skipped, after its counts: "; 3 events skipped: bad dates". */
const skippedNote = (result: SyncResult) => {
  const note = result.skipped ? skippedSummary(result.skipped) : null;
  return note ? `; ${note}` : "";
};

export interface CalendarActionResult {
  ok: boolean;
  message: string;
  /** The form the answer belongs to ("add-stay", "stay-12", "add-feed", "feed-3"). */
  form: string;
  fieldErrors?: Record<string, string>;
  /** A stay refused because it belongs to this lease: the page links to it. */
  leaseId?: number;
}

/**
 * Everything the admin's calendar page of a unit shows, or null for an unknown unit: its stays
 * a page at a time (`STAYS_PER_PAGE`, upcoming first; a page past the last shows the last).
 */
export async function loadUnitCalendar(propertyId: number, page = 1, now: Date = new Date()) {
  const { database } = getRuntime();
  const db = database.db;
  const [unit] = await db
    .select({
      id: properties.id,
      name: properties.name,
      slug: properties.slug,
      building: properties.building,
      unitCode: properties.unitCode,
      status: properties.status,
      availableFrom: properties.availableFrom,
      rentedUntil: properties.rentedUntil,
      statusOverride: properties.statusOverride,
    })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!unit) return null;
  const today = businessToday(now);
  const [counts, changes, feeds, nights, publicCalendar] = await Promise.all([
    stayCounts(db, propertyId),
    stayChanges(db, propertyId),
    db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.propertyId, propertyId))
      .orderBy(asc(calendarFeeds.id)),
    feedNights(db, propertyId, today),
    loadPublicCalendar(db, unit, now),
  ]);
  const pages = Math.max(1, Math.ceil(counts.total / STAYS_PER_PAGE));
  const current = Math.min(page, pages);
  const unitStays = await listStayPage(
    db,
    propertyId,
    businessToday(now),
    (current - 1) * STAYS_PER_PAGE,
    STAYS_PER_PAGE,
  );
  return {
    unit,
    stays: unitStays,
    stayCount: counts.total,
    conflictCount: counts.conflicts,
    page: current,
    pages,
    changes,
    /** The months as the unit page shows them (stays, or the status when there are none). */
    calendar: publicCalendar,
    feeds: feeds.map((f) => ({
      id: f.id,
      name: f.name,
      url: f.url,
      lastFetchedAt: f.lastFetchedAt?.toISOString() ?? null,
      lastSuccessAt: f.lastSuccessAt?.toISOString() ?? null,
      lastError: f.lastError,
      lastErrorAt: f.lastErrorAt?.toISOString() ?? null,
      failingSince: f.failingSince?.toISOString() ?? null,
      skipped: skippedSummary(f.lastSkipped),
      /** Nights from today on that the feed's stays block. */
      nights: nights.get(f.id) ?? 0,
      held: f.held ? { at: f.held.at, removes: f.held.removes } : null,
    })),
  };
}

/**
 * Nights from `today` on blocked by each feed of a unit (or of every unit): overlapping stays
 * of one feed counted once per night.
 */
export async function feedNights(
  db: ReturnType<typeof getRuntime>["database"]["db"],
  propertyId: number | null,
  today: string,
): Promise<Map<number, number>> {
  const rows = await db.execute<{ feed_id: number; nights: number }>(sql`
    select s.feed_id, count(distinct d.day)::int as nights
    from ${stays} s
    cross join lateral generate_series(greatest(s.start_date, ${today}::date),
      s.end_date - 1, interval '1 day') as d(day)
    where s.feed_id is not null and s.end_date > ${today}::date
      ${propertyId === null ? sql`` : sql`and s.property_id = ${propertyId}`}
    group by s.feed_id`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: typeof rows }).rows;
  return new Map(
    (list as unknown as { feed_id: number; nights: number }[]).map((r) => [
      Number(r.feed_id),
      Number(r.nights),
    ]),
  );
}

const answer = (result: CalendarActionResult, status = 200) =>
  status === 200 ? result : data(result, { status });

/**
 * The calendar page's posts, told apart by `intent`: stays added, changed or removed by hand,
 * feeds added, removed or fetched now. Bad input is a 400 with the field's message, a clash 409.
 */
export async function calendarAction(request: Request, propertyId: number, adminId: number) {
  const { database, config } = getRuntime();
  const db = database.db;
  const clock = { horizonDays: config.availability.horizonDays };
  const form = await readForm(request);
  const fields = Object.fromEntries(form);
  const intent = String(fields.intent ?? "");
  const itemId = parseId(fields.id);
  const syncOptions = {
    ...clock,
    timeoutMs: config.availability.feedTimeoutMs,
    allowHosts: config.availability.feedAllowHosts,
    alerts: {
      notifications: config.notifications,
      publicUrl: config.publicUrl,
      afterHours: config.availability.feedAlertHours,
    },
  };

  try {
    switch (intent) {
      case "add-stay":
      case "update-stay": {
        const formName = intent === "add-stay" ? "add-stay" : `stay-${itemId}`;
        if (intent === "update-stay" && itemId === null)
          return answer({ ok: false, form: formName, message: "Unknown stay" }, 404);
        const parsed = stayFormSchema.safeParse(fields);
        if (!parsed.success) {
          const errors = fieldErrorsOf(parsed.error);
          return answer(
            {
              ok: false,
              form: formName,
              message: Object.values(errors)[0] ?? "",
              fieldErrors: errors,
            },
            400,
          );
        }
        if (itemId !== null && intent === "update-stay") {
          await updateStay(db, propertyId, itemId, parsed.data, clock, adminId);
          return answer({ ok: true, form: formName, message: "Stay saved." });
        }
        await addStay(db, propertyId, parsed.data, clock, adminId);
        return answer({ ok: true, form: formName, message: "Stay added." });
      }
      case "remove-stay": {
        if (itemId === null)
          return answer({ ok: false, form: "stays", message: "Unknown stay" }, 404);
        await removeStay(db, propertyId, itemId, clock, adminId);
        return answer({ ok: true, form: "stays", message: "Stay removed." });
      }
      case "add-feed": {
        const parsed = feedFormSchema.safeParse(fields);
        if (!parsed.success) {
          const errors = fieldErrorsOf(parsed.error);
          return answer(
            {
              ok: false,
              form: "add-feed",
              message: Object.values(errors)[0] ?? "",
              fieldErrors: errors,
            },
            400,
          );
        }
        const [{ feeds } = { feeds: 0 }] = await db
          .select({ feeds: count() })
          .from(calendarFeeds)
          .where(eq(calendarFeeds.propertyId, propertyId));
        if (feeds >= MAX_FEEDS_PER_UNIT)
          return answer(
            {
              ok: false,
              form: "add-feed",
              message: `A unit can have ${MAX_FEEDS_PER_UNIT} feeds at most.`,
            },
            409,
          );
        const [feed] = await db
          .insert(calendarFeeds)
          .values({ propertyId, name: parsed.data.name, url: parsed.data.url })
          .onConflictDoNothing()
          .returning({ id: calendarFeeds.id });
        if (!feed)
          return answer(
            {
              ok: false,
              form: "add-feed",
              message: "This unit already has a feed at that address.",
            },
            409,
          );
        const result = await syncFeed(db, feed.id, syncOptions);
        return answer({
          ok: true,
          form: "add-feed",
          message: result.ok
            ? `Feed added: ${result.added} stays read${skippedNote(result)}.`
            : `Feed added, but it could not be read: ${result.error}`,
        });
      }
      case "remove-feed": {
        if (itemId === null)
          return answer({ ok: false, form: "feeds", message: "Unknown feed" }, 404);
        const [known] = await db
          .select({ id: calendarFeeds.id })
          .from(calendarFeeds)
          .where(and(eq(calendarFeeds.id, itemId), eq(calendarFeeds.propertyId, propertyId)));
        if (known) await removeFeedStays(db, known.id);
        const removed = await db
          .delete(calendarFeeds)
          .where(and(eq(calendarFeeds.id, itemId), eq(calendarFeeds.propertyId, propertyId)))
          .returning({ id: calendarFeeds.id });
        if (removed.length === 0)
          return answer({ ok: false, form: "feeds", message: "Unknown feed" }, 404);
        await refreshUnitAvailability(db, propertyId, clock, { calendarSpeaks: true });
        return answer({ ok: true, form: "feeds", message: "Feed and its stays removed." });
      }
      case "sync-feed": {
        const [feed] =
          itemId === null
            ? []
            : await db
                .select({ id: calendarFeeds.id })
                .from(calendarFeeds)
                .where(and(eq(calendarFeeds.id, itemId), eq(calendarFeeds.propertyId, propertyId)));
        if (!feed) return answer({ ok: false, form: "feeds", message: "Unknown feed" }, 404);
        const result = await syncFeed(db, feed.id, syncOptions);
        return answer(
          result.held !== undefined
            ? {
                ok: false,
                form: `feed-${feed.id}`,
                message: `Held: the feed now has no future events, and reading it would remove all ${result.held} future blocks. Look, then apply if that is right.`,
              }
            : result.ok
              ? {
                  ok: true,
                  form: `feed-${feed.id}`,
                  message: `Synced: ${result.added} added, ${result.changed} changed, ${result.removed} removed${skippedNote(result)}.`,
                }
              : { ok: false, form: `feed-${feed.id}`, message: `Sync failed: ${result.error}` },
        );
      }
      case "apply-held": {
        const result = itemId === null ? null : await applyHeldSync(db, propertyId, itemId, clock);
        if (!result)
          return answer(
            { ok: false, form: "feeds", message: "That feed has no held change to apply." },
            409,
          );
        return answer({
          ok: true,
          form: `feed-${itemId}`,
          message: `Applied: ${result.removed} blocks removed, ${result.added} added.`,
        });
      }
      default:
        return answer({ ok: false, form: "page", message: "Unknown action" }, 400);
    }
  } catch (error) {
    if (error instanceof StayError) {
      const formName =
        intent === "add-stay" ? "add-stay" : intent === "update-stay" ? `stay-${itemId}` : "stays";
      return answer(
        {
          ok: false,
          form: formName,
          message: error.message,
          ...(error.leaseId !== null ? { leaseId: error.leaseId } : {}),
        },
        error.reason === "not-found" ? 404 : 409,
      );
    }
    // A feed's actions answer a failure of the database plainly, never with a 500.
    if (FEED_INTENTS.has(intent))
      return answer(
        {
          ok: false,
          form: intent === "add-feed" ? "add-feed" : "feeds",
          message: "The database could not be reached; nothing was changed. Try again shortly.",
        },
        503,
      );
    throw error;
  }
}

const FEED_INTENTS = new Set(["add-feed", "remove-feed", "sync-feed", "apply-held"]);

/**
 * Every unit with its occupancy in each of the next `count` months: the portfolio view, taken
 * days counted as the public calendar shows them (`unitBusy`): a unit's stays, or, when it has
 * none in the public calendar's months, what its status says (then `fromStatus`). Feeds in
 * trouble (failing or held) come first.
 */
export async function loadPortfolio(count = 6, now: Date = new Date()) {
  const db = getRuntime().database.db;
  const today = businessToday(now);
  const months = monthSpans(today, count);
  const [units, rows, feeds] = await Promise.all([
    db
      .select({
        id: properties.id,
        name: properties.name,
        building: properties.building,
        unitCode: properties.unitCode,
        status: properties.status,
        availableFrom: properties.availableFrom,
        rentedUntil: properties.rentedUntil,
        statusOverride: properties.statusOverride,
      })
      .from(properties)
      .orderBy(asc(properties.building), sql`${properties.unitCode} collate "C"`),
    db
      .select({ propertyId: stays.propertyId, start: stays.startDate, end: stays.endDate })
      .from(stays)
      .where(
        and(
          sql`${stays.endDate} > ${PUBLIC_WINDOW.from(today)}`,
          sql`${stays.startDate} < ${PUBLIC_WINDOW.until(today)}`,
        ),
      ),
    db
      .select({
        id: calendarFeeds.id,
        name: calendarFeeds.name,
        propertyId: calendarFeeds.propertyId,
        lastError: calendarFeeds.lastError,
        failingSince: calendarFeeds.failingSince,
        held: calendarFeeds.held,
      })
      .from(calendarFeeds)
      .where(sql`${calendarFeeds.lastError} is not null or ${calendarFeeds.held} is not null`)
      .orderBy(asc(calendarFeeds.failingSince), asc(calendarFeeds.id)),
  ]);
  const byUnit = new Map<number, { start: string; end: string }[]>();
  for (const r of rows) byUnit.set(r.propertyId, [...(byUnit.get(r.propertyId) ?? []), r]);
  const unitName = new Map(units.map((u) => [u.id, u.name]));
  return {
    months: months.map((m) => m.key),
    units: units.map(({ availableFrom, rentedUntil, ...u }) => {
      const own = byUnit.get(u.id) ?? [];
      return {
        ...u,
        fromStatus: own.length === 0 && u.status !== "available",
        occupancy: occupancyByMonth(
          unitBusy(own, { status: u.status, availableFrom, rentedUntil }, today),
          months,
        ),
      };
    }),
    troubled: feeds.map((f) => ({
      id: f.id,
      name: f.name,
      propertyId: f.propertyId,
      unitName: unitName.get(f.propertyId) ?? "",
      problem: f.held
        ? `Needs a look: would remove all ${f.held.removes} future blocks`
        : `Failing${f.failingSince ? ` since ${f.failingSince.toISOString().slice(0, 16).replace("T", " ")} UTC` : ""}: ${f.lastError}`,
    })),
  };
}
