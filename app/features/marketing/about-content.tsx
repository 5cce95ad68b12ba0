import { useT } from "../../i18n/use-t.tsx";
import { Icon, type IconName } from "../../ui/icon.tsx";
import { sitePicture } from "../media/site-picture.ts";
import { StatsStrip } from "./stats-strip.tsx";

const VALUES: { key: "trusted" | "professional" | "transparent" | "local"; icon: IconName }[] = [
  { key: "trusted", icon: "shield" },
  { key: "professional", icon: "star" },
  { key: "transparent", icon: "eye" },
  { key: "local", icon: "pin" },
];

/** Title, text, the four values, the office picture and the stats: the about section and page. */
export function AboutContent({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useT();
  const office = sitePicture("site/office");
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-[0.2em] text-coral-600 uppercase">
            {t("about.eyebrow")}
          </p>
          <Heading className="mt-2 font-display text-3xl text-sea-900 sm:text-4xl">
            {t("about.title")}
          </Heading>
          <p className="mt-3 text-lg font-medium text-ink-900">{t("about.subtitle")}</p>
          <p className="mt-4 leading-relaxed text-ink-600">{t("about.description")}</p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {VALUES.map(({ key, icon }) => (
              <li
                key={key}
                className="flex gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand-200"
              >
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-sea-50 text-sea-700">
                  <Icon name={icon} />
                </span>
                <span>
                  <span className="block font-semibold text-sea-900">
                    {t(`about.values.${key}.title`)}
                  </span>
                  <span className="block text-sm text-ink-600">
                    {t(`about.values.${key}.text`)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <figure className="overflow-hidden rounded-3xl bg-white shadow-xl ring-1 ring-sand-200">
          <img
            src={office.src}
            srcSet={office.srcSet}
            sizes="(min-width: 1024px) 600px, 100vw"
            width={1600}
            height={1000}
            loading="lazy"
            decoding="async"
            alt={t("about.officeAlt")}
            className="aspect-[8/5] w-full object-cover"
          />
          <figcaption className="px-6 py-4">
            <span className="block font-semibold text-sea-900">{t("about.officeCaption")}</span>
            <span className="block text-sm text-ink-600">{t("about.officeSubcaption")}</span>
          </figcaption>
        </figure>
      </div>
      <div className="mt-14">
        <StatsStrip />
      </div>
    </div>
  );
}
