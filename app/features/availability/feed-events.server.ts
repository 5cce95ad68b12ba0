import nodeIcal, { type VEvent } from "node-ical";
import { addDays, bangkokToday, daysBetween } from "./calendar-dates.ts";
import { nextTurn } from "./next-turn.ts";

/**
 * Reading an iCalendar feed into taken periods (decision 060), strictly and in steps (decision
 * 092): an event whose dates are not real dates is skipped and counted, the rest read; the text
 * goes to node-ical a chunk of events at a time, the server's thread given back in between.
 */

/** At most so many events per feed, and so many repeating ones (each costs some milliseconds). */
export const FEED_EVENT_LIMITS = { maxEvents: 5000, maxRepeating: 25 };

/** A feed that cannot be used; its message is what the admin sees. */
export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedError";
  }
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
}

/** Why an event of a feed was left out while the rest were read. */
export type SkipReason = "bad-date" | "unreadable";
export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  "bad-date": "bad dates",
  unreadable: "could not be read",
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

/** An event's day in Phuket: all-day values are dates as written; times are read in Bangkok. */
function dayOf(value: Date & { dateOnly?: boolean }): string {
  if (value.dateOnly) {
    // node-ical makes a date-only value local midnight of this process's time zone.
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, "0");
    const d = String(value.getDate()).padStart(2, "0");
    return `${y}-${m}-${d}`;
  }
  return bangkokToday(value);
}

const isDate = (value: unknown): value is Date =>
  value instanceof Date && Number.isFinite(value.getTime());

/**
 * One taken period as whole days: the end is the first free day, and at least a day after the
 * start. Null when a date is not one (node-ical hands a value it could not read on as text).
 */
function period(start: unknown, end: unknown): { start: string; end: string } | null {
  if (!isDate(start) || (end !== undefined && !isDate(end))) return null;
  const first = dayOf(start);
  const last = end ? dayOf(end) : addDays(first, 1);
  return { start: first, end: last <= first ? addDays(first, 1) : last };
}

/**
 * The occurrences of a repeating event (RRULE) between two days, with its exceptions (EXDATE)
 * left out and its moved or cancelled occurrences (RECURRENCE-ID) applied, by node-ical. The
 * expansion library stops a rule after a bounded number of steps; such a rule (one repeating
 * every minute, say) is the feed's error, not a hang.
 */
function occurrences(
  event: VEvent,
  from: string,
  to: string,
): { start: Date; end: Date; event: VEvent }[] {
  try {
    return nodeIcal.expandRecurringEvent(event, {
      from: new Date(`${from}T00:00:00+07:00`),
      to: new Date(`${to}T00:00:00+07:00`),
      expandOngoing: true,
    });
  } catch (error) {
    throw new FeedError(
      `The repeating event "${String(event.uid).slice(0, 80)}" could not be read: ${causeOf(error)}`,
    );
  }
}

/** Events handed to node-ical at a time: a few milliseconds of the server's thread each. */
const EVENTS_PER_CHUNK = 100;
/** Time-zone definitions repeated in every chunk; real ones are a few kilobytes. */
const MAX_HEAD_CHARS = 64 * 1024;
/** Lines of the text split into events between two pauses. */
const LINES_PER_STEP = 2000;

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

const DATE_PROPERTIES = new Set(["DTSTART", "DTEND", "RECURRENCE-ID", "EXDATE"]);

interface EventBlock {
  uid: string;
  lines: string[];
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
  let current: { uid: string; lines: string[]; bad: boolean; depth: number } | null = null;
  let inTimeZone = 0;
  let headChars = 0;
  const finish = (line: string) => {
    if (current === null) return;
    const upper = line.toUpperCase();
    if (upper.startsWith("BEGIN:")) current.depth++;
    current.lines.push(line);
    if (upper.startsWith("END:")) current.depth--;
    if (current.depth > 0) return;
    if (current.bad) out.badDates++;
    else blocks.push({ uid: current.uid, lines: current.lines });
    current = null;
  };
  // Unfolded on the way (a line starting with a space or tab continues the one before).
  const raw = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < raw.length; i++) {
    if (i % LINES_PER_STEP === 0) yield;
    let line = raw[i] ?? "";
    while (i + 1 < raw.length && /^[ \t]/.test(raw[i + 1] ?? "")) line += (raw[++i] ?? "").slice(1);
    if (line === "") continue;
    if (current !== null) {
      if (current.depth === 1) {
        const prop = contentLine(line);
        if (prop?.name === "UID") current.uid = prop.value.trim();
        else if (prop && DATE_PROPERTIES.has(prop.name)) {
          const values = prop.name === "EXDATE" ? prop.value.split(",") : [prop.value];
          if (!values.every((v) => isIcsDateValue(v.trim(), prop.params))) current.bad = true;
        }
      }
      finish(line);
      continue;
    }
    const upper = line.toUpperCase();
    if (upper === "BEGIN:VEVENT" && inTimeZone === 0) {
      current = { uid: "", lines: [line], bad: false, depth: 1 };
      continue;
    }
    if (upper === "BEGIN:VCALENDAR" || upper === "END:VCALENDAR") continue;
    if (upper === "BEGIN:VTIMEZONE") inTimeZone++;
    const keep = inTimeZone > 0 || /^(VERSION|CALSCALE|X-WR-TIMEZONE)[;:]/.test(upper);
    if (upper === "END:VTIMEZONE") inTimeZone = Math.max(0, inTimeZone - 1);
    if (!keep) continue;
    headChars += line.length + 2;
    if (headChars > MAX_HEAD_CHARS)
      throw new FeedError("The calendar's time-zone definitions are too large");
    head.push(line);
  }
}

