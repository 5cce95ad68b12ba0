import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { BEDROOM_OPTIONS } from "../../domain/listing.ts";
import {
  isRoiInputFilled,
  projectRoi,
  ROI_FREE_NIGHTS,
  ROI_INPUT_NAMES,
  ROI_LOCATIONS,
  ROI_PROJECTION_YEARS,
  ROI_PROPERTY_TYPES,
  ROI_RATE_PERCENT,
  type RoiCalculatorInput,
  validateRoiInput,
} from "../../domain/owner-programs.ts";
import { placeName } from "../../i18n/place-names.ts";
import { useT } from "../../i18n/use-t.tsx";
import { formatBaht } from "../../lib/format.ts";
import {
  ContactFields,
  FormProblem,
  LeadForm,
  SubmitButton,
  TextField,
} from "../leads/form-fields.tsx";
import type { LeadFormResult } from "../leads/lead-fields.ts";
import { ROI_LEAD_FIELDS } from "../leads/lead-fields.ts";
import { useLeadForm } from "../leads/use-lead-form.ts";
import { ContactLinks } from "./contact-links.tsx";
import { OwnerDialog, useCloseWhenSent } from "./owner-dialog.tsx";

const selectClass =
  "mt-1.5 block w-full rounded-xl border border-sand-200 bg-white px-4 py-3 text-ink-900 shadow-sm";

