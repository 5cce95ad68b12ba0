/** The saved searches' form post and token pages, bound to the running server. */
import { data } from "react-router";
import * as z from "zod/mini";
import { readEmailToken as readToken } from "../../db/email-tokens.server.ts";
import { currentLogger, getRuntime } from "../../db/runtime.server.ts";
import { languageFromPath } from "../../i18n/languages.ts";
import { createI18n } from "../../i18n/messages.server.ts";
import { isEmailAddress } from "../../lib/email-address.ts";
import { fieldErrorsOf } from "../../lib/form-schema.ts";
import type { LeadActionDeps } from "../leads/lead-actions.server.ts";
import { type FormErrorKey, LIMITS, type ParseResult } from "../leads/lead-fields.ts";
import { handleLeadPost } from "../leads/leads.server.ts";
import { describeFilters, type SearchFilters } from "./filter-summary.ts";
import {
  confirmSearch,
  findSearchByToken,
  saveSearch,
  unsubscribeSearch,
  unsubscribeTokenFor,
} from "./saved-searches.server.ts";
import { canonicalFilters, MAX_FILTERS_LENGTH, readFilters } from "./search-filters.ts";

export const SAVED_SEARCH_FIELDS = ["email", "consent", "filters"] as const;

const err = (key: FormErrorKey) => ({ error: key });

const savedSearchSchema = z.object({
  email: z
    .string()
    .check(
      z.maxLength(LIMITS.email, { ...err("forms.errors.tooLong"), abort: true }),
      z.minLength(1, { ...err("forms.errors.required"), abort: true }),
      z.refine(isEmailAddress, err("forms.errors.email")),
    ),
  consent: z.string().check(z.refine((v) => v === "yes", err("forms.errors.searchConsent"))),
  filters: z.string().check(
    z.maxLength(MAX_FILTERS_LENGTH, { ...err("forms.errors.filters"), abort: true }),
    z.refine((v) => readFilters(v) !== null, err("forms.errors.filters")),
  ),
});

/** The posted fields checked; the filters in their canonical form. */
export function parseSavedSearch(
  fields: Record<(typeof SAVED_SEARCH_FIELDS)[number], string>,
): ParseResult<{ email: string; filters: string }> {
  const parsed = z.safeParse(savedSearchSchema, fields);
  if (!parsed.success) {
    return { success: false, fieldErrors: fieldErrorsOf<FormErrorKey>(parsed.error) };
  }
  const filters = readFilters(parsed.data.filters) as SearchFilters;
  return { success: true, data: { email: parsed.data.email, filters: canonicalFilters(filters) } };
}

/** "E-mail me new units like these": rate limited, honeypot and origin checked like every form. */
export function saveSearchAction(request: Request, deps: LeadActionDeps) {
  return handleLeadPost({
    request,
    ...deps,
    kind: "saved-search",
    fields: SAVED_SEARCH_FIELDS,
    validate: parseSavedSearch,
    store: async (db, { email, filters }, meta) => {
      await saveSearch(
        db,
        { email, filters, language: meta.language, sourcePage: meta.sourcePage },
        deps.messages,
      );
    },
  });
}

export type TokenPageState =
  | { status: "ask"; token: string; email: string; filters: string }
  /** `token`: an unsubscribe token for the page's "stop" link, right after confirming. */
  | { status: "confirmed"; token?: string; email: string }
  | { status: "unsubscribed"; email: string }
  | { status: "expired" | "invalid" | "unavailable" };

type Step = "confirm" | "unsubscribe";

function database() {
  const runtime = getRuntime();
  return runtime.databaseReady ? runtime.database.db : null;
}

const answer = (state: TokenPageState, status = 200) => data<TokenPageState>(state, { status });

/**
 * GET only shows what the button would do: mail systems open links to scan them, and must
 * neither confirm nor unsubscribe anyone.
 */
export async function tokenPageLoader(url: URL, step: Step) {
  const token = readToken(url.searchParams.get("token"));
  if (!token) return answer({ status: "invalid" }, 400);
  const db = database();
  if (!db) return answer({ status: "unavailable" }, 503);
  try {
    const search = await findSearchByToken(db, token, step);
    if (!search) return answer({ status: "invalid" }, 404);
    if (search.unsubscribed) return answer({ status: "unsubscribed", email: search.email });
    if (step === "confirm") {
      if (search.confirmed) return answer({ status: "confirmed", email: search.email });
      if (search.expired) return answer({ status: "expired" }, 410);
    }
    const { t } = createI18n(languageFromPath(url.pathname));
    return answer({
      status: "ask",
      token,
      email: search.email,
      filters: describeFilters(search.filters, t, languageFromPath(url.pathname)),
    });
  } catch (error) {
    currentLogger().error({ err: error }, "could not read a saved search");
    return answer({ status: "unavailable" }, 503);
  }
}

/**
 * The button's POST. The unsubscribe page also takes the one-click POST of mail programs
 * (RFC 8058): the token is in the link's query, the body says `List-Unsubscribe=One-Click`.
 */
export async function tokenPageAction(url: URL, form: FormData, step: Step) {
  const posted = form.get("token");
  const token = readToken(posted ?? url.searchParams.get("token"));
  if (!token) return answer({ status: "invalid" }, 400);
  const db = database();
  if (!db) return answer({ status: "unavailable" }, 503);
  try {
    const search = await findSearchByToken(db, token, step);
    if (!search) return answer({ status: "invalid" }, 404);
    if (step === "unsubscribe") {
      await unsubscribeSearch(db, token);
      return answer({ status: "unsubscribed", email: search.email });
    }
    const outcome = await confirmSearch(db, token);
    if (outcome === "confirmed") {
      const stop = await unsubscribeTokenFor(db, search);
      return answer({ status: "confirmed", token: stop, email: search.email });
    }
    if (outcome === "unsubscribed") return answer({ status: "unsubscribed", email: search.email });
    return answer({ status: outcome }, outcome === "expired" ? 410 : 404);
  } catch (error) {
    currentLogger().error({ err: error }, "could not change a saved search");
    return answer({ status: "unavailable" }, 503);
  }
}
