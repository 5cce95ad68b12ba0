import { useEffect, useMemo } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { getRuntime } from "./db/runtime.server.ts";
import { loadPriceCurrency } from "./features/currencies/price-currency.server.ts";
import { captureLeadSource } from "./features/leads/lead-source.ts";
import { languageFromPath, localizePath } from "./i18n/languages.ts";
import { messagesFor } from "./i18n/messages.server.ts";
import { createTranslator } from "./i18n/translate.ts";
import { I18nProvider, useT } from "./i18n/use-t.tsx";
import { InlineStyle } from "./lib/inline-style.tsx";
import { useNonce } from "./lib/nonce.tsx";
import { markNotCacheable } from "./lib/request-context.ts";
import { alternateLinks, canonicalUrl } from "./lib/seo.ts";
import { useContacts } from "./lib/use-contacts.ts";
import { deferred } from "./ui/deferred.tsx";
import { RouteAnnouncer } from "./ui/route-announcer.tsx";
import { SiteHeader } from "./ui/site-header.tsx";

/** Below every page: its code comes when the visitor nears it (its HTML is there from the start). */
const SiteFooter = deferred(async () => (await import("./ui/site-footer.tsx")).SiteFooter);

export async function loader({ url, context }: Route.LoaderArgs) {
  const { config } = getRuntime();
  const lang = languageFromPath(url.pathname);
  const { priceCurrency, cacheable } = await loadPriceCurrency(url);
  if (!cacheable) markNotCacheable(context);
  return {
    contacts: config.contacts,
    publicUrl: config.publicUrl,
    mapStyleUrl: config.mapStyleUrl,
    lang,
    messages: messagesFor(lang),
    priceCurrency,
  };
}

/** The dictionary comes with the root's data: load it again when the language changes. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return (
    languageFromPath(currentUrl.pathname) !== languageFromPath(nextUrl.pathname) ||
    defaultShouldRevalidate
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Marks the document once React has taken over the server's page, error pages included (tests
  // wait for it before using what needs JavaScript).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    // The campaign or site that brought the visitor, kept for the lead forms.
    captureLeadSource();
  }, []);
  const { pathname } = useLocation();
  const lang = languageFromPath(pathname);
  const rootData = useRouteLoaderData<typeof loader>("root");
  const messages = rootData?.messages;
  // Admin pages are never indexed; every public page names its address and its translations.
  const publicUrl = /^\/admin(\/|$)/.test(pathname) ? undefined : rootData?.publicUrl;
  const i18n = useMemo(
    () => ({ lang, t: createTranslator(lang, messages ?? {}) }),
    [lang, messages],
  );
  const nonce = useNonce();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d47" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {publicUrl && <link rel="canonical" href={canonicalUrl(publicUrl, pathname)} />}
        {publicUrl &&
          alternateLinks(publicUrl, pathname).map(({ hrefLang, href }) => (
            <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />
          ))}
        <InlineStyle />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-sand-50 text-ink-900 antialiased">
        <RouteAnnouncer />
        <I18nProvider value={i18n}>{children}</I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const contacts = useContacts();
  const { pathname } = useLocation();
  // The admin panel has a layout of its own.
  if (/^\/admin(\/|$)/.test(pathname)) return <>{children}</>;
  const brandName = contacts?.brandName ?? "";
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader brandName={brandName} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter contacts={contacts} />
    </div>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT();
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500 && status !== 503) console.error(error);
  const text =
    status === 404
      ? { title: t("notFound.title"), body: t("notFound.text") }
      : status === 503
        ? { title: t("unavailable.title"), body: t("unavailable.text") }
        : { title: t("error.title"), body: t("error.text") };
  const brandName = useContacts()?.brandName;
  return (
    <Shell>
      {/* React puts the title in the head; an error page has no route meta of its own. */}
      <title>{brandName ? `${text.title} · ${brandName}` : text.title}</title>
      <section className="mx-auto max-w-2xl px-6 py-24 text-center">
        <p className="font-display text-6xl text-sea-600">{status}</p>
        <h1 className="mt-2 font-display text-4xl text-sea-900">{text.title}</h1>
        <p className="mt-4 text-ink-600">{text.body}</p>
        <Link
          to={localizePath("/", languageFromPath(pathname))}
          className="mt-8 inline-flex rounded-xl bg-sea-900 px-5 py-3 font-semibold text-white hover:bg-sea-700"
        >
          {t("notFound.back")}
        </Link>
      </section>
    </Shell>
  );
}
