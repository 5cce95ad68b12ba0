import { Link } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { Icon, type IconName } from "../../ui/icon.tsx";
import { SectionHeading } from "../../ui/section-heading.tsx";

const FEATURES: { key: "calendar" | "maintenance" | "financial" | "mobile"; icon: IconName }[] = [
  { key: "calendar", icon: "calendar" },
  { key: "maintenance", icon: "wrench" },
  { key: "financial", icon: "chart" },
  { key: "mobile", icon: "mobile" },
];

export function PortalTeaser() {
  const { t, lang } = useT();
  return (
    <section className="py-20" aria-labelledby="portal-title">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="portal-title"
          eyebrow={t("portal.eyebrow")}
          title={t("portal.title")}
          subtitle={t("portal.subtitle")}
        />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ key, icon }) => (
            <li key={key} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-sand-200">
              <Icon name={icon} className="size-7 text-coral-600" />
              <h3 className="mt-4 font-semibold text-sea-900">{t(`portal.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-ink-600">{t(`portal.${key}.text`)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link
            to={localizePath("/owner", lang)}
            reloadDocument
            className="inline-flex min-h-11 items-center rounded-full bg-sea-800 px-6 py-2 font-semibold text-white hover:bg-sea-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-800"
          >
            {t("portal.signIn")}
          </Link>
        </p>
      </div>
    </section>
  );
}