export function RoiCalculatorDialog({
  initialInput,
  calculated,
  serverResult,
  homePath,
  pagePath,
}: {
  initialInput: RoiCalculatorInput;
  /** Calculate My Returns was pressed: the URL carries valid inputs. */
  calculated: boolean;
  /** The get-started form's answer after a post without JavaScript. */
  serverResult: LeadFormResult<string> | undefined;
  homePath: string;
  pagePath: string;
}) {
  const { t, lang } = useT();
  const [input, setInput] = useState(initialInput);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const rate = ROI_RATE_PERCENT;
  const nights = ROI_FREE_NIGHTS;
  const valid = validateRoiInput(input);
  const projection = valid ? projectRoi(valid.propertyValue) : null;
  const filled = isRoiInputFilled(input);

  const lead = useLeadForm({
    fields: ROI_LEAD_FIELDS,
    schema: "roiLeadSchema",
    serverResult,
  });
  const done = lead.result?.status === "ok";

  useCloseWhenSent(lead.fetcher.data?.status === "ok", homePath, "roi");

  // After Calculate, the results come into view and take focus (a screen reader reads their
  // heading), once the new address has loaded: on a phone they are below the form.
  const navigation = useNavigation();
  const results = useRef<HTMLElement>(null);
  const reveal = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle" || !reveal.current) return;
    reveal.current = false;
    const section = results.current;
    if (!section) return;
    section.focus({ preventScroll: true });
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    section.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }, [navigation.state]);

  const set = (key: keyof RoiCalculatorInput) => (e: { target: { value: string } }) =>
    setInput((prev) => ({ ...prev, [key]: e.target.value }));

  const whatsappMessage =
    valid && projection
      ? t("roi.whatsappMessage", {
          rate,
          value: formatBaht(valid.propertyValue, lang),
          type: t(`roi.types.${valid.type}`),
          location: placeName(valid.location, lang),
          annual: formatBaht(projection.annual, lang),
          quarterly: formatBaht(projection.quarterly, lang),
          fiveYear: formatBaht(projection.fiveYearTotal, lang),
        })
      : t("roi.whatsappMessagePlain", { rate });

  return (
    <OwnerDialog
      title={t("roi.title", { rate })}
      intro={t("roi.intro", { rate, years: ROI_PROJECTION_YEARS })}
      homePath={homePath}
      returnFocusSelector="[data-owner-opener=roi]"
    >
      <Form
        method="get"
        preventScrollReset
        replace
        onSubmit={() => {
          reveal.current = true;
        }}
        className="grid gap-5 sm:grid-cols-2"
        aria-label={t("roi.title", { rate })}
      >
        <TextField
          name={ROI_INPUT_NAMES.value}
          label={t("roi.value")}
          inputMode="numeric"
          placeholder={t("roi.valuePlaceholder")}
          defaultValue={initialInput.value}
          required
          maxLength={20}
          className="sm:col-span-2"
          onChange={set("value")}
        />
        <label className="block text-sm font-medium text-ink-900">
          {t("roi.location")}
          <select
            name={ROI_INPUT_NAMES.location}
            value={input.location}
            onChange={set("location")}
            required
            className={selectClass}
          >
            <option value="">{t("roi.choose")}</option>
            {ROI_LOCATIONS.map((l) => (
              <option key={l} value={l}>
                {placeName(l, lang)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-ink-900">
          {t("roi.type")}
          <select
            name={ROI_INPUT_NAMES.type}
            value={input.type}
            onChange={set("type")}
            required
            className={selectClass}
          >
            <option value="">{t("roi.choose")}</option>
            {ROI_PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`roi.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-ink-900">
          {t("roi.bedrooms")}{" "}
          <span className="font-normal text-ink-500">({t("roi.optional")})</span>
          <select
            name={ROI_INPUT_NAMES.bedrooms}
            value={input.bedrooms}
            onChange={set("bedrooms")}
            className={selectClass}
          >
            <option value="">{t("roi.choose")}</option>
            {BEDROOM_OPTIONS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-end">
          <button
            type="submit"
            disabled={hydrated && !filled}
            className="inline-flex w-full items-center justify-center rounded-full bg-coral-600 px-6 py-3.5 font-semibold text-white shadow-sm transition hover:bg-coral-500 disabled:cursor-not-allowed disabled:bg-ink-500/40"
          >
            {t("roi.calculate")}
          </button>
        </div>
      </Form>

      {projection ? (
        <section
          ref={results}
          tabIndex={-1}
          aria-labelledby="roi-projection"
          data-testid="roi-results"
          className="mt-8 scroll-mt-4 rounded-2xl bg-sea-900 p-6 text-white"
        >
          <h3 id="roi-projection" className="font-display text-xl">
            {t("roi.projection")}
          </h3>
          <dl className="mt-5 grid gap-4 sm:grid-cols-2" data-testid="roi-projection">
            <Figure
              label={t("roi.annual", { rate })}
              value={formatBaht(projection.annual, lang)}
              big
            />
            <Figure
              label={t("roi.fiveYear")}
              value={formatBaht(projection.fiveYearTotal, lang)}
              big
            />
            <Figure label={t("roi.quarterly")} value={formatBaht(projection.quarterly, lang)} />
            <Figure label={t("roi.monthly")} value={formatBaht(projection.monthly, lang)} />
            <Figure label={t("roi.nights")} value={t("roi.nightsValue", { nights })} wide />
          </dl>
        </section>
      ) : (
        <p className="mt-6 text-sm text-ink-600">{t("roi.needInputs")}</p>
      )}

      <section className="mt-8">
        <h3 className="font-display text-xl text-sea-900">{t("roi.benefitsTitle")}</h3>
        <ul className="mt-3 grid gap-2 text-ink-600 sm:grid-cols-2">
          {(["fixed", "quarterly", "nights", "managed", "reports"] as const).map((key) => (
            <li key={key} className="flex gap-2">
              <span aria-hidden="true" className="text-sea-600">
                ✓
              </span>
              {t(`roi.benefits.${key}`, { rate, nights })}
            </li>
          ))}
        </ul>
      </section>

      {done && !lead.fetcher.data ? (
        <p role="status" className="mt-8 rounded-2xl bg-sea-50 p-5 font-medium text-sea-900">
          {t("owners.thanksRoi")}
        </p>
      ) : (
        calculated &&
        valid && (
          <section
            aria-labelledby="roi-get-started"
            className="mt-8 rounded-2xl border border-sand-200 bg-white p-6"
          >
            <h3 id="roi-get-started" className="font-display text-xl text-sea-900">
              {t("roi.getStarted")}
            </h3>
            <p className="mt-1 text-sm text-ink-600">{t("roi.getStartedText")}</p>
            <LeadForm
              lead={lead}
              action={`${pagePath}?${new URLSearchParams({
                [ROI_INPUT_NAMES.value]: input.value,
                [ROI_INPUT_NAMES.location]: input.location,
                [ROI_INPUT_NAMES.type]: input.type,
                [ROI_INPUT_NAMES.bedrooms]: input.bedrooms,
              })}`}
              page={pagePath}
              className="mt-4 grid gap-4 sm:grid-cols-2"
            >
              <input type="hidden" name={ROI_INPUT_NAMES.value} value={input.value} />
              <input type="hidden" name={ROI_INPUT_NAMES.location} value={input.location} />
              <input type="hidden" name={ROI_INPUT_NAMES.type} value={input.type} />
              <input type="hidden" name={ROI_INPUT_NAMES.bedrooms} value={input.bedrooms} />
              <ContactFields values={lead.values} errors={lead.errors} />
              <div className="flex items-end">
                <SubmitButton
                  busy={lead.busy}
                  label={t("roi.submit")}
                  busyLabel={t("roi.sending")}
                />
              </div>
              <div className="sm:col-span-2">
                {lead.errors.value && (
                  <p role="alert" className="mb-3 text-sm font-medium text-rose-700">
                    {t("roi.needInputs")}
                  </p>
                )}
                <FormProblem result={lead.result} />
              </div>
            </LeadForm>
          </section>
        )
      )}

      <div className="mt-8 border-t border-sand-200 pt-6">
        <ContactLinks
          whatsappLabel={t("roi.whatsappJoin")}
          whatsappMessage={whatsappMessage}
          callLabel={t("roi.call")}
          emailLabel={t("roi.email")}
          emailSubject={t("roi.emailSubject", { rate })}
        />
      </div>
    </OwnerDialog>
  );
}

function Figure({
  label,
  value,
  big = false,
  wide = false,
}: {
  label: string;
  value: string;
  big?: boolean;
  wide?: boolean;
}) {
  return (
    <div
      className={`rounded-xl bg-white/8 p-4 ring-1 ring-white/10 ${wide ? "sm:col-span-2" : ""}`}
    >
      <dt className="text-sm text-sea-100">{label}</dt>
      <dd className={`mt-1 font-semibold tabular-nums ${big ? "text-2xl sm:text-3xl" : "text-lg"}`}>
        {value}
      </dd>
    </div>
  );
}
