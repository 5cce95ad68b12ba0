import {
  REVENUE_SHARE_COMPANY_PERCENT,
  REVENUE_SHARE_EXAMPLES,
  REVENUE_SHARE_OWNER_PERCENT,
  REVENUE_SHARE_RETURN_RANGE,
  ROI_FREE_NIGHTS,
  ROI_RATE_PERCENT,
} from "../../domain/owner-programs.ts";
import { useT } from "../../i18n/use-t.tsx";
import { ContactFields, FormEnd, LeadForm, TextAreaField } from "../leads/form-fields.tsx";
import type { LeadFormResult } from "../leads/lead-fields.ts";
import { LIMITS, REVENUE_SHARE_FIELDS } from "../leads/lead-fields.ts";
import { useLeadForm } from "../leads/use-lead-form.ts";
import { ContactLinks } from "./contact-links.tsx";
import { OwnerDialog, useCloseWhenSent } from "./owner-dialog.tsx";

export function RevenueShareDialog({
  serverResult,
  homePath,
  pagePath,
}: {
  serverResult: LeadFormResult<string> | undefined;
  homePath: string;
  pagePath: string;
}) {
  const { t, lang } = useT();
  const owner = REVENUE_SHARE_OWNER_PERCENT;
  const company = REVENUE_SHARE_COMPANY_PERCENT;
  const { min, max } = REVENUE_SHARE_RETURN_RANGE;
  const terms = { owner, company, min, max, rate: ROI_RATE_PERCENT, nights: ROI_FREE_NIGHTS };

  const lead = useLeadForm({
    fields: REVENUE_SHARE_FIELDS,
    schema: "revenueShareLeadSchema",
    serverResult,
  });
  useCloseWhenSent(lead.fetcher.data?.status === "ok", homePath, "revenue-share");

  const percent = (n: number) =>
    `${n.toLocaleString(lang === "ru" ? "ru-RU" : "en-US", { minimumFractionDigits: 1 })}%`;
  const rows = (["returns", "payouts", "use", "bookings"] as const).map((key) => ({
    key,
    label: t(`revenueShare.compare.${key}`),
    roi: t(`revenueShare.compare.${key}Roi`, terms),
    share: t(`revenueShare.compare.${key}Share`, terms),
  }));

  return (
    <OwnerDialog
      title={t("revenueShare.title", terms)}
      intro={t("revenueShare.intro")}
      homePath={homePath}
      returnFocusSelector="[data-owner-opener=revenue-share]"
    >
      <section aria-labelledby="rs-distribution">
        <h3 id="rs-distribution" className="font-display text-xl text-sea-900">
          {t("revenueShare.distribution")}
        </h3>
        <div className="mt-4 flex h-14 overflow-hidden rounded-2xl text-white" aria-hidden="true">
          <div
            className="flex items-center bg-sea-800 px-4 font-semibold"
            style={{ width: `${owner}%` }}
          >
            {owner}%
          </div>
          <div
            className="flex items-center bg-coral-600 px-4 font-semibold"
            style={{ width: `${company}%` }}
          >
            {company}%
          </div>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="font-semibold text-sea-900">{t("revenueShare.ownerShare")}</dt>
            <dd className="text-ink-600">
              {owner}% {t("revenueShare.ofNet")}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-sea-900">{t("revenueShare.companyShare")}</dt>
            <dd className="text-ink-600">
              {company}% {t("revenueShare.ofNet")}
            </dd>
          </div>
        </dl>
      </section>

      <div className="mt-8 grid gap-8 sm:grid-cols-2">
        <section>
          <h3 className="font-display text-xl text-sea-900">{t("revenueShare.benefitsTitle")}</h3>
          <ul className="mt-3 space-y-2 text-ink-600">
            {(["upside", "monthly", "use", "managed"] as const).map((key) => (
              <li key={key} className="flex gap-2">
                <span aria-hidden="true" className="text-sea-600">
                  ✓
                </span>
                {t(`revenueShare.benefits.${key}`)}
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h3 className="font-display text-xl text-sea-900">{t("revenueShare.howTitle")}</h3>
          <ol className="mt-3 space-y-3">
            {(["visit", "list", "manage", "pay"] as const).map((key, i) => (
              <li key={key} className="flex gap-3 text-ink-600">
                <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-sea-100 text-sm font-bold text-sea-900">
                  {i + 1}
                </span>
                {t(`revenueShare.steps.${key}`, terms)}
              </li>
            ))}
          </ol>
        </section>
      </div>

      <section className="mt-8">
        <h3 id="rs-compare-title" className="font-display text-xl text-sea-900">
          {t("revenueShare.compareTitle")}
        </h3>
        {/* Fits a phone's width, long Russian words hyphenated; should a column still not fit,
            the box scrolls, and takes focus so that a keyboard can scroll it too. */}
        <section
          aria-labelledby="rs-compare-title"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard (Safari and Firefox do not make it focusable themselves).
          tabIndex={0}
          className="mt-3 overflow-x-auto rounded-2xl border border-sand-200 bg-white"
        >
          <table className="w-full table-fixed text-left text-xs break-words hyphens-auto sm:text-sm">
            <colgroup>
              <col className="w-[30%]" />
              <col />
              <col />
            </colgroup>
            <thead className="bg-sand-100 text-sea-900">
              <tr>
                <td className="px-2 py-3 sm:px-4" />
                <th scope="col" className="px-2 py-3 sm:px-4">
                  {t("revenueShare.compare.roi", terms)}
                </th>
                <th scope="col" className="px-2 py-3 sm:px-4">
                  {t("revenueShare.compare.share", terms)}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-sand-200">
                  <th scope="row" className="px-2 py-3 font-medium text-ink-900 sm:px-4">
                    {row.label}
                  </th>
                  <td className="px-2 py-3 text-ink-600 sm:px-4">{row.roi}</td>
                  <td className="px-2 py-3 text-ink-600 sm:px-4">{row.share}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </section>

      <section className="mt-8">
        <h3 className="font-display text-xl text-sea-900">{t("revenueShare.examplesTitle")}</h3>
        <ul className="mt-3 grid grid-cols-3 gap-3" data-testid="rs-examples">
          {REVENUE_SHARE_EXAMPLES.map((value, i) => (
            <li key={value} className="rounded-2xl bg-sea-900 p-4 text-center text-white">
              <p className="text-2xl font-semibold tabular-nums">{percent(value)}</p>
              <p className="mt-1 text-xs text-sea-100">{t("revenueShare.example", { n: i + 1 })}</p>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-ink-500">{t("revenueShare.examplesNote")}</p>
      </section>

      {lead.result?.status === "ok" && !lead.fetcher.data ? (
        <p role="status" className="mt-8 rounded-2xl bg-sea-50 p-5 font-medium text-sea-900">
          {t("owners.thanksShare")}
        </p>
      ) : (
        <section
          aria-labelledby="rs-interested"
          className="mt-8 rounded-2xl border border-sand-200 bg-white p-6"
        >
          <h3 id="rs-interested" className="font-display text-xl text-sea-900">
            {t("revenueShare.interested")}
          </h3>
          <LeadForm
            lead={lead}
            action={pagePath}
            page={pagePath}
            className="mt-4 grid gap-4 sm:grid-cols-2"
          >
            <ContactFields values={lead.values} errors={lead.errors} />
            <TextAreaField
              name="message"
              label={t("revenueShare.message")}
              maxLength={LIMITS.message}
              defaultValue={lead.values.message}
              error={lead.errors.message}
              className="sm:col-span-2"
            />
            <FormEnd
              result={lead.result}
              busy={lead.busy}
              label={t("revenueShare.submit")}
              busyLabel={t("revenueShare.sending")}
            />
          </LeadForm>
        </section>
      )}

      <div className="mt-8 border-t border-sand-200 pt-6">
        <ContactLinks
          whatsappLabel={t("revenueShare.whatsapp")}
          whatsappMessage={t("revenueShare.whatsappMessage", terms)}
          callLabel={t("revenueShare.call")}
          emailLabel={t("revenueShare.email")}
          emailSubject={t("revenueShare.emailSubject", terms)}
        />
      </div>
    </OwnerDialog>
  );
}
