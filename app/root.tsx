import { useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { createI18n, languageFromPath } from "./i18n/i18n.ts";
import { useT } from "./i18n/use-t.ts";
import { useNonce } from "./lib/nonce.tsx";
import { getRuntime } from "./lib/runtime.server.ts";
import { SiteFooter } from "./ui/site-footer.tsx";
import { SiteHeader } from "./ui/site-header.tsx";

export async function loader() {
  const { config } = getRuntime();
  return { brandName: config.contacts.brandName };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const lang = languageFromPath(pathname);
  const i18n = useMemo(() => createI18n(lang), [lang]);
  const nonce = useNonce();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d47" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-sand-50 text-ink-900 antialiased">
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // The admin panel has a layout of its own.
  if (/^\/admin(\/|$)/.test(useLocation().pathname)) return <>{children}</>;
  const brandName = data?.brandName ?? "";
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader brandName={brandName} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter brandName={brandName} />
      <Link
        to="/admin"
        className="fixed right-4 bottom-4 z-40 rounded-full bg-ink-900/85 px-4 py-2.5 text-sm font-semibold text-white shadow-lg backdrop-blur transition hover:bg-ink-900"
      >
        Admin Panel
      </Link>
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
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Shell>
      <section className="mx-auto max-w-2xl px-6 py-24 text-center">
        <h1 className="font-display text-4xl text-sea-900">
          {notFound ? t("notFound.title") : t("error.title")}
        </h1>
        <p className="mt-4 text-ink-600">{notFound ? t("notFound.text") : t("error.text")}</p>
      </section>
    </Shell>
  );
}
