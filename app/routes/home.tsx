import { Outlet } from "react-router";
import { parseListingQuery } from "../features/listings/filters.ts";
import { loadSiteListing } from "../features/listings/listing-source.server.ts";
import { UnitCard } from "../features/listings/unit-card.tsx";
import { OwnerProgramsSection } from "../features/owners/owner-programs-section.tsx";
import { createI18n } from "../i18n/i18n.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { useT } from "../i18n/use-t.ts";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { query } = parseListingQuery(url.searchParams);
  const listing = await loadSiteListing(query, { through: true });
  return { query, listing };
}

export function meta({ location }: Route.MetaArgs) {
  const { t } = createI18n(languageFromPath(location.pathname));
  return [{ title: t("meta.title") }, { name: "description", content: t("meta.description") }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { listing } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-sea-900 text-white">
        <div className="mx-auto max-w-7xl px-6 py-20 sm:py-28">
          <p className="text-sm font-semibold tracking-[0.2em] text-sea-100 uppercase">
            {t("hero.tagline")}
          </p>
          <h1 className="mt-4 max-w-3xl font-display text-4xl leading-tight sm:text-6xl">
            {t("hero.title")}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-sea-100">{t("hero.subtitle")}</p>
        </div>
      </section>

      <section id="units" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-14 sm:px-6">
        <h2 className="font-display text-3xl text-sea-900">{t("listing.heading")}</h2>
        {listing.source === "fallback" && (
          <p
            role="status"
            className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
          >
            {t("listing.fallbackNotice")}
          </p>
        )}
        {listing.units.length === 0 ? (
          <p className="mt-8 text-ink-600">{t("listing.empty")}</p>
        ) : (
          <ul
            className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={t("listing.heading")}
          >
            {listing.units.map((unit, i) => (
              <li key={unit.slug} className="flex">
                <UnitCard unit={unit} eager={i < 3} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <OwnerProgramsSection />
      {/* Owner dialogs (/owners/...) open over the home page. */}
      <Outlet />
    </>
  );
}
