import { Form, href, Link, useActionData, useNavigation } from "react-router";
import { dayCount, formatAdminDateTime } from "../../domain/date-time.ts";
import { labelOf, PROPERTY_STATUS_LABELS } from "../../i18n/admin-labels.ts";
import { formConstraints } from "../../lib/form-schema.ts";
import { formatMonthTitle, LOCALES } from "../../lib/format.ts";
import { unitCalendarPath } from "../../lib/site-paths.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { LabelOptions } from "../../ui/label-options.tsx";
import { MonthTable, weekdayNames } from "./availability-calendar.tsx";
import type { CalendarActionResult, loadUnitCalendar } from "./calendar-admin.server.ts";
import { feedFormSchema } from "./feed-schema.ts";
import { calendarMonths } from "./month-grid.ts";
import type { PublicCalendar } from "./public-calendar.server.ts";
import { STAY_KIND_LABELS, STAY_KINDS, type StayKind } from "./stay-kinds.ts";
import { stayFormSchema } from "./stay-schema.ts";
import type { StayChange, StayRow, StaySnapshot } from "./stays.server.ts";

type UnitCalendar = NonNullable<Awaited<ReturnType<typeof loadUnitCalendar>>>;

const inputClass = "mt-1 block w-full rounded-lg border border-sand-200 px-3 py-2";
// Each field's limits as its form's schema sets them, not retyped here.
const STAY_LIMITS = formConstraints(stayFormSchema);
const FEED_LIMITS = formConstraints(feedFormSchema);
const time = (iso: string | null) => (iso ? formatAdminDateTime(iso) : "never");

