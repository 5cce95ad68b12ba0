/** The portal's repair screens: the list and report form, a ticket with its history, photos and decision. */
import { useId, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { BUSINESS_TIME_ZONE } from "../../domain/date-time.ts";
import type { RepairStage } from "../../domain/repairs.ts";
import type { TranslationKey } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.tsx";
import type { FieldConstraints } from "../../lib/form-schema.ts";
import { formatBaht, LOCALES } from "../../lib/format.ts";
import type { RepairHistoryLine, RepairLine, RepairPage } from "./repairs.server.ts";

const input =
  "mt-1 block w-full rounded-lg border border-sand-300 bg-white px-3 py-2 text-base text-ink-900 focus-visible:outline-2 focus-visible:outline-sea-600";
const primary =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-sea-700 px-5 py-2 font-semibold text-white hover:bg-sea-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 disabled:opacity-60";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-sea-700 px-5 py-2 font-semibold text-sea-800 hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700";
const linkStyle = "font-semibold text-sea-700 underline underline-offset-2 hover:text-sea-900";

const repairsPath = (lang: string, path = "") =>
  `${lang === "ru" ? "/ru" : ""}/owner/repairs${path}`;

/** What an action answers: a message key of ownerRepairs, good or bad. */
export interface RepairFormResult {
  ok: boolean;
  message: string;
}

function Result({ result }: { result?: RepairFormResult | undefined }) {
  const { t } = useT();
  return (
    <div aria-live="polite">
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`mt-3 rounded-lg px-3 py-2 text-sm ${result.ok ? "bg-emerald-50 text-emerald-900" : "bg-rose-50 text-rose-900"}`}
        >
          {t(result.message as TranslationKey)}
        </p>
      )}
    </div>
  );
}

