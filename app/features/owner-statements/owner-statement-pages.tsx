/** The portal's statements: the list, and one statement with its lines, sources and downloads. */
import { Fragment } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.tsx";
import { formatBaht, formatDate } from "../../lib/format.ts";
import { isDeduction, lineText, periodText, signedBaht } from "./statement-labels.ts";
import type { OwnerStatement, OwnerStatementSummary } from "./statements.server.ts";

const linkStyle = "font-semibold text-sea-700 underline underline-offset-2 hover:text-sea-900";
const panel = "mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200";
export const statementsPath = (lang: string, path = "") =>
  `${lang === "ru" ? "/ru" : ""}/owner/statements${path}`;

/**
 * Each year's totals of the owner's part, withholding and payout, from the latest version of each
 * statement (a corrected period counts once).
 */
export function yearSummary(statements: OwnerStatementSummary[]) {
  const latest = new Map<string, OwnerStatementSummary>();
  for (const s of statements) {
    const key = `${s.propertyId}:${s.periodStart}`;
    const seen = latest.get(key);
    if (!seen || seen.version < s.version) latest.set(key, s);
  }
  const years = new Map<string, { part: number; withholding: number; payout: number }>();
  for (const s of latest.values()) {
    const year = s.periodStart.slice(0, 4);
    const y = years.get(year) ?? { part: 0, withholding: 0, payout: 0 };
    y.part += s.part;
    y.withholding += s.partWithholding;
    y.payout += s.partPayout;
    years.set(year, y);
  }
  return [...years.entries()].sort(([a], [b]) => b.localeCompare(a));
}

