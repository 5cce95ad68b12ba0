import { useT } from "../../i18n/use-t.tsx";
import { OwnerDashboard } from "./owner-dashboard.tsx";
import { sampleDashboard } from "./sample-figures.ts";

/** The home page's sample: the owners' dashboard itself, fed by illustrative figures. */
export function DashboardSample() {
  const { t } = useT();
  return (
    <section className="pb-20" aria-labelledby="dashboard-title" data-testid="dashboard-sample">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="rounded-3xl bg-white p-4 shadow-xl ring-1 ring-sand-200 sm:p-10">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="dashboard-title" className="font-display text-2xl text-sea-900 sm:text-3xl">
              {t("dashboard.title")}
            </h2>
            <p className="text-sm text-ink-600">{t("dashboard.note")}</p>
          </div>
          <div className="mt-4">
            <OwnerDashboard
              data={sampleDashboard(t("dashboard.unit"))}
              idPrefix="sample"
              incomeNote={t("ownerDashboard.incomeSample")}
              collapseTable
            />
          </div>
        </div>
      </div>
    </section>
  );
}