function RepairList({ repairs, empty }: { repairs: RepairLine[]; empty: string }) {
  const { t, lang } = useT();
  if (repairs.length === 0) return <p className="text-ink-700">{empty}</p>;
  return (
    <ul className="space-y-2" data-testid="owner-repairs">
      {repairs.map((r) => (
        <li key={r.id} data-stage={r.stage}>
          <Link to={repairsPath(lang, `/${r.id}`)} className={linkStyle}>
            {t("ownerRepairs.line", {
              unit: r.unitName,
              title: r.title,
              stage: t(`ownerRepairs.stages.${r.stage}`),
            })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The overview's panel: the owner's open repairs and a link to report one. */
export function OpenRepairsPanel({ repairs }: { repairs: RepairLine[] }) {
  const { t, lang } = useT();
  return (
    <section
      className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200"
      aria-labelledby="open-repairs"
    >
      <h2 id="open-repairs" className="font-display text-2xl text-sea-900">
        {t("ownerRepairs.openTitle")}
      </h2>
      <div className="mt-2">
        <RepairList repairs={repairs} empty={t("ownerRepairs.noneOpen")} />
      </div>
      <p className="mt-4">
        <Link to={repairsPath(lang)} className={linkStyle}>
          {t("ownerRepairs.all")}
        </Link>
      </p>
    </section>
  );
}

export function OwnerRepairs({
  units,
  repairs,
  limits,
  result,
}: {
  units: { id: number; name: string }[];
  repairs: RepairLine[];
  /** The form's limits as its schema sets them (made by the loader, so no schema code ships). */
  limits: Record<"title" | "description", FieldConstraints>;
  result?: RepairFormResult | undefined;
}) {
  const { t } = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="font-display text-3xl text-sea-900">{t("ownerRepairs.title")}</h1>
      <p className="mt-2 max-w-prose text-ink-700">{t("ownerRepairs.intro")}</p>
      <section className="mt-6" aria-labelledby="repairs-list">
        <h2 id="repairs-list" className="font-display text-2xl text-sea-900">
          {t("ownerRepairs.all")}
        </h2>
        <div className="mt-2">
          <RepairList repairs={repairs} empty={t("ownerRepairs.none")} />
        </div>
      </section>
      {units.length > 0 && (
        <section
          className="mt-8 max-w-xl rounded-2xl bg-white p-5 ring-1 ring-sand-200"
          aria-labelledby="report"
        >
          <h2 id="report" className="font-display text-2xl text-sea-900">
            {t("ownerRepairs.reportTitle")}
          </h2>
          <Form method="post" className="mt-4 space-y-4">
            <label className="block font-medium text-ink-900">
              {t("ownerRepairs.unit")}
              <select name="propertyId" required className={input} defaultValue="">
                <option value="" disabled>
                  {t("ownerRepairs.chooseUnit")}
                </option>
                {units.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="block font-medium text-ink-900">
              {t("ownerRepairs.titleField")}
              <input name="title" {...limits.title} className={input} />
            </label>
            <label className="block font-medium text-ink-900">
              {t("ownerRepairs.description")}
              <textarea name="description" rows={4} {...limits.description} className={input} />
            </label>
            <Result result={result} />
            <button type="submit" className={primary} disabled={busy}>
              {t("ownerRepairs.submit")}
            </button>
          </Form>
        </section>
      )}
    </>
  );
}

function when(at: string, lang: "en" | "ru") {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(at));
}

function HistoryLine({ line }: { line: RepairHistoryLine }) {
  const { t, lang } = useT();
  const amount = line.amountBaht === null ? "" : formatBaht(line.amountBaht, lang);
  const who =
    line.actor === "auto"
      ? t("ownerRepairs.byRule")
      : line.actor === "desk"
        ? t("ownerRepairs.byDesk")
        : (line.who ?? "");
  return (
    <li>
      <span className="font-medium text-ink-900">
        {t(`ownerRepairs.history.${line.kind}`, { amount })}
      </span>{" "}
      <span className="text-ink-700">
        — {t("ownerRepairs.by", { when: when(line.at, lang), who })}
      </span>
    </li>
  );
}

/** A photo for the ticket: the file goes to the owner's upload endpoint, then is attached. */
function PhotoUpload() {
  const { t, lang } = useT();
  const fetcher = useFetcher<RepairFormResult>();
  const [status, setStatus] = useState<TranslationKey | "">("");
  const id = useId();
  async function upload(file: File) {
    setStatus("ownerRepairs.uploading");
    const body = new FormData();
    body.append("file", file);
    try {
      const response = await fetch(`${lang === "ru" ? "/ru" : ""}/owner/uploads`, {
        method: "POST",
        body,
      });
      const answer = (await response.json()) as {
        image?: { mediaKey: string; variants: number[] };
      };
      const width = answer.image ? Math.max(...answer.image.variants) : null;
      if (!response.ok || !answer.image || width === null) {
        setStatus(
          response.status === 429 ? "ownerRepairs.uploadThrottled" : "ownerRepairs.uploadFailed",
        );
        return;
      }
      setStatus("");
      fetcher.submit(
        { intent: "add-photo", photo: `${answer.image.mediaKey}-${width}.webp` },
        { method: "post" },
      );
    } catch {
      setStatus("ownerRepairs.uploadFailed");
    }
  }
  const message =
    status || (fetcher.state === "idle" ? (fetcher.data?.message ?? "") : "ownerRepairs.saving");
  return (
    <div className="mt-3">
      <label htmlFor={id} className="font-medium text-ink-900">
        {t("ownerRepairs.addPhoto")}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="mt-1 block w-full text-sm"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void upload(file);
          event.currentTarget.value = "";
        }}
      />
      <p role="status" className="mt-1 text-sm text-ink-700">
        {message ? t(message as TranslationKey) : ""}
      </p>
    </div>
  );
}

export function OwnerRepairPage({
  page,
  result,
}: {
  page: RepairPage;
  result?: RepairFormResult | undefined;
}) {
  const { t, lang } = useT();
  const { ticket, history } = page;
  const photos = history.filter((h) => h.kind === "photo" && h.photoKey);
  const stage: RepairStage = ticket.stage;
  return (
    <article data-stage={stage}>
      <p>
        <Link to={repairsPath(lang)} className={linkStyle}>
          {t("ownerRepairs.back")}
        </Link>
      </p>
      <h1 className="mt-3 font-display text-3xl text-sea-900">{ticket.title}</h1>
      <p className="text-ink-700">{ticket.unitName}</p>
      <p className="mt-2 font-semibold text-ink-900" data-testid="repair-stage">
        {t("ownerRepairs.stageLabel", { stage: t(`ownerRepairs.stages.${stage}`) })}
      </p>
      {ticket.description && (
        <p className="mt-2 max-w-prose whitespace-pre-line text-ink-900">{ticket.description}</p>
      )}
      {ticket.quoteBaht !== null && (
        <p className="mt-3 text-ink-900">
          {t("ownerRepairs.quote", { amount: formatBaht(ticket.quoteBaht, lang) })}
          {ticket.quoteKey && (
            <>
              {" · "}
              <a href={`/media/${ticket.quoteKey}`} className={linkStyle}>
                {t("ownerRepairs.quotePicture")}
              </a>
            </>
          )}
        </p>
      )}
      {ticket.finalCostBaht !== null && (
        <p className="mt-1 text-ink-900">
          {t("ownerRepairs.finalCost", { amount: formatBaht(ticket.finalCostBaht, lang) })}
        </p>
      )}
      {stage === "quoted" && (
        <section
          className="mt-4 max-w-xl rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200"
          aria-labelledby="decide"
        >
          <h2 id="decide" className="sr-only">
            {t("ownerRepairs.approve")}
          </h2>
          <p className="text-ink-900">
            {t("ownerRepairs.approveIntro", { limit: formatBaht(ticket.thresholdBaht ?? 0, lang) })}
          </p>
          <Form method="post" className="mt-3 flex flex-wrap gap-3">
            <button type="submit" name="intent" value="approve" className={primary}>
              {t("ownerRepairs.approve")}
            </button>
            <button type="submit" name="intent" value="decline" className={secondary}>
              {t("ownerRepairs.decline")}
            </button>
          </Form>
        </section>
      )}
      <Result result={result} />
      <section className="mt-6" aria-labelledby="photos">
        <h2 id="photos" className="font-display text-2xl text-sea-900">
          {t("ownerRepairs.photosTitle")}
        </h2>
        {photos.length > 0 && (
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {photos.map((p, i) => (
              <li key={p.id}>
                <a href={`/media/${p.photoKey}`} className="block">
                  <img
                    src={`/media/${p.photoKey}`}
                    alt={t("ownerRepairs.photo", {
                      title: ticket.title,
                      n: i + 1,
                      count: photos.length,
                    })}
                    className="aspect-square w-full rounded-lg object-cover"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        {stage !== "declined" && <PhotoUpload />}
      </section>
      <section className="mt-6" aria-labelledby="history">
        <h2 id="history" className="font-display text-2xl text-sea-900">
          {t("ownerRepairs.historyTitle")}
        </h2>
        <ol className="mt-2 space-y-1" data-testid="repair-history">
          {history.map((line) => (
            <HistoryLine key={line.id} line={line} />
          ))}
        </ol>
      </section>
    </article>
  );
}
