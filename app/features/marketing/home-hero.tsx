import type { ReactNode } from "react";
import { useT } from "../../i18n/use-t.tsx";
import { heroSources } from "../media/site-picture.ts";

/** The home page's first view: the picture, the promise, and `search` (the listing's search panel). */
export function HomeHero({ search }: { search: ReactNode }) {
  const { t } = useT();
  const hero = heroSources();
  return (
    <section className="relative isolate overflow-hidden bg-sea-900 text-white">
      {/* The page's largest paint, preloaded from the head (links): never lazy. */}
      <picture>
        <source type="image/avif" media={hero.phoneMedia} srcSet={hero.phoneAvif} />
        <source type="image/webp" media={hero.phoneMedia} srcSet={hero.phoneWebp} />
        <source type="image/avif" srcSet={hero.wideAvif} sizes={hero.sizes} />
        <img
          src={hero.phoneWebp}
          srcSet={hero.wideWebp}
          sizes={hero.sizes}
          alt=""
          aria-hidden="true"
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 -z-10 size-full object-cover opacity-75"
          width={1600}
          height={1000}
        />
      </picture>
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-sea-900/30 via-sea-900/60 to-sea-900" />
      <div className="mx-auto max-w-7xl px-4 pt-8 pb-6 sm:px-6 sm:pt-24 sm:pb-12">
        <p className="text-xs font-semibold tracking-[0.2em] text-sea-100 uppercase sm:text-sm">
          {t("hero.tagline")}
        </p>
        <h1 className="mt-3 max-w-3xl font-display text-3xl leading-tight sm:mt-4 sm:text-6xl">
          {t("hero.title")}
        </h1>
        <p className="mt-3 max-w-2xl text-base text-sea-100 sm:mt-5 sm:text-lg">
          {t("hero.subtitle")}
        </p>
        <div className="mt-5 sm:mt-10">{search}</div>
      </div>
    </section>
  );
}
