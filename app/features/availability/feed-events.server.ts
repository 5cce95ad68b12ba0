import { createHash } from "node:crypto";
import nodeIcal, { type VEvent } from "node-ical";
import { BUSINESS_TIME_ZONE, businessToday, dayCount, plusDays } from "../../domain/date-time.ts";
import { nextTurn } from "./next-turn.ts";

/**
 * Reading an iCalendar feed into taken periods (decisions 060, 092, 098): strictly and in steps.
 * The text is split into its events here, each event's dates checked and written plainly
 * (floating times in Phuket's zone, Outlook's zone labels quoted), one version of each
 * UID and RECURRENCE-ID kept (the highest SEQUENCE), and each RDATE made an event of its own;
 * node-ical then reads the events a chunk at a time, and the occurrences of each series are
 * put together here: RRULE, RDATE, EXDATE and moved or cancelled occurrences, with or without
 * the series they belong to. An event that cannot be read is skipped and counted; the rest read.
 */

/** At most so many occurrences inside the import window per feed (the work is bounded by them). */
export const FEED_EVENT_LIMITS = { maxEvents: 5000 };
/** Steps one repeating rule may take from its first occurrence to the window's end. */
export const MAX_RULE_STEPS = 20_000;

/** A feed that cannot be used; its message is what the admin sees. */
export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedError";
  }
}

export interface FeedEvent {
  /**
   * The occurrence's key, unique in its feed: the event's UID (or, without one, a key made of
   * its start, end and summary), and for an occurrence of a series `#` and its RECURRENCE-ID
   * (the day of an all-day series, else the instant in UTC).
   */
  uid: string;
  start: string;
  end: string;
}

/** Why an event of a feed was left out while the rest were read. */
export type SkipReason = "bad-date" | "unreadable" | "too-many" | "no-start";
export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  "bad-date": "bad dates",
  unreadable: "could not be read",
  "too-many": "repeats too often",
  "no-start": "no start date",
};
export type SkippedEvents = Partial<Record<SkipReason, number>>;

/** "3 events skipped: bad dates", or null when none was. */
export function skippedSummary(skipped: SkippedEvents | Record<string, number>): string | null {
  const parts = Object.entries(skipped).filter(([, n]) => (n ?? 0) > 0) as [SkipReason, number][];
  const total = parts.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const reasons =
    parts.length === 1
      ? (SKIP_REASON_LABELS[parts[0]?.[0] as SkipReason] ?? parts[0]?.[0])
      : parts.map(([reason, n]) => `${SKIP_REASON_LABELS[reason] ?? reason} (${n})`).join(", ");
  return `${total} ${total === 1 ? "event" : "events"} skipped: ${reasons}`;
}

type IcsDate = Date & { dateOnly?: boolean; tz?: string };

