import { AboutContent } from "../features/marketing/about-content.tsx";
import { sitePicture } from "../features/media/site-picture.ts";
import { localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { breadcrumbJsonLd, companyJsonLd } from "../lib/seo.ts";
import { useSite } from "../lib/use-site.ts";
import { JsonLd } from "../ui/json-ld.tsx";
import type { Route } from "./+types/about";

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return pageMeta(args, {
    title: t("meta.aboutTitle"),
    description: t("about.subtitle"),
    image: sitePicture("site/office").src,
  });
}

export default function About() {
  const { t, lang } = useT();
  const site = useSite();
  const story = t("about.story", { returnObjects: true });
  return (
    <div className="py-14">
      <AboutContent headingLevel={1} />
      <section className="mx-auto mt-16 max-w-3xl px-4 sm:px-6">
        <h2 className="font-display text-3xl text-sea-900">{t("about.storyTitle")}</h2>
        <ol className="mt-6 space-y-4">
          {story.map((step, i) => (
            <li
              key={step}
              className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200"
            >
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-coral-500 font-bold text-white">
                {i + 1}
              </span>
              <p className="text-ink-600">{step}</p>
            </li>
          ))}
        </ol>
      </section>
      {site && (
        <JsonLd
          data={[
            companyJsonLd(site.contacts, site.publicUrl, lang),
            breadcrumbJsonLd(
              [
                { name: t("nav.home"), path: localizePath("/", lang) },
                { name: t("nav.about"), path: localizePath("/about", lang) },
              ],
              site.publicUrl,
            ),
          ]}
        />
      )}
    </div>
  );
}