function YearSummary({ statements }: { statements: OwnerStatementSummary[] }) {
  const { t, lang } = useT();
  const years = yearSummary(statements);
  if (years.length === 0) return null;
  return (
    <section className={panel} aria-labelledby="year-summary">
      <h2 id="year-summary" className="font-display text-2xl text-sea-900">
        {t("ownerStatements.yearSummary")}
      </h2>
      {/* Cells are padded and amounts kept on one line, so figures never run together on a phone. */}
      <table className="mt-3 w-full text-left text-sm text-ink-900 sm:text-base">
        <thead>
          <tr className="align-bottom text-sm text-ink-700 [&>th]:py-1 [&>th+th]:ps-3">
            <th scope="col">{t("ownerStatements.year")}</th>
            <th scope="col" className="text-end">
              {t("ownerStatements.yearPart")}
            </th>
            <th scope="col" className="text-end">
              {t("ownerStatements.figures.withholding")}
            </th>
            <th scope="col" className="text-end">
              {t("ownerStatements.figures.payout")}
            </th>
          </tr>
        </thead>
        <tbody>
          {years.map(([year, y]) => (
            <tr
              key={year}
              className="border-t border-sand-200 [&>td]:whitespace-nowrap [&>td]:ps-3 [&>td]:text-end [&>td]:tabular-nums"
            >
              <th scope="row" className="py-1 font-medium">
                {year}
              </th>
              <td>{signedBaht(y.part, lang)}</td>
              <td>{signedBaht(y.withholding, lang)}</td>
              <td>{signedBaht(y.payout, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function OwnerStatements({ statements }: { statements: OwnerStatementSummary[] }) {
  const { t, lang } = useT();
  return (
    <>
      <h1 className="font-display text-3xl text-sea-900">{t("ownerStatements.title")}</h1>
      <p className="mt-2 max-w-prose text-ink-700">{t("ownerStatements.intro")}</p>
      {statements.length === 0 ? (
        <p className="mt-6 text-ink-700">{t("ownerStatements.none")}</p>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="owner-statements">
          {statements.map((s) => {
            const period = periodText(s.periodStart, s.periodEnd, lang);
            return (
              <li key={s.id} className="rounded-xl bg-white p-4 ring-1 ring-sand-200">
                <Link to={statementsPath(lang, `/${s.id}`)} className={linkStyle}>
                  {t("ownerStatements.open", { unit: s.unitName, period })}
                </Link>
                <p className="mt-1 text-sm text-ink-700">
                  {t("ownerStatements.versionLine", {
                    version: s.version,
                    program: t(`ownerStatements.programs.${s.program}`),
                    status: t(`ownerStatements.statuses.${s.status}`),
                  })}
                </p>
                <p className="mt-1 text-ink-900">
                  {t("ownerStatements.yourPayout")}:{" "}
                  <strong>{signedBaht(s.partPayout, lang)}</strong>
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <YearSummary statements={statements} />
    </>
  );
}

function Source({
  statementId,
  line,
}: {
  statementId: number;
  line: OwnerStatement["lines"][number];
}) {
  const { t, lang } = useT();
  const d = (line.details ?? {}) as Record<string, unknown>;
  if (line.sourceKind === "expense" && d.receipt === true)
    return (
      <a
        href={statementsPath(lang, `/${statementId}/receipts/${line.id}`)}
        className={linkStyle}
        download
      >
        {t("ownerStatements.receipt")}
      </a>
    );
  if (line.sourceKind === "repair-ticket" && line.sourceId !== null)
    return (
      <Link
        to={`${lang === "ru" ? "/ru" : ""}/owner/repairs/${line.sourceId}`}
        className={linkStyle}
      >
        {t("ownerStatements.repairLine", { id: line.sourceId })}
      </Link>
    );
  return null;
}

export function OwnerStatementPage({ statement: s }: { statement: OwnerStatement }) {
  const { t, lang } = useT();
  const period = periodText(s.periodStart, s.periodEnd, lang);
  const guaranteed = s.program === "guaranteed";
  const figures: [string, number, boolean][] = [
    [
      guaranteed ? t("ownerStatements.guaranteedGross") : t("ownerStatements.figures.gross"),
      s.gross,
      false,
    ],
    ...(guaranteed
      ? []
      : ([[t("ownerStatements.figures.commissions"), s.commissions, true]] as [
          string,
          number,
          boolean,
        ][])),
    [t("ownerStatements.figures.expenses"), s.expenses, true],
    [t("ownerStatements.figures.net"), s.net, false],
    ...(guaranteed
      ? []
      : ([
          [`${t("ownerStatements.figures.ownerShare")} (70%)`, s.ownerShare, false],
          [`${t("ownerStatements.figures.companyShare")} (30%)`, s.companyShare, false],
        ] as [string, number, boolean][])),
  ];
  const rates = Object.entries(
    (s.rates ?? {}) as Record<string, { thbPerUnit: number; appliesFrom: string }>,
  );
  return (
    <>
      <p>
        <Link to={statementsPath(lang)} className={linkStyle}>
          {t("ownerStatements.list")}
        </Link>
      </p>
      <h1 className="mt-3 font-display text-3xl text-sea-900">
        {t("ownerStatements.heading", { unit: s.unitName, period })}
      </h1>
      <p className="mt-1 text-ink-700" data-testid="statement-version">
        {t("ownerStatements.versionLine", {
          version: s.version,
          program: t(`ownerStatements.programs.${s.program}`),
          status: t(`ownerStatements.statuses.${s.status}`),
        })}
      </p>
      {s.version > 1 && s.correctionReason && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-ink-900 ring-1 ring-amber-200">
          {t("ownerStatements.correction", { previous: s.version - 1, reason: s.correctionReason })}
        </p>
      )}
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <a href={statementsPath(lang, `/${s.id}.pdf`)} className={linkStyle} download>
          {t("ownerStatements.downloadPdf")}
        </a>
        <a href={statementsPath(lang, `/${s.id}.csv`)} className={linkStyle} download>
          {t("ownerStatements.downloadCsv")}
        </a>
      </p>

      <section className={panel} aria-labelledby="statement-totals">
        <h2 id="statement-totals" className="font-display text-2xl text-sea-900">
          {t("ownerStatements.totals")}
        </h2>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-ink-900">
          {figures.map(([label, amount, deduction]) => (
            <div key={label} className="contents">
              <dt>{label}</dt>
              <dd className="text-end tabular-nums">{signedBaht(amount, lang, deduction)}</dd>
            </div>
          ))}
          {/* One <div> per term and figure: a <dl>'s group holds one name and its value. */}
          {s.parts.map((p) => (
            <Fragment key={p.ownerId}>
              <div className="contents">
                <dt className="mt-2 font-semibold">
                  {t("ownerStatements.yourPart", { percent: p.sharePercent })}
                </dt>
                <dd className="mt-2 text-end font-semibold tabular-nums">
                  {signedBaht(p.amount, lang)}
                </dd>
              </div>
              {p.withholding > 0 && (
                <div className="contents">
                  <dt>
                    {t("ownerStatements.withholdingRate", {
                      rate: (p.withholdingBp / 100).toLocaleString(lang),
                    })}
                  </dt>
                  <dd className="text-end tabular-nums">{signedBaht(p.withholding, lang, true)}</dd>
                </div>
              )}
              <div className="contents">
                <dt className="font-semibold">{t("ownerStatements.figures.payout")}</dt>
                <dd
                  className="text-end font-semibold text-sea-900 tabular-nums"
                  data-testid="statement-payout"
                >
                  {signedBaht(p.payout, lang)}
                </dd>
              </div>
            </Fragment>
          ))}
        </dl>
        {s.parts.map((p) => (
          <p key={p.ownerId} className="mt-3 text-ink-700">
            {p.paidOn
              ? t("ownerStatements.paidOn", {
                  date: formatDate(p.paidOn, lang),
                  method: t(`ownerStatements.methods.${p.payoutMethod ?? "other"}`),
                  reference: p.payoutReference ?? "",
                })
              : t("ownerStatements.notPaid")}
            {p.payout < 0 && ` ${t("ownerStatements.owed")}`}
          </p>
        ))}
        {s.coOwners > 0 && (
          <p className="mt-2 text-sm text-ink-700">
            {t("ownerStatements.coOwners", { count: s.coOwners })}
          </p>
        )}
      </section>

      {s.difference && s.previous && (
        <section className={panel} aria-labelledby="statement-difference">
          <h2 id="statement-difference" className="font-display text-2xl text-sea-900">
            {t("ownerStatements.difference", { previous: s.previous.version })}
          </h2>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-ink-900">
            {(["gross", "commissions", "expenses", "net", "ownerShare", "payout"] as const).map(
              (key) => (
                <div key={key} className="contents">
                  <dt>{t(`ownerStatements.figures.${key}`)}</dt>
                  <dd className="text-end tabular-nums">
                    {s.difference?.[key] === 0
                      ? "0"
                      : `${(s.difference?.[key] ?? 0) > 0 ? "+" : "−"}${formatBaht(Math.abs(s.difference?.[key] ?? 0), lang)}`}
                  </dd>
                </div>
              ),
            )}
          </dl>
        </section>
      )}

      <section className={panel} aria-labelledby="statement-lines">
        <h2 id="statement-lines" className="font-display text-2xl text-sea-900">
          {t("ownerStatements.lines")}
        </h2>
        <ul className="mt-3 divide-y divide-sand-200" data-testid="statement-lines">
          {s.lines.map((line) => (
            <li
              key={line.id}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 gap-y-0.5 py-2 sm:grid-cols-[7rem_minmax(0,1fr)_auto]"
            >
              {/* On a phone the date is its own small line above what the line is and its amount. */}
              <span className="col-span-2 text-sm text-ink-700 sm:col-span-1">
                {formatDate(line.on, lang)}
              </span>
              <span className="min-w-0 flex-1 text-ink-900">
                {lineText(t, lang, line)} <Source statementId={s.id} line={line} />
              </span>
              <span className="whitespace-nowrap text-end tabular-nums text-ink-900">
                {signedBaht(line.amount, lang, isDeduction(line.kind))}
              </span>
            </li>
          ))}
        </ul>
      </section>

      {s.versions.length > 1 && (
        <section className={panel} aria-labelledby="statement-versions">
          <h2 id="statement-versions" className="font-display text-2xl text-sea-900">
            {t("ownerStatements.otherVersions")}
          </h2>
          <ul className="mt-2 space-y-1">
            {s.versions
              .filter((v) => v.id !== s.id)
              .map((v) => (
                <li key={v.id}>
                  <Link to={statementsPath(lang, `/${v.id}`)} className={linkStyle}>
                    {t("ownerStatements.versionLink", { version: v.version })}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      )}

      {rates.length > 0 && (
        <section className={panel} aria-labelledby="statement-rates">
          <h2 id="statement-rates" className="font-display text-xl text-sea-900">
            {t("ownerStatements.rates")}
          </h2>
          <ul className="mt-2 text-sm text-ink-700">
            {rates.map(([currency, r]) => (
              <li key={currency}>
                {t("ownerStatements.rateLine", {
                  currency,
                  rate: r.thbPerUnit.toLocaleString(lang === "ru" ? "ru-RU" : "en-GB", {
                    maximumFractionDigits: 4,
                  }),
                  date: formatDate(r.appliesFrom, lang),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
