import { Form, Link } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import type { TokenPageState } from "./saved-search-actions.server.ts";

const button =
  "rounded-full bg-sea-800 px-6 py-3 font-semibold text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700";

/** The page of a confirm or unsubscribe link: what the button will do, then what it did. */
export function TokenPage({
  step,
  state,
}: {
  step: "confirm" | "unsubscribe";
  state: TokenPageState;
}) {
  const { t, lang } = useT();
  const confirm = step === "confirm";
  return (
    <section className="mx-auto max-w-2xl px-6 py-20">
      <h1 className="font-display text-4xl text-sea-900">
        {t(confirm ? "savedSearch.confirmTitle" : "savedSearch.unsubscribeTitle")}
      </h1>
      {state.status === "ask" ? (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="token" value={state.token} />
          <p className="text-ink-700">
            {t(confirm ? "savedSearch.confirmText" : "savedSearch.unsubscribeText", {
              email: state.email,
              filters: state.filters,
            })}
          </p>
          <button type="submit" className={button}>
            {t(confirm ? "savedSearch.confirmSubmit" : "savedSearch.unsubscribeSubmit")}
          </button>
        </Form>
      ) : (
        <div className="mt-6 space-y-4">
          <p role="status" className="text-ink-700">
            {state.status === "confirmed"
              ? t("savedSearch.confirmed", { email: state.email })
              : state.status === "unsubscribed"
                ? t("savedSearch.unsubscribed", { email: state.email })
                : t(`savedSearch.${state.status}`)}
          </p>
          {state.status === "confirmed" && state.token && (
            <p>
              <Link
                to={`${localizePath("/saved-searches/unsubscribe", lang)}?token=${state.token}`}
                className="text-sm text-ink-600 underline"
              >
                {t("savedSearch.stop")}
              </Link>
            </p>
          )}
        </div>
      )}
      <p className="mt-10">
        <Link
          to={`${localizePath("/", lang)}#units`}
          className="font-semibold text-sea-700 underline"
        >
          {t("savedSearch.back")}
        </Link>
      </p>
    </section>
  );
}