/** A date's day as written (all-day values, which node-ical makes local midnight of this process). */
function localDay(value: Date): string {
  const y = value.getFullYear();
  const m = String(value.getMonth() + 1).padStart(2, "0");
  const d = String(value.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** An event's day in Phuket: all-day values are dates as written; times are read in Bangkok. */
function dayOf(value: IcsDate): string {
  return value.dateOnly ? localDay(value) : businessToday(value);
}

/** The day of an instant in a zone (an IANA name; UTC when it is not one). */
function zonedDay(at: Date, zone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat("en-CA", {
      timeZone: zone ?? "UTC",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** How an occurrence is named in its key: the day of an all-day one, else its instant. */
function instantKey(value: IcsDate): string {
  return value.dateOnly ? localDay(value) : value.toISOString();
}

const isDate = (value: unknown): value is IcsDate =>
  value instanceof Date && Number.isFinite(value.getTime());

/**
 * One taken period as whole days: the end is the first free day, and at least a day after the
 * start. Null when a date is not one (node-ical hands a value it could not read on as text).
 */
function period(start: unknown, end: unknown): { start: string; end: string } | null {
  if (!isDate(start) || (end !== undefined && end !== null && !isDate(end))) return null;
  const first = dayOf(start);
  // A timed event ending at midnight does not take the day it ends on.
  const last = isDate(end) ? dayOf(end) : plusDays(first, 1);
  return { start: first, end: last <= first ? plusDays(first, 1) : last };
}

/** Events handed to node-ical at a time: a few milliseconds of the server's thread each. */
const EVENTS_PER_CHUNK = 100;
/** Time-zone definitions repeated in every chunk; real ones are a few kilobytes. */
const MAX_HEAD_CHARS = 64 * 1024;
/** Lines of the text split into events between two pauses. */
const LINES_PER_STEP = 2000;
/** Longer UIDs are kept as their digest. */
const MAX_UID_CHARS = 500;

/** A content line's name, parameters and value (RFC 5545 3.1), read in one pass. */
function contentLine(line: string): { name: string; params: string; value: string } | null {
  let quoted = false;
  let nameEnd = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && nameEnd < 0 && c === ";") nameEnd = i;
    else if (!quoted && c === ":") {
      const end = nameEnd < 0 ? i : nameEnd;
      return {
        name: line.slice(0, end).toUpperCase(),
        params: line.slice(end, i).toUpperCase(),
        value: line.slice(i + 1),
      };
    }
  }
  return null;
}

const ICS_DATE = /^(\d{4})(\d{2})(\d{2})$/;
const ICS_DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z?$/;
const ICS_DURATION = /^[+-]?P(?:\d+W|(?=\d|T\d)(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+S)?)?)$/;

/**
 * Whether a DATE or DATE-TIME value (RFC 5545 3.3.4, 3.3.5) names a real day and time: month
 * 1–12, a day the month has, hour 0–23 and so on, years 1900–9999. `20261340` or `garbage` is
 * not one, where JavaScript's Date would roll it over or read it as nothing.
 */
export function isIcsDateValue(value: string, params = ""): boolean {
  const kind = /;VALUE=DATE(?:[;:]|$)/.test(params)
    ? "date"
    : /;VALUE=DATE-TIME(?:[;:]|$)/.test(params)
      ? "date-time"
      : "either";
  const m =
    (kind !== "date-time" && ICS_DATE.exec(value)) ||
    (kind !== "date" && ICS_DATE_TIME.exec(value));
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  if (m[4] === undefined) return true;
  return Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) <= 60;
}

/** A PERIOD value (RFC 5545 3.3.9): a start and an end, or a start and a duration. */
function isIcsPeriod(value: string): boolean {
  const [from, to, extra] = value.split("/");
  if (from === undefined || to === undefined || extra !== undefined) return false;
  return (
    isIcsDateValue(from, ";VALUE=DATE-TIME") &&
    (isIcsDateValue(to, ";VALUE=DATE-TIME") || ICS_DURATION.test(to))
  );
}

const DATE_PROPERTIES = new Set(["DTSTART", "DTEND", "RECURRENCE-ID", "EXDATE", "RDATE"]);

/** A date property, checked and written again plainly; null when a value is not a date. */
interface DateProperty {
  name: string;
  /** `;VALUE=DATE` and `;TZID="…"` as node-ical reads them, or "". */
  params: string;
  values: string[];
  line: string;
}

/**
 * A DTSTART, DTEND, RECURRENCE-ID, EXDATE or RDATE line read and written again: values checked
 * (a list for EXDATE and RDATE, periods for RDATE), a floating date-time given Phuket's zone
 * (the units are there, whatever zone the server runs in), and the zone's name quoted, so that
 * Outlook's unquoted `TZID=(UTC+07:00) Bangkok, Hanoi, Jakarta` survives. A date value has no
 * colon, so the value is what follows the line's last one.
 */
function dateProperty(line: string): DateProperty | null {
  const colon = line.lastIndexOf(":");
  const nameEnd = line.search(/[;:]/);
  if (colon < 0 || nameEnd < 0) return null;
  const name = line.slice(0, nameEnd).toUpperCase();
  const paramText = line.slice(nameEnd, colon);
  const valueType = /;VALUE=([A-Za-z-]+)/i.exec(paramText)?.[1]?.toUpperCase() ?? "";
  const tzid = /;TZID=("([^"]*)"|.*?)(?=;[A-Za-z-]+=|$)/i.exec(paramText);
  let zone = (tzid?.[2] ?? tzid?.[1] ?? "").trim();
  const values = line
    .slice(colon + 1)
    .split(",")
    .map((v) => v.trim().toUpperCase())
    // `VALUE=DATE` with a time written after the date (some exporters): the date is meant.
    .map((v) => (valueType === "DATE" && /^\d{8}T\d{6}Z?$/.test(v) ? v.slice(0, 8) : v));
  const multiple = name === "EXDATE" || name === "RDATE";
  if (values.length === 0 || (!multiple && values.length > 1)) return null;
  const typeParam =
    valueType === "DATE" || valueType === "DATE-TIME" || valueType === "PERIOD"
      ? `;VALUE=${valueType}`
      : "";
  for (const value of values) {
    const ok =
      name === "RDATE" && (valueType === "PERIOD" || value.includes("/"))
        ? isIcsPeriod(value)
        : valueType !== "PERIOD" && isIcsDateValue(value, typeParam);
    if (!ok) return null;
  }
  const timed = values.some((v) => v.includes("T"));
  const utc = values.every((v) => !v.includes("T") || v.split("/")[0]?.endsWith("Z"));
  if (!timed || utc) zone = "";
  else if (zone === "") zone = BUSINESS_TIME_ZONE;
  const params = `${typeParam}${zone ? `;TZID="${zone.replaceAll('"', "")}"` : ""}`;
  return { name, params, values, line: `${name}${params}:${values.join(",")}` };
}

