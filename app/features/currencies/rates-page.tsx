import { useCallback, useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { DISPLAY_CURRENCIES } from "../../domain/currencies.ts";
import { BUSINESS_TIME_ZONE, dayCount } from "../../domain/date-time.ts";
import { formConstraints } from "../../lib/form-schema.ts";
import { formatDate, formatRate } from "../../lib/format.ts";
import { type RatesActionResult, rateFormSchema } from "./rate-schema.ts";

/** A rate in force for more days than this is flagged as old on the page. */
export const STALE_RATE_DAYS = 30;

/** The currencies whose rate in force is older than STALE_RATE_DAYS on `today`, with its age. */
export function staleRates(
  inForce: readonly { currency: string; rate: { appliesFrom: string } | null }[],
  today: string,
): { currency: string; appliesFrom: string; days: number }[] {
  return inForce.flatMap(({ currency, rate }) => {
    const days = rate ? dayCount(rate.appliesFrom, today) : 0;
    return rate && days > STALE_RATE_DAYS
      ? [{ currency, appliesFrom: rate.appliesFrom, days }]
      : [];
  });
}

// The moment a rate was entered, in the page's one date style ("23 Nov 2026, 09:30", Phuket).
const enteredAtFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const formatEnteredAt = (at: string) => enteredAtFormat.format(new Date(at));

export interface RatesPageData {
  today: string;
  rates: {
    id: number;
    currency: string;
    thbPerUnit: number;
    appliesFrom: string;
    enteredBy: string | null;
    enteredAt: string;
  }[];
  inForce: {
    currency: string;
    rate: { thbPerUnit: number; appliesFrom: string } | null;
    next: { thbPerUnit: number; appliesFrom: string } | null;
  }[];
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-sand-200 bg-white px-3 py-2 aria-[invalid=true]:border-rose-600";

/** A toast of the latest answer (errors stay until closed). */
function useAnswerToast(
  result: RatesActionResult | undefined,
  render: (r: RatesActionResult, close: () => void) => React.ReactNode,
) {
  const [shown, setShown] = useState<RatesActionResult | undefined>();
  useEffect(() => setShown(result), [result]);
  const close = useCallback(() => setShown(undefined), []);
  return shown ? render(shown, close) : null;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-rose-700">
      {message}
    </p>
  );
}

/**
 * Exchange rates: enter a rate with the day it applies from, see the rate in force for each
 * currency today and every entry, remove a wrong one.
 */
export function RatesPage({
  data,
  result,
  toast,
}: {
  data: RatesPageData;
  result: RatesActionResult | undefined;
  toast: (r: RatesActionResult, close: () => void) => React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const shownToast = useAnswerToast(result, toast);
  const enDate = (day: string) => formatDate(day, "en");
  const stale = staleRates(data.inForce, data.today);
  // The fields' limits as the form's schema sets them.
  const limits = formConstraints(rateFormSchema(data.today));

  return (
    <div className="space-y-10">
      {shownToast}
      {stale.length > 0 && (
        <div
          data-testid="stale-rates"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          <p className="font-semibold">
            Some rates are old: visitors see prices converted at them.
          </p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {stale.map((s) => (
              <li key={s.currency}>
                {s.currency}: the rate of {enDate(s.appliesFrom)}, {s.days} days ago. Enter
                today&apos;s rate below.
              </li>
            ))}
          </ul>
        </div>
      )}
      <section aria-labelledby="new-rate" className="rounded-xl bg-white p-5 ring-1 ring-sand-200">
        <h2 id="new-rate" className="font-display text-xl text-sea-900">
          Enter a rate
        </h2>
        <p className="mt-1 text-sm text-ink-600">
          Baht for one unit of the currency, from the day it applies (Phuket time) until the next
          rate of that currency. Visitors see prices converted and marked approximate; rents stay in
          baht, and so do the filters. Today is {enDate(data.today)}.
        </p>
        <Form
          method="post"
          // After a successful save the fields start empty again.
          key={result?.ok ? `saved-${data.rates.length}` : "form"}
          className="mt-4 grid gap-4 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-start"
          noValidate
        >
          <input type="hidden" name="intent" value="add" />
          <label className="text-sm font-medium">
            Currency
            <select
              name="currency"
              className={inputClass}
              aria-invalid={errors.currency ? true : undefined}
              aria-describedby={errors.currency ? "currency-error" : undefined}
            >
              {DISPLAY_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <FieldError id="currency-error" message={errors.currency} />
          </label>
          <label className="text-sm font-medium">
            Baht for 1 unit
            <input
              name="thbPerUnit"
              inputMode="decimal"
              {...limits.thbPerUnit}
              placeholder="36.25"
              autoComplete="off"
              className={inputClass}
              aria-invalid={errors.thbPerUnit ? true : undefined}
              aria-describedby={errors.thbPerUnit ? "rate-error" : undefined}
            />
            <FieldError id="rate-error" message={errors.thbPerUnit} />
          </label>
          <label className="text-sm font-medium">
            Applies from
            <input
              type="date"
              name="appliesFrom"
              {...limits.appliesFrom}
              defaultValue={data.today}
              className={inputClass}
              aria-invalid={errors.appliesFrom ? true : undefined}
              aria-describedby={errors.appliesFrom ? "day-error" : undefined}
            />
            <FieldError id="day-error" message={errors.appliesFrom} />
          </label>
          <button
            type="submit"
            disabled={busy}
            className="mt-6 rounded-lg bg-sea-900 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-700 disabled:opacity-60"
          >
            Save rate
          </button>
        </Form>
      </section>

      <section aria-labelledby="in-force">
        <h2 id="in-force" className="font-display text-xl text-sea-900">
          In force today
        </h2>
        <div className="mt-3 overflow-x-auto rounded-xl bg-white ring-1 ring-sand-200">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-sand-200 text-left">
                <th scope="col" className="p-2">
                  Currency
                </th>
                <th scope="col" className="p-2 text-right">
                  Baht for 1
                </th>
                <th scope="col" className="p-2">
                  Since
                </th>
                <th scope="col" className="p-2">
                  Next change
                </th>
              </tr>
            </thead>
            <tbody>
              {data.inForce.map(({ currency, rate, next }) => (
                <tr
                  key={currency}
                  className="border-b border-sand-100"
                  data-testid={`in-force-${currency}`}
                >
                  <th scope="row" className="p-2 text-left">
                    {currency}
                  </th>
                  <td className="p-2 text-right tabular-nums">
                    {rate ? formatRate(rate.thbPerUnit, "en") : "—"}
                  </td>
                  <td className="p-2">
                    {rate ? enDate(rate.appliesFrom) : "No rate: visitors see baht"}
                  </td>
                  <td className="p-2">
                    {next
                      ? `${formatRate(next.thbPerUnit, "en")} from ${enDate(next.appliesFrom)}`
                      : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="history">
        <h2 id="history" className="font-display text-xl text-sea-900">
          Every rate entered
        </h2>
        {data.rates.length === 0 ? (
          <p className="mt-3 text-ink-600">No rates yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-xl bg-white ring-1 ring-sand-200">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-sand-200 text-left">
                  <th scope="col" className="p-2">
                    Currency
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Baht for 1
                  </th>
                  <th scope="col" className="p-2">
                    Applies from
                  </th>
                  <th scope="col" className="p-2">
                    Entered
                  </th>
                  <th scope="col" className="p-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rates.map((rate) => (
                  <tr
                    key={rate.id}
                    className="border-b border-sand-100"
                    data-testid="rate-row"
                    data-currency={rate.currency}
                    data-day={rate.appliesFrom}
                  >
                    <th scope="row" className="p-2 text-left">
                      {rate.currency}
                    </th>
                    <td className="p-2 text-right tabular-nums">
                      {formatRate(rate.thbPerUnit, "en")}
                    </td>
                    <td className="p-2">{enDate(rate.appliesFrom)}</td>
                    <td className="p-2 text-ink-600">
                      {formatEnteredAt(rate.enteredAt)}
                      {rate.enteredBy ? ` by ${rate.enteredBy}` : ""}
                    </td>
                    <td className="p-2 text-right">
                      <Form
                        method="post"
                        onSubmit={(event) => {
                          const what = `${rate.currency} ${formatRate(rate.thbPerUnit, "en")} from ${enDate(rate.appliesFrom)}`;
                          if (!window.confirm(`Remove the rate ${what}?`)) event.preventDefault();
                        }}
                      >
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="id" value={rate.id} />
                        <button
                          type="submit"
                          disabled={busy}
                          className="rounded-lg px-3 py-1.5 font-semibold text-rose-700 ring-1 ring-rose-200 hover:bg-rose-50 disabled:opacity-60"
                          aria-label={`Remove ${rate.currency} rate from ${enDate(rate.appliesFrom)}`}
                        >
                          Remove
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
