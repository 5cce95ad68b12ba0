import { type FormEvent, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { LeadFormResult } from "./lead-fields.ts";
import { type FieldErrors, type ParseResult, readFields } from "./lead-fields.ts";

/**
 * A public form's state in the browser: submits through a fetcher (no reload), checks the fields
 * with the form's schema first, and shows the server's answer: field errors, the typed values
 * (after a post without JavaScript, passed as `serverResult`), or a form-wide message.
 */
export type LeadSchemaName =
  | "roiLeadSchema"
  | "revenueShareLeadSchema"
  | "newsletterSchema"
  | "unitEnquirySchema"
  | "availabilityAlertSchema"
  | "viewingSchema"
  | "accessibilityReportSchema";

type LeadForms = typeof import("./lead-forms.ts");
let leadForms: LeadForms | undefined;
let loadingLeadForms: Promise<LeadForms> | undefined;

/**
 * Loads the forms' schemas (zod) in the browser, once, the first time a visitor focuses a form:
 * the pages themselves do not carry them. A form sent before they arrive is checked by the server
 * alone, with the same schema.
 */
export function preloadLeadForms(): Promise<LeadForms> {
  loadingLeadForms ??= import("./lead-forms.ts").then((forms) => {
    leadForms = forms;
    return forms;
  });
  return loadingLeadForms;
}

export function useLeadForm<K extends string>(options: {
  fields: readonly K[];
  schema: LeadSchemaName;
  serverResult?: LeadFormResult<K> | undefined;
}) {
  const fetcher = useFetcher<LeadFormResult<K>>();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const result = fetcher.data ?? options.serverResult;

  // A new answer from the server replaces what the browser found.
  useEffect(() => {
    if (fetcher.data) setClientErrors(null);
  }, [fetcher.data]);

  const errors: FieldErrors =
    clientErrors ?? (result?.status === "invalid" ? result.fieldErrors : {});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (!leadForms) {
      void preloadLeadForms();
      setClientErrors({});
      return;
    }
    const schema = leadForms[options.schema] as Parameters<LeadForms["parseForm"]>[0];
    const parsed: ParseResult<unknown> = leadForms.parseForm(
      schema,
      readFields(new FormData(form), options.fields),
    );
    if (parsed.success) {
      setClientErrors({});
      return;
    }
    event.preventDefault();
    setClientErrors(parsed.fieldErrors);
    const first = Object.keys(parsed.fieldErrors)[0];
    const field = first ? form.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  }

  const values: Partial<Record<K, string>> =
    result && "values" in result ? result.values : ({} as Partial<Record<K, string>>);

  return {
    fetcher,
    errors,
    onSubmit,
    /** For the form's onFocus: fetch the schemas while the visitor types. */
    preload: () => {
      void preloadLeadForms();
    },
    values,
    result,
    busy: fetcher.state !== "idle",
  };
}