interface EventBlock {
  /** The UID as written, "" when the event has none. */
  uid: string;
  /** The RECURRENCE-ID as written again, null for a series or a single event. */
  recurrenceId: string | null;
  sequence: number;
  /** The event's lines but its UID and RDATEs. */
  lines: string[];
  rdates: DateProperty[];
  start: DateProperty | null;
  end: DateProperty | null;
  duration: string | null;
  summary: string;
}

/**
 * The calendar split into its events, one pass over the text: the lines outside events that
 * node-ical needs again with every chunk (VERSION, time zones), and each VEVENT's lines. An
 * event with a date that is not one is counted and left out here, so node-ical never sees it.
 */
function* splitCalendar(
  text: string,
  out: { head: string[]; blocks: EventBlock[]; badDates: number },
): Generator<void, void, void> {
  const { head, blocks } = out;
  let current: (EventBlock & { bad: boolean; depth: number }) | null = null;
  let inTimeZone = 0;
  let headChars = 0;
  const finish = (line: string) => {
    if (current === null) return;
    const upper = line.toUpperCase();
    if (upper.startsWith("BEGIN:")) current.depth++;
    current.lines.push(line);
    if (upper.startsWith("END:")) current.depth--;
    if (current.depth > 0) return;
    const { bad, depth: _depth, ...block } = current;
    if (bad) out.badDates++;
    else blocks.push(block);
    current = null;
  };
  // Unfolded on the way (a line starting with a space or tab continues the one before).
  const raw = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  for (let i = 0; i < raw.length; i++) {
    if (i % LINES_PER_STEP === 0) yield;
    let line = raw[i] ?? "";
    while (i + 1 < raw.length && /^[ \t]/.test(raw[i + 1] ?? "")) line += (raw[++i] ?? "").slice(1);
    if (line === "") continue;
    if (current !== null) {
      if (current.depth === 1) {
        const prop = contentLine(line);
        const name = prop?.name ?? "";
        if (name === "UID") {
          current.uid = prop?.value.trim() ?? "";
          continue;
        }
        if (name === "SEQUENCE") current.sequence = Number.parseInt(prop?.value ?? "", 10) || 0;
        else if (name === "SUMMARY") current.summary = prop?.value ?? "";
        else if (name === "DURATION") {
          const value = (prop?.value ?? "").trim().toUpperCase();
          if (!ICS_DURATION.test(value)) current.bad = true;
          current.duration = value;
        } else if (DATE_PROPERTIES.has(line.slice(0, line.search(/[;:]|$/)).toUpperCase())) {
          const date = dateProperty(line);
          if (date === null) {
            current.bad = true;
          } else if (date.name === "RDATE") {
            current.rdates.push(date);
            continue;
          } else {
            if (date.name === "DTSTART") current.start = date;
            else if (date.name === "DTEND") current.end = date;
            else if (date.name === "RECURRENCE-ID") current.recurrenceId = date.line.slice(13);
            line = date.line;
          }
        }
      }
      finish(line);
      continue;
    }
    const upper = line.toUpperCase();
    if (upper === "BEGIN:VEVENT" && inTimeZone === 0) {
      current = {
        uid: "",
        recurrenceId: null,
        sequence: 0,
        lines: [line],
        rdates: [],
        start: null,
        end: null,
        duration: null,
        summary: "",
        bad: false,
        depth: 1,
      };
      continue;
    }
    if (upper === "BEGIN:VCALENDAR" || upper === "END:VCALENDAR") continue;
    if (upper === "BEGIN:VTIMEZONE") inTimeZone++;
    const keep = inTimeZone > 0 || /^(VERSION|CALSCALE)[;:]/.test(upper);
    if (upper === "END:VTIMEZONE") inTimeZone = Math.max(0, inTimeZone - 1);
    if (!keep) continue;
    headChars += line.length + 2;
    if (headChars > MAX_HEAD_CHARS)
      throw new FeedError("The calendar's time-zone definitions are too large");
    head.push(line);
  }
}

