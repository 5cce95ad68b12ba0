import { AboutContent } from "../features/marketing/about-content.tsx";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import type { Route } from "./+types/about";

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return [{ title: t("meta.aboutTitle") }, { name: "description", content: t("about.subtitle") }];
}

export default function About() {
  const { t } = useT();
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
    </div>
  );
}