function Notice({ result, form }: { result: CalendarActionResult | undefined; form: string }) {
  if (!result || result.form !== form) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-2 text-sm ${result.ok ? "text-emerald-800" : "text-rose-700"}`}
    >
      {result.message}
      {result.leaseId !== undefined && (
        <>
          {" "}
          <Link
            to={href("/admin/leases/:id", { id: String(result.leaseId) })}
            className="font-semibold underline"
          >
            Open lease #{result.leaseId}
          </Link>
        </>
      )}
    </p>
  );
}

/** The fields of a stay entered by hand, empty for a new one. */
function StayFields({ stay, prefix }: { stay?: StayRow; prefix: string }) {
  return (
    <div className="grid gap-3 sm:grid-cols-5">
      <label className="text-sm font-medium">
        Kind
        <select name="kind" defaultValue={stay?.kind ?? "lease"} className={inputClass}>
          <LabelOptions values={STAY_KINDS} labels={STAY_KIND_LABELS} />
        </select>
      </label>
      <label className="text-sm font-medium">
        First day
        <input
          id={`${prefix}-start`}
          type="date"
          name="startDate"
          {...STAY_LIMITS.startDate}
          defaultValue={stay?.startDate}
          className={inputClass}
        />
      </label>
      <label className="text-sm font-medium">
        First free day (check-out)
        <input
          id={`${prefix}-end`}
          type="date"
          name="endDate"
          {...STAY_LIMITS.endDate}
          defaultValue={stay?.endDate}
          className={inputClass}
        />
      </label>
      <label className="text-sm font-medium">
        Tenant (leases, private)
        <input
          name="tenantName"
          {...STAY_LIMITS.tenantName}
          defaultValue={stay?.tenantName ?? ""}
          className={inputClass}
        />
      </label>
      <label className="text-sm font-medium">
        Lease months
        <input
          type="number"
          name="leaseMonths"
          {...STAY_LIMITS.leaseMonths}
          defaultValue={stay?.leaseMonths ?? ""}
          className={inputClass}
        />
      </label>
    </div>
  );
}

/** A stay as one line of the changes list: "Lease 2026-12-01 → 2027-06-01, tenant Anna, 6 months". */
function staySummary(stay: StaySnapshot): string {
  const label = STAY_KIND_LABELS[stay.kind as StayKind] ?? stay.kind;
  return [
    `${label} ${stay.startDate} → ${stay.endDate}`,
    stay.tenantName && `tenant ${stay.tenantName}`,
    stay.leaseMonths && `${stay.leaseMonths} months`,
  ]
    .filter(Boolean)
    .join(", ");
}

/** What the audit log records of a stay changed by hand (see stays.server.ts). */
const CHANGE_VERBS: Record<"create" | "update" | "delete", string> = {
  create: "Added",
  update: "Changed",
  delete: "Removed",
};

function StayChanges({ changes }: { changes: StayChange[] }) {
  return (
    <section aria-labelledby="changes-heading" className="mt-8">
      <h2 id="changes-heading" className="mb-2 text-lg font-semibold text-sea-900">
        Changes by hand
      </h2>
      {changes.length === 0 ? (
        <p className="text-ink-600">No stay has been entered, changed or removed by hand yet.</p>
      ) : (
        <ol className="space-y-1 text-sm" aria-label="Changes to stays">
          {changes.map((change) => (
            <li key={change.id} data-testid="stay-change" className="text-ink-700">
              <span className="text-ink-500">{formatAdminDateTime(change.at)}</span>{" "}
              <span className="font-semibold">{labelOf(CHANGE_VERBS, change.action)}</span>{" "}
              {change.before && change.after
                ? `${staySummary(change.before)} → ${staySummary(change.after)}`
                : staySummary((change.after ?? change.before) as StaySnapshot)}
              {change.by ? ` · by ${change.by}` : ""}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Previous and next pages of a unit's stays (50 a page, upcoming first). */
function StayPages({ page, pages, count }: { page: number; pages: number; count: number }) {
  const link =
    "rounded-md px-2 py-1 font-semibold text-sea-800 ring-1 ring-sand-200 hover:bg-sand-100";
  return (
    <nav aria-label="Pages of stays" className="my-3 flex flex-wrap items-center gap-3 text-sm">
      {page > 1 && (
        <Link to={`?page=${page - 1}`} rel="prev" className={link}>
          Previous
        </Link>
      )}
      <span>
        Page {page} of {pages} ({count} stays, upcoming first)
      </span>
      {page < pages && (
        <Link to={`?page=${page + 1}`} rel="next" className={link}>
          Next
        </Link>
      )}
    </nav>
  );
}

/** Six months of the unit's days, taken and free, as visitors see them: gaps show at once. */
function MonthGrid({ calendar, fromStatus }: { calendar: PublicCalendar; fromStatus: boolean }) {
  const months = calendarMonths(calendar.today, calendar.busy, 6);
  const weekdays = weekdayNames(LOCALES.en);
  return (
    <section aria-labelledby="grid-heading" className="mb-6">
      <h2 id="grid-heading" className="mb-1 text-lg font-semibold text-sea-900">
        Next six months
      </h2>
      <p className="mb-3 text-sm text-ink-600">
        Taken days are shaded and struck through, as on the unit's public page
        {fromStatus ? "; with no stays, they follow the status set in the property form." : "."}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {months.map((month) => (
          <MonthTable
            key={month.key}
            month={month}
            title={formatMonthTitle(month.year, month.month, "en")}
            weekdays={weekdays}
            takenText="taken"
            variant="admin"
          />
        ))}
      </div>
    </section>
  );
}

/**
 * A unit's calendar for the desk: its status, six months of days, its stays and blocks (entered
 * by hand, from leases or from feeds), its calendar feeds, and the changes made by hand.
 */
export function UnitCalendarAdmin({
  unit,
  stays,
  feeds,
  changes,
  stayCount,
  conflictCount: conflicts,
  page,
  pages,
  calendar,
}: UnitCalendar) {
  const result = useActionData() as CalendarActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const feedName = new Map(feeds.map((f) => [f.id, f.name]));
  return (
    <>
      <section
        aria-labelledby="status-heading"
        className="mb-6 rounded-xl bg-white p-4 ring-1 ring-sand-200"
      >
        <h2 id="status-heading" className="font-semibold text-sea-900">
          {unit.building} · {unit.unitCode}: {labelOf(PROPERTY_STATUS_LABELS, unit.status)}
          {unit.availableFrom && ` from ${unit.availableFrom}`}
          {unit.rentedUntil && ` until ${unit.rentedUntil}`}
          {unit.statusOverride && (
            <span
              data-testid="override-badge"
              className="ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-ink-500"
            >
              override
            </span>
          )}
        </h2>
        <p className="mt-1 text-sm text-ink-600">
          {unit.statusOverride
            ? "The status and dates are set by hand in the property form; the calendar does not change them."
            : stayCount > 0 || feeds.length > 0
              ? "The status follows this calendar (Bangkok dates), and again each midnight."
              : "No stays yet: the status is the one set in the property form."}{" "}
          Booking channels can subscribe to{" "}
          <a className="underline" href={unitCalendarPath(unit.slug)}>
            {unitCalendarPath(unit.slug)}
          </a>
          .
        </p>
        {conflicts > 0 && (
          <p role="alert" className="mt-2 font-semibold text-rose-700">
            {conflicts} stays overlap another stay: check the ones marked “conflict”.
          </p>
        )}
      </section>

      <MonthGrid calendar={calendar} fromStatus={stayCount === 0 && unit.status !== "available"} />

      <section aria-labelledby="stays-heading" className="mb-6">
        <h2 id="stays-heading" className="mb-2 text-lg font-semibold text-sea-900">
          Stays and blocks
        </h2>
        <Notice result={result} form="stays" />
        {pages > 1 && <StayPages page={page} pages={pages} count={stayCount} />}
        {stays.length === 0 ? (
          <p className="text-ink-600">
            No stays.
            {unit.status !== "available" &&
              " The status above was set in the property form; the months show it until stays are added."}
          </p>
        ) : (
          <ul className="space-y-2" aria-label="Stays">
            {stays.map((stay) => (
              <li
                key={stay.id}
                data-testid="stay"
                className={`rounded-lg bg-white p-3 text-sm ring-1 ${stay.conflict ? "ring-rose-400" : "ring-sand-200"}`}
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold">{STAY_KIND_LABELS[stay.kind as StayKind]}</span>
                  <span>
                    {stay.startDate} → {stay.endDate} ({dayCount(stay.startDate, stay.endDate)}{" "}
                    nights)
                  </span>
                  {stay.tenantName && <span>Tenant: {stay.tenantName}</span>}
                  {stay.leaseMonths && <span>{stay.leaseMonths} months</span>}
                  <span className="text-ink-500">
                    {stay.leaseId ? (
                      <Link
                        to={href("/admin/leases/:id", { id: String(stay.leaseId) })}
                        className="underline"
                      >
                        from lease #{stay.leaseId}: change it there
                      </Link>
                    ) : stay.feedId === null ? (
                      "entered by hand"
                    ) : (
                      `from ${feedName.get(stay.feedId) ?? "a feed"}`
                    )}
                  </span>
                  {stay.conflict && (
                    <span className="rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-900">
                      conflict
                    </span>
                  )}
                  {stay.feedId === null && !stay.leaseId && (
                    <Form method="post" className="ml-auto">
                      <input type="hidden" name="intent" value="remove-stay" />
                      <input type="hidden" name="id" value={stay.id} />
                      <button
                        type="submit"
                        disabled={busy}
                        className="rounded-md px-2 py-1 text-xs font-semibold text-rose-700 ring-1 ring-rose-200 hover:bg-rose-50"
                        aria-label={`Remove the stay from ${stay.startDate}`}
                      >
                        Remove
                      </button>
                    </Form>
                  )}
                </div>
                {stay.feedId === null && !stay.leaseId && (
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sea-800">Change</summary>
                    <Form method="post" className="mt-2 space-y-2">
                      <input type="hidden" name="intent" value="update-stay" />
                      <input type="hidden" name="id" value={stay.id} />
                      <StayFields stay={stay} prefix={`stay-${stay.id}`} />
                      <button type="submit" disabled={busy} className={buttonStyles.primary}>
                        Save stay
                      </button>
                    </Form>
                  </details>
                )}
                <Notice result={result} form={`stay-${stay.id}`} />
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="mt-4 space-y-2 rounded-xl bg-white p-4 ring-1 ring-sand-200">
          <h3 className="font-semibold text-sea-900">Add a stay or block</h3>
          <input type="hidden" name="intent" value="add-stay" />
          <StayFields prefix="new-stay" />
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            Add stay
          </button>
          <Notice result={result} form="add-stay" />
        </Form>
      </section>

      <section aria-labelledby="feeds-heading">
        <h2 id="feeds-heading" className="mb-2 text-lg font-semibold text-sea-900">
          Calendar feeds
        </h2>
        <Notice result={result} form="feeds" />
        {feeds.length === 0 ? (
          <p className="text-ink-600">No feeds.</p>
        ) : (
          <ul className="space-y-2" aria-label="Feeds">
            {feeds.map((feed) => (
              <li
                key={feed.id}
                data-testid="feed"
                className="rounded-lg bg-white p-3 text-sm ring-1 ring-sand-200"
              >
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-semibold">{feed.name}</span>
                  <span className="break-all text-ink-500">{feed.url}</span>
                  <Form method="post" className="ml-auto flex gap-2">
                    <input type="hidden" name="id" value={feed.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="sync-feed"
                      disabled={busy}
                      className="rounded-md px-2 py-1 text-xs font-semibold ring-1 ring-sand-200 hover:bg-sand-100"
                    >
                      Sync now
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="remove-feed"
                      disabled={busy}
                      className="rounded-md px-2 py-1 text-xs font-semibold text-rose-700 ring-1 ring-rose-200 hover:bg-rose-50"
                    >
                      Remove
                    </button>
                  </Form>
                </div>
                <p className="mt-1 text-ink-600">
                  Last good fetch: {time(feed.lastSuccessAt)} · last try: {time(feed.lastFetchedAt)}{" "}
                  · blocks {feed.nights} {feed.nights === 1 ? "night" : "nights"} from today
                </p>
                {feed.held && (
                  <div
                    data-testid="feed-held"
                    className="mt-2 rounded-md bg-amber-50 p-2 text-amber-950 ring-1 ring-amber-300"
                  >
                    <p className="font-semibold">Needs a look</p>
                    <p>
                      Since {time(feed.held.at)} the feed has no future events: reading it would
                      remove all {feed.held.removes} future blocks. They are kept until you apply
                      the change (a new export link of the channel is a common cause).
                    </p>
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="id" value={feed.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="apply-held"
                        disabled={busy}
                        className="rounded-md px-2 py-1 text-xs font-semibold text-rose-700 ring-1 ring-rose-300 hover:bg-rose-50"
                      >
                        Apply: remove {feed.held.removes} blocks
                      </button>
                    </Form>
                  </div>
                )}
                {feed.skipped && (
                  <p data-testid="feed-skipped" className="mt-1 text-amber-900">
                    Last good fetch: {feed.skipped}; the other events were read. Fix them where the
                    feed is kept.
                  </p>
                )}
                {feed.lastError && (
                  <p className="mt-1 text-rose-700">
                    Last error ({time(feed.lastErrorAt)}): {feed.lastError}.
                    {feed.failingSince && ` Failing since ${time(feed.failingSince)}.`} The stays of
                    its last good fetch are kept.
                  </p>
                )}
                <Notice result={result} form={`feed-${feed.id}`} />
              </li>
            ))}
          </ul>
        )}
        <Form
          method="post"
          className="mt-4 grid gap-3 rounded-xl bg-white p-4 ring-1 ring-sand-200 sm:grid-cols-[1fr_3fr_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="add-feed" />
          <label className="text-sm font-medium">
            Name
            <input name="name" {...FEED_LIMITS.name} placeholder="Airbnb" className={inputClass} />
          </label>
          <label className="text-sm font-medium">
            iCal address
            <input
              name="url"
              type="url"
              {...FEED_LIMITS.url}
              placeholder="https://www.airbnb.com/calendar/ical/….ics"
              className={inputClass}
            />
          </label>
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            Add feed
          </button>
          <div className="sm:col-span-3">
            <Notice result={result} form="add-feed" />
          </div>
        </Form>
      </section>
      <StayChanges changes={changes} />
    </>
  );
}