const digest = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 22);

/**
 * An event's key: its UID, or for an event without one a key made of its start, end and
 * summary, the same at every reading of the same event (Exchange and OWA publish such events).
 */
function eventKey(block: EventBlock): string {
  const uid = block.uid;
  if (uid === "") {
    const content = [block.start?.line, block.end?.line, block.duration, block.summary.trim()];
    return `no-uid:${digest(content.join("\n"))}`;
  }
  return uid.length > MAX_UID_CHARS ? `long-uid:${digest(uid)}` : uid;
}

/** Wall-clock seconds from one date-time value to another, read as if in the same zone. */
function wallSeconds(from: string, to: string): number {
  const at = (v: string) =>
    Date.UTC(
      +v.slice(0, 4),
      +v.slice(4, 6) - 1,
      +v.slice(6, 8),
      +v.slice(9, 11),
      +v.slice(11, 13),
      +v.slice(13, 15),
    );
  return (at(to) - at(from)) / 1000;
}

/** How long each occurrence of a series lasts, as a DURATION value for its RDATEs. */
function seriesDuration(block: EventBlock, allDay: boolean): string {
  if (block.duration) return block.duration;
  const start = block.start?.values[0] ?? "";
  const end = block.end?.values[0];
  if (end !== undefined && !start.includes("T") && !end.includes("T"))
    return `P${Math.max(1, wallSeconds(`${start}T000000`, `${end}T000000`) / 86_400)}D`;
  if (end !== undefined && start.includes("T") && end.includes("T"))
    return `PT${Math.max(0, wallSeconds(start, end))}S`;
  return allDay ? "P1D" : "PT0S";
}

const SERIES_ONLY = /^(RRULE|EXRULE|EXDATE|DTSTART|DTEND|DURATION|RECURRENCE-ID)[;:]/i;

/** The events RDATE adds to a series, each an event of its own with the series' other lines. */
function rdateBlocks(master: EventBlock): EventBlock[] {
  const out: EventBlock[] = [];
  const body = master.lines.filter((line, i) => i === 0 || !SERIES_ONLY.test(line));
  const last = body.pop() as string; // END:VEVENT
  for (const rdate of master.rdates) {
    for (const value of rdate.values) {
      const [from = "", to] = value.split("/");
      const allDay = !from.includes("T");
      const dateParam = allDay ? ";VALUE=DATE" : "";
      const zone = rdate.params.replace(/;VALUE=[A-Z-]+/, "");
      const start = `DTSTART${dateParam}${zone}:${from}`;
      const end =
        to === undefined
          ? `DURATION:${seriesDuration(master, allDay)}`
          : to.startsWith("P") || to.startsWith("+P") || to.startsWith("-P")
            ? `DURATION:${to}`
            : `DTEND${zone}:${to}`;
      out.push({ ...master, rdates: [], lines: [...body, start, end, last] });
    }
  }
  return out;
}