/**
 * Events of one UID stay together (an event and its moved occurrences), in chunks of about
 * `EVENTS_PER_CHUNK`, in the order the feed has them.
 */
function chunksOf(blocks: EventBlock[]): EventBlock[][][] {
  const groups = new Map<string, EventBlock[]>();
  let anonymous = 0;
  for (const block of blocks) {
    const key = block.uid === "" ? `\u0000${anonymous++}` : block.uid;
    const group = groups.get(key);
    if (group) group.push(block);
    else groups.set(key, [block]);
  }
  const chunks: EventBlock[][][] = [];
  let chunk: EventBlock[][] = [];
  let size = 0;
  for (const group of groups.values()) {
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

const calendarOf = (head: string[], groups: EventBlock[][]) =>
  [
    "BEGIN:VCALENDAR",
    ...head,
    ...groups.flatMap((g) => g.flatMap((b) => b.lines)),
    "END:VCALENDAR",
  ].join("\r\n");

export interface FeedReading {
  events: FeedEvent[];
  /** Events left out, by reason, while the rest were read. */
  skipped: SkippedEvents;
}

/**
 * The work of reading a feed, in steps: the generator yields after each chunk of events and
 * each repeating event, so that the caller can let the server's other work run in between.
 */
function* readingSteps(
  text: string,
  options: FeedParseOptions,
  reading: FeedReading,
): Generator<void, void, void> {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.slice(0, 1000))) {
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
  const today = bangkokToday(options.now);
  const earliestEnd = addDays(today, -365);
  const latestStart = addDays(today, 3 * 366);
  const maxEvents = options.maxEvents ?? FEED_EVENT_LIMITS.maxEvents;
  const maxRepeating = options.maxRepeating ?? FEED_EVENT_LIMITS.maxRepeating;
  const { events } = reading;
  const add = (uid: string, taken: { start: string; end: string } | null) => {
    if (taken === null) return skip("bad-date");
    const { start, end } = taken;
    if (end < earliestEnd || start > latestStart || daysBetween(start, end) > 3660) return;
    events.push({ uid, start, end });
    if (events.length > maxEvents) {
      throw new FeedError(`The feed has more than ${maxEvents} events`);
    }
  };
  let repeating = 0;
  for (const chunk of chunksOf(blocks)) {
    // A chunk node-ical cannot read is read again one UID at a time: only those are lost.
    let parsedGroups: VEvent[][];
    try {
      parsedGroups = [vevents(nodeIcal.sync.parseICS(calendarOf(head, chunk)))];
    } catch {
      parsedGroups = [];
      for (const group of chunk) {
        try {
          parsedGroups.push(vevents(nodeIcal.sync.parseICS(calendarOf(head, [group]))));
        } catch {
          skip("unreadable", group.length);
        }
      }
    }
    for (const event of parsedGroups.flat()) {
      const uid = typeof event.uid === "string" ? event.uid.trim() : "";
      if (!uid || uid.length > 500 || !event.start) continue;
      if (String(event.status ?? "").toUpperCase() === "CANCELLED") continue;
      if (!event.rrule) {
        add(uid, period(event.start, event.end));
        continue;
      }
      if (!isDate(event.start)) {
        skip("bad-date");
        continue;
      }
      repeating += 1;
      if (repeating > maxRepeating) {
        throw new FeedError(`The feed has more than ${maxRepeating} repeating events`);
      }
      for (const occurrence of occurrences(event, earliestEnd, latestStart)) {
        if (String(occurrence.event.status ?? "").toUpperCase() === "CANCELLED") continue;
        const taken = period(occurrence.start, occurrence.end);
        add(taken ? `${uid}#${taken.start}` : uid, taken);
      }
      yield;
    }
    yield;
  }
}

const vevents = (parsed: ReturnType<typeof nodeIcal.sync.parseICS>): VEvent[] =>
  Object.values(parsed).filter((c) => c?.type === "VEVENT") as VEvent[];

export interface FeedParseOptions {
  now?: Date;
  maxEvents?: number;
  maxRepeating?: number;
}

/**
 * The taken periods of an iCalendar text: events with a UID and a start, not cancelled, as whole
 * days (the end is the first free day; a timed event takes at least its first day). Events that
 * ended over a year ago or start more than three years ahead are left out. A repeating event
 * (an owner's weekly block, say) gives one period per occurrence, each with its own UID (the
 * event's, `#` and the day it starts); at most `maxRepeating` of them per feed. An event whose
 * dates are not real dates is skipped and counted, the rest read. Read in chunks, giving the
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
