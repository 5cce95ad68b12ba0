import { useT } from "../../i18n/use-t.tsx";
import { SectionHeading } from "../../ui/section-heading.tsx";
import { TESTIMONIALS } from "./testimonials.ts";

const AVATAR_COLOURS = ["bg-coral-500", "bg-sea-700", "bg-emerald-700"];

export function TestimonialsSection() {
  const { t, lang } = useT();
  return (
    <section className="bg-sea-900 py-20 text-white" aria-labelledby="testimonials-title">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          light
          eyebrow={t("testimonials.eyebrow")}
          title={t("testimonials.title")}
        />
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((item, i) => (
            <li key={item.id}>
              <figure className="flex h-full flex-col rounded-3xl bg-white/5 p-6 ring-1 ring-white/10">
                <blockquote className="flex-1 leading-relaxed text-sea-50">
                  “{t(`testimonials.items.${item.id}.quote`)}”
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`inline-flex size-11 items-center justify-center rounded-full font-semibold ${AVATAR_COLOURS[i % AVATAR_COLOURS.length]}`}
                  >
                    {item.avatar[lang]}
                  </span>
                  <span>
                    <span className="block font-semibold">{item.name[lang]}</span>
                    <span className="block text-sm text-sea-100">
                      {t(`testimonials.items.${item.id}.location`)}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