/** One event as node-ical is to read it, with the part it plays in its series. */
interface Reading {
  key: string;
  role: "single" | "master" | "override" | "rdate";
  lines: string[];
}

/**
 * The events to read, grouped by key (UID): of events with the same UID and RECURRENCE-ID the
 * highest SEQUENCE (the later one of equals), and each RDATE of a series as an event of its own.
 */
function readingsOf(blocks: EventBlock[]): Reading[][] {
  const latest = new Map<string, { key: string; block: EventBlock }>();
  for (const block of blocks) {
    const key = eventKey(block);
    const id = `${key}\n${block.recurrenceId ?? ""}`;
    const seen = latest.get(id);
    if (!seen || block.sequence >= seen.block.sequence) latest.set(id, { key, block });
  }
  const groups = new Map<string, Reading[]>();
  for (const { key, block } of latest.values()) {
    const group = groups.get(key) ?? [];
    groups.set(key, group);
    if (block.recurrenceId !== null) {
      group.push({ key, role: "override", lines: block.lines });
      continue;
    }
    group.push({ key, role: "master", lines: block.lines });
    for (const extra of rdateBlocks(block)) group.push({ key, role: "rdate", lines: extra.lines });
  }
  for (const group of groups.values()) {
    const master = group.find((r) => r.role === "master");
    const series =
      group.length > 1 || master?.lines.some((line) => /^RRULE[;:]/i.test(line)) === true;
    if (master && !series) master.role = "single";
  }
  return [...groups.values()];
}

