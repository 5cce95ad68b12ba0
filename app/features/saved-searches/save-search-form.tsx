import { useId } from "react";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { ConsentField, FormProblem, HoneypotField } from "../leads/form-fields.tsx";
import { type LeadFormResult, LIMITS } from "../leads/lead-fields.ts";

/**
 * "E-mail me new units like these" under the listing: a plain form post to /saved-searches, so it
 * works before (or without) its code; the answer is that page, at an address carrying the same
 * filters. `filters` is the list's canonical query (no sort, no page); `description` says it in
 * words (made by the page's loader, so this code carries no filter rules).
 */
export function SaveSearchForm({
  filters,
  description,
  result,
  headingLevel = 3,
}: {
  filters: string;
  description: string;
  result?: LeadFormResult<string> | undefined;
  /** 3 under the listing's h2 on the home page, 2 on its own page under the h1. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t, lang } = useT();
  const id = useId();
  const values = result && "values" in result ? result.values : undefined;
  const errors = result?.status === "invalid" ? result.fieldErrors : {};
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-10 grid gap-6 rounded-3xl border border-sea-100 bg-sea-50 p-6 sm:p-8 lg:grid-cols-[1fr_1.2fr]"
    >
      <div>
        <Heading id={`${id}-title`} className="font-display text-2xl text-sea-900">
          {t("savedSearch.title")}
        </Heading>
        <p className="mt-2 text-ink-700">{t("savedSearch.intro", { filters: description })}</p>
      </div>
      <form
        method="post"
        action={`${localizePath("/saved-searches", lang)}${filters ? `?${filters}` : ""}`}
        noValidate
        className="relative space-y-3"
      >
        <HoneypotField />
        <input type="hidden" name="filters" value={filters} />
        <input type="hidden" name="page" value={localizePath("/", lang)} />
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium text-ink-900">
            {t("savedSearch.email")}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            defaultValue={values?.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
            className="block w-full rounded-xl border border-sand-200 bg-white px-4 py-3 text-ink-900"
          />
          {errors.email && (
            <p id={`${id}-email-error`} className="mt-1 text-sm font-medium text-rose-700">
              {t(errors.email)}
            </p>
          )}
        </div>
        <ConsentField
          label={t("savedSearch.consent")}
          checked={values?.consent === "yes"}
          error={errors.consent}
        />
        {errors.filters && (
          <p role="alert" className="text-sm font-medium text-rose-700">
            {t(errors.filters)}
          </p>
        )}
        <button
          type="submit"
          className="w-full rounded-xl bg-sea-900 px-6 py-3 font-semibold text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 sm:w-auto"
        >
          {t("savedSearch.submit")}
        </button>
        <FormProblem result={result} />
      </form>
    </section>
  );
}
