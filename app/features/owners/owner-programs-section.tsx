import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import {
  REVENUE_SHARE_COMPANY_PERCENT,
  REVENUE_SHARE_OWNER_PERCENT,
  REVENUE_SHARE_RETURN_RANGE,
  ROI_FREE_NIGHTS,
  ROI_PROJECTION_YEARS,
  ROI_RATE_PERCENT,
} from "../../domain/owner-programs.ts";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { NewsletterForm } from "../leads/newsletter-form.tsx";
import type { OwnerThanks } from "./owner-dialog.tsx";

const terms = {
  rate: ROI_RATE_PERCENT,
  nights: ROI_FREE_NIGHTS,
  years: ROI_PROJECTION_YEARS,
  owner: REVENUE_SHARE_OWNER_PERCENT,
  company: REVENUE_SHARE_COMPANY_PERCENT,
  min: REVENUE_SHARE_RETURN_RANGE.min,
  max: REVENUE_SHARE_RETURN_RANGE.max,
};

/**
 * The owner programs section of the home page (anchor #owners): the two programs, the buttons
 * that open their dialogs (/owners/roi, /owners/revenue-share), the brochure and the newsletter.
 */
export function OwnerProgramsSection() {
  const { t, lang } = useT();
  const brochureLanguage = lang === "ru" ? "Русский" : "English";
  return (
    <section
      id="owners"
      aria-labelledby="owners-heading"
      className="relative scroll-mt-20 overflow-hidden bg-sea-900 text-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-40 size-[32rem] rounded-full bg-sea-500/20 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-48 -left-32 size-[28rem] rounded-full bg-coral-500/15 blur-3xl"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-24">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-[0.2em] text-sand-200 uppercase">
            {t("owners.eyebrow")}
          </p>
          <h2 id="owners-heading" className="mt-3 font-display text-4xl leading-tight sm:text-5xl">
            {t("owners.heading")}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-sea-100">{t("owners.intro")}</p>
        </div>

        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <article className="relative flex flex-col rounded-3xl bg-sand-50 p-7 text-ink-900 shadow-2xl ring-1 ring-white/10 sm:p-9">
            <span className="mb-4 self-start rounded-full bg-coral-600 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase sm:absolute sm:top-7 sm:right-7 sm:mb-0">
              {t("owners.popular")}
            </span>
            <p className="text-sm font-semibold tracking-wide text-sea-600 uppercase">
              {t("owners.roiTagline")}
            </p>
            <h3 className="mt-2 font-display text-3xl text-sea-900">
              {t("owners.roiTitle", terms)}
            </h3>
            <p className="mt-4 flex items-baseline gap-2 text-sea-900">
              <span className="font-display text-6xl">{ROI_RATE_PERCENT}%</span>
              <span className="text-ink-600">{t("owners.roiFacts.payouts")}</span>
            </p>
            <FactList
              items={(["return", "payouts", "nights", "care"] as const).map((key) =>
                t(`owners.roiFacts.${key}`, terms),
              )}
            />
            <div className="mt-auto flex flex-wrap gap-3 pt-8">
              <Link
                to={localizePath("/owners/roi", lang)}
                preventScrollReset
                data-owner-opener="roi"
                className="rounded-full bg-coral-600 px-6 py-3.5 font-semibold text-white shadow-sm transition hover:bg-coral-500"
              >
                {t("owners.joinRoi", terms)}
              </Link>
              <Link
                to={localizePath("/owners/roi", lang)}
                preventScrollReset
                className="rounded-full border border-sea-800 px-6 py-3.5 font-semibold text-sea-900 transition hover:bg-sea-50"
              >
                {t("owners.calculateRoi")}
              </Link>
            </div>
          </article>

          <article className="flex flex-col rounded-3xl bg-white/[0.06] p-7 ring-1 ring-white/15 backdrop-blur sm:p-9">
            <p className="text-sm font-semibold tracking-wide text-sea-100 uppercase">
              {t("owners.shareTagline")}
            </p>
            <h3 className="mt-2 font-display text-3xl">{t("owners.shareTitle", terms)}</h3>
            <div
              className="mt-5 flex h-12 overflow-hidden rounded-full text-sm font-semibold"
              aria-hidden="true"
            >
              <div
                className="flex items-center bg-sea-600 px-5"
                style={{ width: `${REVENUE_SHARE_OWNER_PERCENT}%` }}
              >
                {REVENUE_SHARE_OWNER_PERCENT}%
              </div>
              <div
                className="flex items-center bg-coral-600 px-4"
                style={{ width: `${REVENUE_SHARE_COMPANY_PERCENT}%` }}
              >
                {REVENUE_SHARE_COMPANY_PERCENT}%
              </div>
            </div>
            <FactList
              light
              items={(["split", "returns", "payouts", "use"] as const).map((key) =>
                t(`owners.shareFacts.${key}`, terms),
              )}
            />
            <div className="mt-auto pt-8">
              <Link
                to={localizePath("/owners/revenue-share", lang)}
                preventScrollReset
                data-owner-opener="revenue-share"
                className="inline-block rounded-full bg-white px-6 py-3.5 font-semibold text-sea-900 transition hover:bg-sea-100"
              >
                {t("owners.exploreShare", terms)}
              </Link>
            </div>
          </article>
        </div>
        <OwnerThanksToast />

        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_1.6fr]">
          <div className="flex flex-col justify-between gap-5 rounded-3xl bg-white/[0.06] p-7 ring-1 ring-white/15">
            <div>
              <h3 className="font-display text-2xl">{t("brochure.title", terms)}</h3>
              <p className="mt-1 text-sea-100">{t("brochure.subtitle")}</p>
            </div>
            <div>
              <a
                href={localizePath("/owners/roi/brochure.pdf", lang)}
                download
                className="inline-flex items-center gap-3 rounded-full border border-white/40 px-6 py-3.5 font-semibold transition hover:bg-white/10"
              >
                <span aria-hidden="true">↓</span>
                {t("owners.brochure")}
              </a>
              <p className="mt-2 pl-6 text-sm text-sea-100">
                {t("owners.brochureNote", { language: brochureLanguage })}
              </p>
            </div>
          </div>
          <div id="newsletter" className="rounded-3xl bg-sea-800 p-7 ring-1 ring-white/15">
            <h3 className="font-display text-2xl">{t("newsletter.title")}</h3>
            <p className="mt-1 mb-5 text-sea-100">{t("newsletter.text")}</p>
            <NewsletterForm />
          </div>
        </div>
      </div>
    </section>
  );
}

