import { lazy, type ReactNode, Suspense, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { GeoPosition } from "../../domain/geo.ts";
import { localizePath } from "../../i18n/languages.ts";
import { placeName } from "../../i18n/place-names.ts";
import { useT } from "../../i18n/use-t.tsx";
import { emailLink, phoneLink, telegramLink, whatsappLink } from "../../lib/contacts.ts";
import { formatBaht, formatDate } from "../../lib/format.ts";
import { useContacts } from "../../lib/use-contacts.ts";
import { useSite } from "../../lib/use-site.ts";
import { Icon, type IconName } from "../../ui/icon.tsx";
import { PriceNote, usePriceFormat } from "../../ui/price.tsx";
import { useNear } from "../../ui/use-near.ts";
import { FavoriteButton } from "../favorites/favorite-button.tsx";
import { facilityName } from "./facilities.ts";
import { Gallery } from "./gallery.tsx";
import { StatusBadge } from "./status-badge.tsx";
import type { UnitDetail } from "./unit.ts";

export interface UnitPageProps {
  unit: UnitDetail;
  /** The database was unreachable and a built-in demo unit is shown. */
  fallback?: boolean;
  /** The unit's free and taken days, "notify me" and the forms: last in the main column. */
  lower?: ReactNode;
}

const UnitLocationMap = lazy(() => import("./unit-location-map.tsx"));

/** Where the unit is: a small map whose code is fetched when the visitor comes near it. */
function UnitLocation({ unit, position }: { unit: UnitDetail; position: GeoPosition }) {
  const { t, lang } = useT();
  const site = useSite();
  const box = useRef<HTMLDivElement>(null);
  const near = useNear(box);
  const placeholder = <div className="size-full rounded-2xl bg-[#cfe8ec]" />;
  return (
    <section className="mt-10" aria-labelledby="location-title">
      <h2 id="location-title" className="font-display text-2xl text-sea-900">
        {t("map.unitHeading")}
      </h2>
      <p className="mt-2 text-ink-600">
        {placeName(unit.location, lang)} · {t("map.unitNote")}
      </p>
      <div ref={box} className="mt-4 h-64 sm:h-80" data-testid="unit-location">
        {near ? (
          <Suspense fallback={placeholder}>
            <UnitLocationMap
              slug={unit.slug}
              name={unit.name}
              position={position}
              styleUrl={site?.mapStyleUrl}
              office={site?.contacts.officePosition}
              t={t}
              lang={lang}
            />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  );
}

function BackToListings() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromListing = Boolean(
    (location.state as { fromListing?: boolean } | null)?.fromListing,
  );
  return (
    <Link
      to={`${localizePath("/", lang)}#units`}
      onClick={(event) => {
        // Back in history returns to the same filters, loaded pages and scroll position.
        if (cameFromListing) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 font-semibold text-sea-700 hover:bg-sea-50"
    >
      <Icon name="arrowLeft" className="size-4" />
      {t("property.backToListings")}
    </Link>
  );
}

function ContactPanel({ unit }: { unit: UnitDetail }) {
  const { t } = useT();
  const contacts = useContacts();
  if (!contacts) return null;
  const names = { name: unit.name, building: unit.building, code: unit.unitCode };
  const links: { label: string; href: string; icon: IconName; className: string }[] = [
    {
      label: t("property.call"),
      href: phoneLink(contacts.phone),
      icon: "phone",
      className: "bg-sea-900 text-white hover:bg-sea-700",
    },
    {
      label: t("property.whatsapp"),
      href: whatsappLink(contacts.whatsapp, t("property.whatsappMessage", names)),
      icon: "chat",
      className: "bg-emerald-700 text-white hover:bg-emerald-800",
    },
    {
      label: t("property.telegram"),
      href: telegramLink(contacts.telegram),
      icon: "send",
      className: "bg-sky-700 text-white hover:bg-sky-800",
    },
    {
      label: t("property.email"),
      href: emailLink(contacts.email, t("property.emailSubject", names)),
      icon: "mail",
      className: "bg-white text-sea-900 ring-1 ring-sand-200 hover:bg-sand-100",
    },
  ];
  return (
    <aside
      aria-labelledby="contact-title"
      className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-sand-200"
    >
      <h2 id="contact-title" className="font-display text-2xl text-sea-900">
        {t("property.contactTitle")}
      </h2>
      <p className="mt-2 text-sm text-ink-600">{t("property.contactText")}</p>
      <ul className="mt-5 grid grid-cols-2 gap-3">
        {links.map((link) => (
          <li key={link.label}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={`flex items-center justify-center gap-2 rounded-xl px-3 py-3 text-sm font-semibold transition ${link.className}`}
            >
              <Icon name={link.icon} className="size-4" />
              {link.label}
              <span className="sr-only">{t("property.opensInNewTab")}</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-6 border-t border-sand-100 pt-4 text-center">
        <p className="font-semibold text-sea-900">{t("property.managementTitle")}</p>
        <p className="text-sm text-ink-500">{t("property.managementNote")}</p>
      </div>
    </aside>
  );
}

/**
 * WhatsApp and Call within reach on phones: sticky at the bottom of the unit page while it
 * scrolls, and in the page's flow at its end, so it never covers the footer.
 */
function ContactBar({ unit }: { unit: UnitDetail }) {
  const { t } = useT();
  const contacts = useContacts();
  if (!contacts) return null;
  const names = { name: unit.name, building: unit.building, code: unit.unitCode };
  const linkClass =
    "flex flex-1 items-center justify-center gap-2 rounded-xl px-3 py-3 text-sm font-semibold";
  return (
    <nav
      aria-label={t("property.contactBar")}
      data-testid="contact-bar"
      data-sticky-bottom
      className="sticky bottom-0 z-20 -mx-4 flex gap-3 border-t border-sand-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
    >
      <a
        href={whatsappLink(contacts.whatsapp, t("property.whatsappMessage", names))}
        target="_blank"
        rel="noopener noreferrer"
        className={`${linkClass} bg-emerald-700 text-white`}
      >
        <Icon name="chat" className="size-4" />
        {t("property.whatsapp")}
        <span className="sr-only">{t("property.opensInNewTab")}</span>
      </a>
      <a href={phoneLink(contacts.phone)} className={`${linkClass} bg-sea-900 text-white`}>
        <Icon name="phone" className="size-4" />
        {t("property.call")}
      </a>
    </nav>
  );
}

export function UnitPage({ unit, fallback = false, lower }: UnitPageProps) {
  const { t, lang } = useT();
  const price = usePriceFormat();
  const description = (lang === "ru" && unit.descriptionRu) || unit.description;
  // Checked here rather than with positionOf: the page's first JavaScript stays as it was.
  const position =
    unit.latitude !== null && unit.longitude !== null
      ? { latitude: unit.latitude, longitude: unit.longitude }
      : null;
  const leases = [
    { key: "yearly", price: unit.pricing.yearly },
    { key: "sixMonth", price: unit.pricing.sixMonth },
    { key: "monthly", price: unit.pricing.monthly },
  ] as const;
  const stats: {
    key: "bedrooms" | "bathrooms" | "size" | "floor";
    value: string;
    icon: IconName;
  }[] = [
    { key: "bedrooms", value: String(unit.bedrooms), icon: "bed" },
    { key: "bathrooms", value: String(unit.bathrooms), icon: "bath" },
    { key: "size", value: t("property.size", { size: unit.sizeM2 }), icon: "area" },
    // A villa stands on its own ground: its floor says nothing.
    ...(unit.type === "condo"
      ? [{ key: "floor", value: String(unit.floor), icon: "layers" } as const]
      : []),
  ];
  const availability = unit.availableFrom
    ? {
        text: t("property.availableFrom", { date: formatDate(unit.availableFrom, lang) }),
        className: "text-amber-800 bg-amber-50",
      }
    : unit.rentedUntil
      ? {
          text: t("property.rentedUntil", { date: formatDate(unit.rentedUntil, lang) }),
          className: "text-rose-800 bg-rose-50",
        }
      : unit.status === "available"
        ? { text: t("property.availableNow"), className: "text-emerald-800 bg-emerald-50" }
        : null;

  const header = (
    <header className="mt-6">
      <StatusBadge status={unit.status} />
      <FavoriteButton slug={unit.slug} name={unit.name} className="float-right" />
      <h1 className="mt-3 font-display text-4xl leading-tight text-sea-900 sm:text-5xl">
        {unit.name}
      </h1>
      <p className="mt-2 text-lg text-ink-600">
        {unit.building} · {unit.unitCode}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 text-ink-600">
        <span>{t(`property.type.${unit.type}`)}</span>
        <span aria-hidden="true">·</span>
        <span className="inline-flex items-center gap-1">
          <Icon name="pin" className="size-4" />
          {t("property.inPhuket", { location: placeName(unit.location, lang) })}
        </span>
      </p>
    </header>
  );

  const pricing = (
    <section
      aria-labelledby="pricing-title"
      className="rounded-3xl bg-sea-900 p-6 text-white shadow-lg"
    >
      <h2 id="pricing-title" className="font-display text-2xl">
        {t("property.pricingOptions")}
      </h2>
      <ul className="mt-4 divide-y divide-white/10">
        {leases.map((lease) => (
          <li key={lease.key} className="flex items-center justify-between gap-3 py-3">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              {t(`property.lease.${lease.key}`)}
              {lease.key === "yearly" && (
                <span className="rounded-full bg-coral-500 px-2 py-0.5 text-xs font-semibold whitespace-nowrap">
                  {t("property.bestValue")}
                </span>
              )}
            </span>
            <span className="shrink-0 text-right">
              <span
                className="block text-xl font-bold whitespace-nowrap"
                data-testid={`unit-price-${lease.key}`}
              >
                {price.shown(lease.price)}
              </span>
              <span className="block text-xs text-sea-100">
                {price.converted && (
                  <span className="whitespace-nowrap" data-testid={`unit-price-baht-${lease.key}`}>
                    {formatBaht(lease.price, lang)}{" "}
                  </span>
                )}
                {t("property.perMonthLong")}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <PriceNote className="mt-3 text-sea-100" />
      {availability && (
        <p
          className={`mt-4 rounded-xl px-4 py-2.5 text-sm font-semibold ${availability.className}`}
        >
          {availability.text}
        </p>
      )}
    </section>
  );

  const facts = (
    <>
      <dl
        className={`grid grid-cols-2 gap-3 ${stats.length === 4 ? "sm:grid-cols-4" : "sm:grid-cols-3"}`}
      >
        {stats.map((stat) => (
          <div key={stat.key} className="rounded-2xl bg-white p-4 ring-1 ring-sand-200">
            <dt className="flex items-center gap-2 text-sm text-ink-500">
              <Icon name={stat.icon} className="size-4" />
              {t(`property.stats.${stat.key}`)}
            </dt>
            <dd className="mt-1 text-xl font-semibold text-sea-900">{stat.value}</dd>
          </div>
        ))}
      </dl>

      <section className="mt-10" aria-labelledby="facilities-title">
        <h2 id="facilities-title" className="font-display text-2xl text-sea-900">
          {t("property.facilities")}
        </h2>
        {unit.facilities.length > 0 ? (
          <ul className="mt-4 flex flex-wrap gap-2">
            {unit.facilities.map((facility) => (
              <li
                key={facility}
                className="rounded-full bg-sea-50 px-4 py-1.5 text-sm font-medium text-sea-800"
              >
                {facilityName(facility, t)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-ink-500">{t("property.noFacilities")}</p>
        )}
      </section>

      <section className="mt-10" aria-labelledby="description-title">
        <h2 id="description-title" className="font-display text-2xl text-sea-900">
          {t("property.description")}
        </h2>
        <p className="mt-3 max-w-3xl text-lg leading-relaxed whitespace-pre-line text-ink-600">
          {description || t("property.noDescription")}
        </p>
      </section>

      {position && <UnitLocation unit={unit} position={position} />}
    </>
  );

  // The parts come in the order a phone shows them: photos and title, prices and contacts, the
  // facts, then the calendar and the long forms. The document order is the visual order (a
  // browser paints a page before all of it has arrived: parts moved by CSS `order` shifted the
  // page as the later ones came in). From 1024 px a grid puts the prices and contacts in a
  // sticky column on the right, beside the other three.
  return (
    <article className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
      <BackToListings />
      {fallback && (
        <p
          role="status"
          className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          {t("listing.fallbackNotice")}
        </p>
      )}
      <div className="mt-4 flex flex-col gap-8 pb-8 lg:grid lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start lg:gap-x-10 lg:gap-y-10 lg:pb-16">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <Gallery images={unit.images} name={unit.name} />
          {header}
        </div>
        <div className="space-y-8 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:space-y-6">
          {pricing}
          <ContactPanel unit={unit} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">{facts}</div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-3">{lower}</div>
      </div>
      <ContactBar unit={unit} />
    </article>
  );
}
