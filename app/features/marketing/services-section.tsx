import { Link } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { useContacts } from "../../lib/use-contacts.ts";
import { Icon, type IconName } from "../../ui/icon.tsx";
import { SectionHeading } from "../../ui/section-heading.tsx";

const SERVICES: { key: "cleaning" | "laundry" | "transport" | "concierge"; icon: IconName }[] = [
  { key: "cleaning", icon: "sparkle" },
  { key: "laundry", icon: "shirt" },
  { key: "transport", icon: "car" },
  { key: "concierge", icon: "bell" },
];

export function ServicesSection() {
  const { t, lang } = useT();
  const servicesUrl = useContacts()?.servicesUrl;
  const linkClass =
    "mt-8 inline-flex items-center gap-2 rounded-xl bg-white px-5 py-3 font-semibold text-sea-900 shadow hover:bg-sand-100";
  return (
    <section id="services" className="scroll-mt-16 bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          eyebrow={t("services.eyebrow")}
          title={t("services.title")}
          subtitle={t("services.subtitle")}
        />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map(({ key, icon }) => (
            <li key={key} className="rounded-3xl border border-sand-200 bg-sand-50 p-6">
              <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-sea-900 text-white">
                <Icon name={icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-sea-900">
                {t(`services.${key}.title`)}
              </h3>
              <p className="mt-2 text-ink-600">{t(`services.${key}.text`)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 overflow-hidden rounded-3xl bg-gradient-to-br from-sea-900 to-sea-700 p-8 text-white sm:p-12">
          <h3 className="font-display text-3xl">{t("services.banner.title")}</h3>
          <p className="mt-3 max-w-2xl text-sea-100">{t("services.banner.text")}</p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-3">
            {(["operations", "rental", "sales"] as const).map((item) => (
              <li key={item} className="flex items-start gap-2">
                <Icon name="check" className="mt-0.5 size-5 shrink-0 text-coral-500" />
                {t(`services.banner.${item}`)}
              </li>
            ))}
          </ul>
          {servicesUrl ? (
            <a href={servicesUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {t("services.banner.link")}
              <Icon name="external" className="size-4" />
              <span className="sr-only">{t("property.opensInNewTab")}</span>
            </a>
          ) : (
            <Link to={localizePath("/about", lang)} className={linkClass}>
              {t("services.banner.link")}
              <Icon name="arrowRight" className="size-4" />
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
