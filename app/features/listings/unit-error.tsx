import { Link } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";

/** Why the unit page cannot be shown: not found (404), unavailable (503) or failed, and a way home. */
export function UnitError({ status }: { status: number }) {
  const { t, lang } = useT();
  const text =
    status === 404
      ? { title: t("notFound.title"), body: t("notFound.text") }
      : status === 503
        ? { title: t("unavailable.title"), body: t("unavailable.text") }
        : { title: t("error.title"), body: t("error.text") };
  return (
    <section className="mx-auto max-w-2xl px-6 py-16 text-center">
      <p className="font-display text-6xl text-sea-100">{status}</p>
      <h1 className="mt-2 font-display text-4xl text-sea-900">{text.title}</h1>
      <p className="mt-4 text-ink-600">{text.body}</p>
      <Link
        to={localizePath("/", lang)}
        className="mt-8 inline-flex rounded-xl bg-sea-900 px-5 py-3 font-semibold text-white hover:bg-sea-700"
      >
        {t("notFound.back")}
      </Link>
    </section>
  );
}
