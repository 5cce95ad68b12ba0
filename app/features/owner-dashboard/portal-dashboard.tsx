import { Form } from "react-router";
import { DISPLAY_CURRENCIES, type DisplayCurrency } from "../../domain/currencies.ts";
import { useT } from "../../i18n/use-t.tsx";
import type { DashboardData, DashboardUnit } from "./dashboard-figures.ts";
import { type DashboardCurrency, OwnerDashboard } from "./owner-dashboard.tsx";

/** The query parameters the portal's dashboard reads: the unit shown and the currency. */
export const DASHBOARD_PARAMS = { unit: "unit", currency: "currency" } as const;

const fieldStyle =
  "mt-1 block w-full min-w-0 rounded-lg border border-sand-200 bg-white px-3 py-2 text-base text-ink-900 focus-visible:outline-2 focus-visible:outline-sea-600";

/**
 * The portal's dashboard section: a plain GET form picks a unit (or all) and the currency, so it
 * works without JavaScript and the choice is in the URL.
 */
export function PortalDashboard({
  units,
  unitId,
  data,
  currency,
  wantedCurrency,
}: {
  units: DashboardUnit[];
  unitId: number | null;
  data: DashboardData;
  currency: DashboardCurrency | null;
  /** The currency asked for, even when the desk has set no rate for it yet. */
  wantedCurrency: DisplayCurrency | null;
}) {
  const { t } = useT();
  return (
    <section
      className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand-200 sm:p-6"
      aria-labelledby="dashboard-heading"
      id="dashboard"
    >
      <h2 id="dashboard-heading" className="font-display text-2xl text-sea-900">
        {t("ownerDashboard.title")}
      </h2>
      {units.length === 0 ? (
        <p className="mt-2 text-ink-600">{t("ownerDashboard.noUnits")}</p>
      ) : (
        <>
          <Form
            method="get"
            preventScrollReset
            className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          >
            <label className="block min-w-0 text-sm font-medium text-ink-900">
              {t("ownerDashboard.choose")}
              <select
                name={DASHBOARD_PARAMS.unit}
                defaultValue={unitId === null ? "" : String(unitId)}
                className={fieldStyle}
              >
                <option value="">{t("ownerDashboard.allUnits")}</option>
                {units.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="block min-w-0 text-sm font-medium text-ink-900">
              {t("ownerDashboard.currency")}
              <select
                name={DASHBOARD_PARAMS.currency}
                defaultValue={wantedCurrency ?? ""}
                className={fieldStyle}
              >
                <option value="">{t("ownerDashboard.baht")}</option>
                {DISPLAY_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="submit"
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-sea-700 px-5 py-2 font-semibold text-white hover:bg-sea-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700"
            >
              {t("ownerDashboard.show")}
            </button>
          </Form>
          {wantedCurrency && !currency ? (
            <p className="mt-3 text-sm text-ink-900" role="status">
              {t("ownerDashboard.currencyNoRate", { currency: wantedCurrency })}
            </p>
          ) : null}
          <div className="mt-4">
            <OwnerDashboard
              data={data}
              currency={currency}
              idPrefix="portal"
              incomeNote={t("ownerDashboard.incomePortal")}
            />
          </div>
        </>
      )}
    </section>
  );
}
