import { type ReactNode, useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { plusDays } from "../../domain/date-time.ts";
import {
  REVENUE_SHARE_COMPANY_PERCENT,
  REVENUE_SHARE_OWNER_PERCENT,
  ROI_RATE_PERCENT,
} from "../../domain/owner-programs.ts";
import type { TranslationKey } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.tsx";
import { formatBaht, formatDate } from "../../lib/format.ts";
import { AvailabilityCalendar } from "../availability/availability-calendar.tsx";
import { registerOwnerWorker } from "./owner-head.ts";
import type { OwnerRequestLine, OwnerStayLine, OwnerUnitSummary } from "./owner-portal.server.ts";

/** Installs the portal's offline page once a portal page has loaded. */
function useOwnerApp() {
  const { lang } = useT();
  useEffect(() => registerOwnerWorker(lang), [lang]);
}

const input =
  "mt-1 block w-full rounded-lg border border-sand-300 bg-white px-3 py-2 text-base text-ink-900 focus-visible:outline-2 focus-visible:outline-sea-600";
const primary =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-sea-700 px-5 py-2 font-semibold text-white hover:bg-sea-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 disabled:opacity-60";
const linkStyle = "font-semibold text-sea-700 underline underline-offset-2 hover:text-sea-900";

const portalPath = (lang: string, path = "") => `${lang === "ru" ? "/ru" : ""}/owner${path}`;

/** A form's error or success line, announced when it appears. */
function Notice({ tone, children }: { tone: "error" | "ok"; children: ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg px-3 py-2 text-sm ${tone === "error" ? "bg-rose-50 text-rose-900" : "bg-emerald-50 text-emerald-900"}`}
    >
      {children}
    </p>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  useOwnerApp();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-sand-200 sm:p-8">
        <h1 className="font-display text-3xl text-sea-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

export interface FormError {
  error: string;
  minutes?: number;
}

export function OwnerSignIn({ failure }: { failure?: FormError | undefined }) {
  const { t, lang } = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <Card title={t("ownerAuth.title")}>
      <p className="mt-2 text-ink-700">{t("ownerAuth.intro")}</p>
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="login" />
        <label className="block font-medium text-ink-900">
          {t("ownerAuth.email")}
          <input name="email" type="email" autoComplete="username" required className={input} />
        </label>
        <label className="block font-medium text-ink-900">
          {t("ownerAuth.password")}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={input}
          />
        </label>
        <div aria-live="polite">
          {failure && (
            <Notice tone="error">
              {t(failure.error as TranslationKey, { minutes: failure.minutes ?? 1 })}
            </Notice>
          )}
        </div>
        <button type="submit" className={`${primary} w-full`} disabled={busy}>
          {t("ownerAuth.submit")}
        </button>
      </Form>
      <p className="mt-6">
        <Link to={portalPath(lang, "/reset")} className={linkStyle}>
          {t("ownerAuth.forgot")}
        </Link>
      </p>
    </Card>
  );
}

export function OwnerResetRequest({
  sent,
  failure,
}: {
  sent: boolean;
  failure?: FormError | undefined;
}) {
  const { t, lang } = useT();
  return (
    <Card title={t("ownerAuth.resetTitle")}>
      <p className="mt-2 text-ink-700">{t("ownerAuth.resetIntro")}</p>
      <Form method="post" className="mt-6 space-y-4">
        <label className="block font-medium text-ink-900">
          {t("ownerAuth.email")}
          <input name="email" type="email" autoComplete="username" required className={input} />
        </label>
        <div aria-live="polite">
          {sent && <Notice tone="ok">{t("ownerAuth.resetSent")}</Notice>}
          {failure && <Notice tone="error">{t(failure.error as TranslationKey)}</Notice>}
        </div>
        <button type="submit" className={`${primary} w-full`}>
          {t("ownerAuth.resetSubmit")}
        </button>
      </Form>
      <p className="mt-6">
        <Link to={portalPath(lang)} className={linkStyle}>
          {t("ownerAuth.backToSignIn")}
        </Link>
      </p>
    </Card>
  );
}

export function OwnerSetPassword({
  token,
  valid,
  minLength,
  failure,
}: {
  token: string;
  valid: boolean;
  minLength: number;
  failure?: FormError | undefined;
}) {
  const { t, lang } = useT();
  return (
    <Card title={t("ownerAuth.setTitle")}>
      {valid ? (
        <>
          <p className="mt-2 text-ink-700">{t("ownerAuth.setIntro", { min: minLength })}</p>
          <Form method="post" className="mt-6 space-y-4">
            <input type="hidden" name="token" value={token} />
            <label className="block font-medium text-ink-900">
              {t("ownerAuth.newPassword")}
              <input
                name="password"
                type="password"
                autoComplete="new-password"
                minLength={minLength}
                required
                className={input}
              />
            </label>
            <label className="block font-medium text-ink-900">
              {t("ownerAuth.confirmPassword")}
              <input
                name="confirm"
                type="password"
                autoComplete="new-password"
                minLength={minLength}
                required
                className={input}
              />
            </label>
            <div aria-live="polite">
              {failure && <Notice tone="error">{t(failure.error as TranslationKey)}</Notice>}
            </div>
            <button type="submit" className={`${primary} w-full`}>
              {t("ownerAuth.setSubmit")}
            </button>
          </Form>
        </>
      ) : (
        <div className="mt-4">
          <Notice tone="error">{t("ownerAuth.linkInvalid")}</Notice>
          <p className="mt-6">
            <Link to={portalPath(lang, "/reset")} className={linkStyle}>
              {t("ownerAuth.forgot")}
            </Link>
          </p>
        </div>
      )}
    </Card>
  );
}

/** The portal's frame: its own navigation (my units, guide) and sign-out. */
/** The sign-in's second step, for an owner with an authenticator app. */
export function OwnerCodeStep({ failure }: { failure?: FormError | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <Card title={t("ownerSecurity.codeTitle")}>
      <p className="mt-2 text-ink-700">{t("ownerSecurity.codeIntro")}</p>
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="code" />
        <label className="block font-medium text-ink-900">
          {t("ownerSecurity.code")}
          <input
            name="code"
            autoComplete="one-time-code"
            required
            maxLength={64}
            className={`${input} tracking-widest`}
          />
        </label>
        <div aria-live="polite">
          {failure && (
            <Notice tone="error">
              {t(failure.error as TranslationKey, { minutes: failure.minutes ?? 1 })}
            </Notice>
          )}
        </div>
        <button type="submit" className={`${primary} w-full`} disabled={busy}>
          {t("ownerSecurity.verify")}
        </button>
      </Form>
      <Form method="post" className="mt-6">
        <input type="hidden" name="intent" value="cancel-code" />
        <button type="submit" className={linkStyle}>
          {t("ownerAuth.backToSignIn")}
        </button>
      </Form>
    </Card>
  );
}

export function OwnerFrame({ name, children }: { name: string; children: ReactNode }) {
  const { t, lang } = useT();
  useOwnerApp();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6">
      <nav
        aria-label={t("ownerPortal.nav")}
        className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-sand-200 pb-3"
      >
        <Link to={portalPath(lang)} className={linkStyle}>
          {t("ownerPortal.overview")}
        </Link>
        <Link to={portalPath(lang, "/repairs")} className={linkStyle}>
          {t("ownerRepairs.nav")}
        </Link>
        <Link to={portalPath(lang, "/documents")} className={linkStyle}>
          {t("ownerDocuments.nav")}
        </Link>
        <Link to={portalPath(lang, "/statements")} className={linkStyle}>
          {t("ownerStatements.nav")}
        </Link>
        <Link to={portalPath(lang, "/guide")} className={linkStyle}>
          {t("ownerPortal.guide")}
        </Link>
        <Link to={portalPath(lang, "/security")} className={linkStyle}>
          {t("ownerSecurity.nav")}
        </Link>
        <span className="ms-auto text-sm text-ink-700">{name}</span>
        <Form method="post" action={portalPath(lang)}>
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className={linkStyle}>
            {t("ownerAuth.signOut")}
          </button>
        </Form>
      </nav>
      <div className="pt-6">{children}</div>
    </div>
  );
}

function nightsText(t: ReturnType<typeof useT>["t"], nights: number) {
  return t("ownerPortal.nights", { count: nights });
}

function StayList({ stays }: { stays: OwnerStayLine[] }) {
  const { t, lang } = useT();
  if (stays.length === 0) return <p className="text-ink-700">{t("ownerPortal.noStays")}</p>;
  return (
    <ul className="space-y-1 text-ink-900">
      {stays.map((s) => (
        <li key={`${s.startDate}-${s.kind}`}>
          {t("ownerPortal.stayLine", {
            from: formatDate(s.startDate, lang),
            to: formatDate(plusDays(s.endDate, -1), lang),
            nights: nightsText(t, s.nights),
            kind: t(`ownerPortal.stayKinds.${s.kind}`),
          })}
        </li>
      ))}
    </ul>
  );
}

function ProgramTerms({ unit }: { unit: OwnerUnitSummary }) {
  const { t, lang } = useT();
  const p = unit.program;
  if (!p) return <p className="text-ink-700">{t("ownerPortal.programNone")}</p>;
  if (p.kind === "guaranteed")
    return (
      <p className="text-ink-700">
        <strong className="text-ink-900">{t("ownerPortal.programGuaranteed")}.</strong>{" "}
        {t("ownerPortal.guaranteedTerms", {
          rate: ROI_RATE_PERCENT,
          value: formatBaht(p.propertyValueBaht ?? 0, lang),
          annual: formatBaht(p.annualReturnBaht ?? 0, lang),
          quarterly: formatBaht(p.quarterlyReturnBaht ?? 0, lang),
          start: p.startDate ? formatDate(p.startDate, lang) : "",
          end: p.endDate ? formatDate(p.endDate, lang) : "",
        })}
      </p>
    );
  return (
    <p className="text-ink-700">
      <strong className="text-ink-900">{t("ownerPortal.programRevenueShare")}.</strong>{" "}
      {t("ownerPortal.revenueTerms", {
        owner: REVENUE_SHARE_OWNER_PERCENT,
        company: REVENUE_SHARE_COMPANY_PERCENT,
      })}
    </p>
  );
}

function Figure({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="rounded-xl bg-sand-50 p-3">
      <dt className="text-sm text-ink-700">{label}</dt>
      <dd className="font-display text-2xl text-sea-900">{percent}%</dd>
    </div>
  );
}

export function OwnerOverview({ name, units }: { name: string; units: OwnerUnitSummary[] }) {
  const { t, lang } = useT();
  return (
    <>
      <h1 className="font-display text-3xl text-sea-900">{t("ownerPortal.greeting", { name })}</h1>
      {units.length === 0 ? (
        <p className="mt-4 text-ink-700">{t("ownerPortal.noUnits")}</p>
      ) : (
        <ul className="mt-6 grid gap-5 md:grid-cols-2" data-testid="owner-units">
          {units.map((u) => (
            <li
              key={u.id}
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200"
              data-unit={u.id}
              data-slug={u.slug}
              data-program={u.program?.kind ?? "none"}
            >
              <h2 className="font-display text-2xl text-sea-900">{u.name}</h2>
              <p className="text-sm text-ink-700">
                {u.building} · {u.unitCode} · {t("ownerPortal.share", { share: u.sharePercent })}
              </p>
              <p className="mt-2 text-ink-900">
                {t("ownerPortal.unitStatus", { status: t(`status.${u.status}`) })}
              </p>
              <div className="mt-2">
                <ProgramTerms unit={u} />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-3">
                <Figure label={t("ownerPortal.occupancyMonth")} percent={u.occupancyMonth} />
                <Figure label={t("ownerPortal.occupancyYear")} percent={u.occupancyYear} />
              </dl>
              {u.freeNightsLeft !== null && (
                <p className="mt-3 text-ink-900">
                  {t("ownerPortal.freeNights", { count: u.freeNightsLeft })}
                </p>
              )}
              <h3 className="mt-4 font-semibold text-sea-900">{t("ownerPortal.nextStays")}</h3>
              <StayList stays={u.nextStays} />
              <p className="mt-4">
                <Link to={portalPath(lang, `/units/${u.id}`)} className={linkStyle}>
                  {t("ownerPortal.openUnit", { unit: u.name })}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export type StayFormResult =
  | { ok: true; status: "approved" | "pending"; startDate: string; endDate: string }
  | { ok: false; message: string };

export function OwnerUnitPage({
  unit,
  calendar,
  stays,
  requests,
  result,
}: {
  unit: OwnerUnitSummary;
  calendar: { today: string; busy: { start: string; end: string }[] };
  stays: OwnerStayLine[];
  requests: OwnerRequestLine[];
  result?: StayFormResult | undefined;
}) {
  const { t, lang } = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p>
        <Link to={portalPath(lang)} className={linkStyle}>
          {t("ownerPortal.back")}
        </Link>
      </p>
      <h1 className="mt-3 font-display text-3xl text-sea-900">{unit.name}</h1>
      <div className="mt-2">
        <ProgramTerms unit={unit} />
      </div>
      <section className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-sand-200" aria-labelledby="req">
        <h2 id="req" className="font-display text-2xl text-sea-900">
          {t("ownerPortal.requestTitle")}
        </h2>
        <p className="mt-1 text-ink-700">
          {t(
            unit.program?.kind === "guaranteed"
              ? "ownerPortal.ruleGuaranteed"
              : "ownerPortal.ruleRevenue",
          )}
        </p>
        {unit.freeNightsLeft !== null && (
          <p className="mt-1 text-ink-900">
            {t("ownerPortal.freeNights", { count: unit.freeNightsLeft })}
          </p>
        )}
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end">
          <label className="block font-medium text-ink-900">
            {t("ownerPortal.startDate")}
            <input type="date" name="startDate" required min={calendar.today} className={input} />
          </label>
          <label className="block font-medium text-ink-900">
            {t("ownerPortal.endDate")}
            <input type="date" name="endDate" required min={calendar.today} className={input} />
          </label>
          <button type="submit" className={primary} disabled={busy}>
            {t("ownerPortal.requestSubmit")}
          </button>
        </Form>
        <div aria-live="polite" className="mt-3" data-testid="stay-result">
          {result &&
            (result.ok ? (
              <Notice tone="ok">
                {t(result.status === "approved" ? "ownerPortal.approved" : "ownerPortal.pending", {
                  from: formatDate(result.startDate, lang),
                  to: formatDate(plusDays(result.endDate, -1), lang),
                })}
              </Notice>
            ) : (
              <Notice tone="error">{result.message}</Notice>
            ))}
        </div>
      </section>
      {requests.length > 0 && (
        <section className="mt-6" aria-labelledby="requests">
          <h2 id="requests" className="font-display text-2xl text-sea-900">
            {t("ownerPortal.requestsTitle")}
          </h2>
          <ul className="mt-2 space-y-1">
            {requests.map((r) => (
              <li key={r.id}>
                {formatDate(r.startDate, lang)} – {formatDate(plusDays(r.endDate, -1), lang)} (
                {nightsText(t, r.nights)}): {t(`ownerPortal.requestStatus.${r.status}`)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="mt-6" aria-labelledby="stays">
        <h2 id="stays" className="font-display text-2xl text-sea-900">
          {t("ownerPortal.staysTitle")}
        </h2>
        <div className="mt-2">
          <StayList stays={stays} />
        </div>
      </section>
      <AvailabilityCalendar calendar={calendar} />
    </>
  );
}

export function OwnerGuide() {
  const { t } = useT();
  return (
    <article className="max-w-2xl">
      <h1 className="font-display text-3xl text-sea-900">{t("ownerPortal.guideTitle")}</h1>
      {t("ownerPortal.guideText", { returnObjects: true }).map((p) => (
        <p key={p.slice(0, 24)} className="mt-4 text-ink-900">
          {p}
        </p>
      ))}
    </article>
  );
}