function FactList({ items, light = false }: { items: string[]; light?: boolean }) {
  return (
    <ul className="mt-6 space-y-3">
      {items.map((item) => (
        <li key={item} className={`flex gap-3 ${light ? "text-sea-100" : "text-ink-600"}`}>
          <span
            aria-hidden="true"
            className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs ${light ? "bg-sea-500 text-white" : "bg-sea-100 text-sea-800"}`}
          >
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}

/**
 * The thank-you after an owner dialog's form was sent (the dialog has closed by then), in the
 * page's flow just under the program buttons, so it covers nothing; it leaves after 12 seconds
 * or when dismissed.
 */
function OwnerThanksToast() {
  const { t } = useT();
  const location = useLocation();
  const thanks = (location.state as { ownerThanks?: OwnerThanks } | null)?.ownerThanks;
  const navigate = useNavigate();
  const [message, setMessage] = useState<OwnerThanks | null>(null);

  // Browsers keep history state across reloads: take the thank-you into this component's state
  // and clear it from the history entry, so a reload does not thank again.
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (thanks === undefined) return;
    setMessage(thanks);
    navigate({ pathname, search, hash }, { replace: true, preventScrollReset: true });
  }, [thanks, pathname, search, hash, navigate]);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 12_000);
    return () => clearTimeout(timer);
  }, [message]);

  // A dialog opened at its own address closes onto the top of the home page: bring the thanks,
  // far below, into view (the page stays where it is when it shows already).
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) shown.current?.scrollIntoView({ block: "nearest" });
  }, [message]);

  return (
    <div role="status" aria-live="polite" className="flex justify-center">
      {message && (
        <div
          ref={shown}
          className="mt-6 flex max-w-xl scroll-mb-6 items-start gap-4 rounded-2xl bg-white px-5 py-4 text-ink-900 shadow-2xl ring-1 ring-sand-200"
        >
          <span aria-hidden="true" className="mt-0.5 text-xl text-sea-600">
            ✓
          </span>
          <p className="font-medium">
            {message === "roi" ? t("owners.thanksRoi") : t("owners.thanksShare")}
          </p>
          <button
            type="button"
            onClick={() => setMessage(null)}
            className="rounded-full px-2 text-ink-500 hover:text-ink-900"
            aria-label={t("owners.dismiss")}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