/** Groups in chunks of about `EVENTS_PER_CHUNK` events, in the order the feed has them. */
function chunksOf(groups: Reading[][]): Reading[][][] {
  const chunks: Reading[][][] = [];
  let chunk: Reading[][] = [];
  let size = 0;
  for (const group of groups) {
    chunk.push(group);
    size += group.length;
    if (size >= EVENTS_PER_CHUNK) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/**
 * The calendar node-ical reads: each event with a UID of its own (`n`, its place in the list),
 * so that node-ical relates none of them; how they relate is decided here.
 */
function calendarOf(head: string[], readings: Reading[]): string {
  const lines = ["BEGIN:VCALENDAR", ...head];
  readings.forEach((reading, n) => {
    lines.push(reading.lines[0] as string, `UID:${n}`, ...reading.lines.slice(1));
  });
  lines.push("END:VCALENDAR");
  return lines.join("\r\n");
}

/** node-ical's events by the UID `calendarOf` gave them; null when the text cannot be read. */
function parseReadings(head: string[], readings: Reading[]): (VEvent | undefined)[] | null {
  try {
    const parsed = nodeIcal.sync.parseICS(calendarOf(head, readings));
    return readings.map((_, n) => {
      const event = parsed[String(n)];
      return event?.type === "VEVENT" ? (event as VEvent) : undefined;
    });
  } catch {
    return null;
  }
}

export interface FeedReading {
  events: FeedEvent[];
  /** Events left out, by reason, while the rest were read. */
  skipped: SkippedEvents;
}

const cancelled = (event: VEvent) => String(event.status ?? "").toUpperCase() === "CANCELLED";

/**
 * The work of reading a feed, in steps: the generator yields after each chunk of events and
 * each repeating event, so that the caller can let the server's other work run in between.
 */
function* readingSteps(
  text: string,
  options: FeedParseOptions,
  reading: FeedReading,
): Generator<void, void, void> {
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text.slice(0, 1000))) {
    throw new FeedError("The answer is not an iCalendar file (no BEGIN:VCALENDAR)");
  }
  const split = { head: [] as string[], blocks: [] as EventBlock[], badDates: 0 };
  yield* splitCalendar(text, split);
  const { head, blocks, badDates } = split;
  const skip = (reason: SkipReason, count = 1) => {
    if (count > 0) reading.skipped[reason] = (reading.skipped[reason] ?? 0) + count;
  };
  skip("bad-date", badDates);
  yield;
  const today = businessToday(options.now);
  const earliestEnd = plusDays(today, -365);
  const latestStart = plusDays(today, 3 * 366);
  const windowStart = new Date(`${earliestEnd}T00:00:00+07:00`);
  const windowEnd = new Date(`${plusDays(latestStart, 1)}T00:00:00+07:00`);
  const maxEvents = options.maxEvents ?? FEED_EVENT_LIMITS.maxEvents;
  const { events } = reading;
  const add = (key: string, taken: { start: string; end: string } | null) => {
    if (taken === null) return skip("bad-date");
    const { start, end } = taken;
    if (end < earliestEnd || start > latestStart || dayCount(start, end) > 3660) return;
    events.push({ uid: key, start, end });
    if (events.length > maxEvents) {
      throw new FeedError(`The feed has more than ${maxEvents} events in the import window`);
    }
  };

  for (const chunk of chunksOf(readingsOf(blocks))) {
    // A chunk node-ical cannot read is read again one event at a time: only those are lost.
    const flat = chunk.flat();
    let parsed = parseReadings(head, flat);
    if (parsed === null) {
      parsed = flat.map((r) => {
        const one = parseReadings(head, [r]);
        if (one === null) skip("unreadable");
        return one?.[0];
      });
    }
    let at = 0;
    for (const group of chunk) {
      const parsedGroup = group.map((r) => ({ ...r, event: parsed[at++] }));
      yield* seriesSteps(parsedGroup, { windowStart, windowEnd, add, skip });
    }
    yield;
  }
  // In the order of their first days (the feed's order among those of one day).
  events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

interface SeriesContext {
  windowStart: Date;
  windowEnd: Date;
  add: (key: string, taken: { start: string; end: string } | null) => void;
  skip: (reason: SkipReason, count?: number) => void;
}

/**
 * The occurrences of one UID: a single event is one; a series gives those of its RRULE and
 * RDATEs (its first start is one), less its EXDATEs and the occurrences moved or cancelled by
 * an override; each override that is not cancelled is one, whether its series is in the file
 * or not. Each occurrence is keyed by the UID and its RECURRENCE-ID (or original start).
 */
function* seriesSteps(
  group: (Reading & { event: VEvent | undefined })[],
  context: SeriesContext,
): Generator<void, void, void> {
  const { add, skip } = context;
  const read = group.filter((r) => r.event !== undefined) as (Reading & { event: VEvent })[];
  for (const r of read) if (!isDate(r.event.start)) skip("no-start");
  const usable = read.filter((r) => isDate(r.event.start));
  const master = usable.find((r) => r.role === "master" || r.role === "single");
  if (master?.role === "single") {
    if (!cancelled(master.event)) add(master.key, period(master.event.start, master.event.end));
    return;
  }
  if (master && cancelled(master.event)) return;
  const occurrenceKey = (key: string, at: IcsDate) => `${key}#${instantKey(at)}`;
  const overrides = new Map<string, VEvent>();
  const allDaySeries = master !== undefined && (master.event.start as IcsDate).dateOnly === true;
  for (const r of usable) {
    if (r.role !== "override") continue;
    const rid = r.event.recurrenceid as IcsDate | undefined;
    if (!isDate(rid)) {
      skip("bad-date");
      continue;
    }
    // Exchange names an all-day occurrence by its midnight in the organiser's zone.
    const key =
      allDaySeries && !rid.dateOnly
        ? `${r.key}#${zonedDay(rid, rid.tz)}`
        : occurrenceKey(r.key, rid);
    overrides.set(key, r.event);
  }
  if (master) {
    const event = master.event;
    const exdates = Object.values(event.exdate ?? {}).filter(isDate);
    const excluded = new Set(exdates.map((d) => occurrenceKey(master.key, d)));
    const start = event.start as IcsDate;
    // An EXDATE that is a date takes out a timed occurrence on that day (in the series' zone).
    const excludedDays = new Set(exdates.filter((d) => d.dateOnly).map(localDay));
    const dayInZone = (at: IcsDate) => zonedDay(at, start.tz);
    const end = isDate(event.end) ? (event.end as IcsDate) : undefined;
    const starts: IcsDate[] = [];
    if (event.rrule) {
      const steps = ruleStarts(event, context);
      if (steps === null) {
        skip("too-many");
        return;
      }
      starts.push(...steps);
    } else starts.push(start);
    yield;
    const days = start.dateOnly && end ? Math.max(1, dayCount(dayOf(start), dayOf(end))) : 1;
    const lasts = end ? end.getTime() - start.getTime() : 0;
    for (const at of starts) {
      const key = occurrenceKey(master.key, at);
      if (excluded.has(key) || overrides.has(key)) continue;
      if (!at.dateOnly && excludedDays.size > 0 && excludedDays.has(dayInZone(at))) continue;
      if (at.dateOnly) {
        const first = localDay(at);
        add(key, { start: first, end: plusDays(first, days) });
      } else add(key, period(at, end ? new Date(at.getTime() + lasts) : undefined));
    }
    for (const r of usable) {
      if (r.role !== "rdate") continue;
      const key = occurrenceKey(master.key, r.event.start as IcsDate);
      if (excluded.has(key) || overrides.has(key) || cancelled(r.event)) continue;
      add(key, period(r.event.start, r.event.end));
    }
  }
  for (const [key, event] of overrides) {
    if (!cancelled(event)) add(key, period(event.start, event.end));
  }
}

/**
 * The starts of a series' RRULE that may touch the import window, or null when the rule takes
 * more than `MAX_RULE_STEPS` steps to get through it (one repeating every minute for years).
 */
function ruleStarts(event: VEvent, context: SeriesContext): IcsDate[] | null {
  const start = event.start as IcsDate;
  const lasts = isDate(event.end) ? Math.max(0, event.end.getTime() - start.getTime()) : 0;
  const from = context.windowStart.getTime() - lasts - 86_400_000;
  const to = context.windowEnd.getTime() + 86_400_000;
  const starts: IcsDate[] = [];
  let steps = 0;
  let tooMany = false;
  try {
    event.rrule?.all((date: Date) => {
      if (date.getTime() > to) return false;
      if (++steps > MAX_RULE_STEPS) {
        tooMany = true;
        return false;
      }
      if (date.getTime() >= from) starts.push(date as IcsDate);
      return true;
    });
  } catch {
    return null;
  }
  return tooMany ? null : starts;
}

export interface FeedParseOptions {
  now?: Date;
  maxEvents?: number;
}

/**
 * The taken periods of an iCalendar text: events with a start, not cancelled, as whole days
 * (the end is the first free day; a timed event takes at least its first day). Occurrences that
 * ended over a year ago or start more than three years ahead are left out; at most `maxEvents`
 * inside that window. A series (an owner's weekly block, say) gives one period per occurrence,
 * each with its own key (see `FeedEvent`). An event that cannot be read is skipped and counted,
 * the rest read. Read in chunks, giving the
 * server's thread back between them (`setImmediate`), so that no step holds it for long.
 */
export async function readFeedEvents(
  text: string,
  options: FeedParseOptions = {},
): Promise<FeedReading> {
  const reading: FeedReading = { events: [], skipped: {} };
  const steps = readingSteps(text, options, reading);
  while (!steps.next().done) await nextTurn();
  return reading;
}

/** `readFeedEvents` in one go, for short texts (tests, a calendar read back). */
export function parseFeedEvents(text: string, options: FeedParseOptions = {}): FeedEvent[] {
  const reading: FeedReading = { events: [], skipped: {} };
  const steps = readingSteps(text, options, reading);
  while (!steps.next().done) {}
  return reading.events;
}
