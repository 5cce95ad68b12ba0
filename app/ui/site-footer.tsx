import { href, Link } from "react-router";
import { localizePath } from "../i18n/languages.ts";
import { useT } from "../i18n/use-t.tsx";
import {
  type Contacts,
  emailLink,
  phoneLink,
  telegramLink,
  whatsappLink,
} from "../lib/contacts.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { NAV_SECTIONS, sectionHref } from "./site-nav.ts";

export function SiteFooter({ contacts }: { contacts: Contacts | undefined }) {
  const { t, lang } = useT();
  const brandName = contacts?.brandName ?? "";
  return (
    <footer id="contact" className="scroll-mt-16 bg-sea-900 text-sea-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-14 md:grid-cols-3">
        <div>
          <p className="font-display text-2xl text-white">{brandName}</p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed">{t("footer.tagline")}</p>
          <LanguageSwitch
            label={t("footer.language")}
            className="mt-6 w-fit rounded-full bg-sand-50 p-1"
          />
        </div>
        {contacts && (
          <div>
            <h2 className="text-sm font-semibold tracking-widest text-white uppercase">
              {t("footer.contactInfo")}
            </h2>
            <dl className="mt-4 space-y-3 text-sm">
              {[
                { label: t("footer.phone"), href: phoneLink(contacts.phone), text: contacts.phone },
                { label: t("footer.email"), href: emailLink(contacts.email), text: contacts.email },
                {
                  label: t("footer.whatsapp"),
                  href: whatsappLink(contacts.whatsapp, ""),
                  text: `+${contacts.whatsapp}`,
                  external: true,
                },
                {
                  label: t("footer.telegram"),
                  href: telegramLink(contacts.telegram),
                  text: `@${contacts.telegram}`,
                  external: true,
                },
              ].map((item) => (
                <div key={item.label}>
                  <dt className="text-sea-100/70">{item.label}</dt>
                  <dd>
                    <a
                      className="text-white hover:underline"
                      href={item.href}
                      {...(item.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                    >
                      {item.text}
                    </a>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        )}
        <div>
          {contacts && (
            <>
              <h2 className="text-sm font-semibold tracking-widest text-white uppercase">
                {t("footer.office")}
              </h2>
              <address className="mt-4 text-sm leading-relaxed not-italic">
                {contacts.officeAddress}
              </address>
            </>
          )}
          <h2 className="mt-8 text-sm font-semibold tracking-widest text-white uppercase">
            {t("footer.sections")}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-sm">
            {NAV_SECTIONS.map((section) => (
              <li key={section}>
                <Link className="hover:text-white hover:underline" to={sectionHref(section, lang)}>
                  {t(`nav.${section}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-6 py-5">
          <p className="text-xs text-sea-100/70">
            © {new Date().getFullYear()} {brandName}. {t("footer.rights")}{" "}
            <Link
              to={localizePath("/accessibility", lang)}
              className="font-semibold text-white underline hover:no-underline"
            >
              {t("footer.accessibility")}
            </Link>
          </p>
          {/* The spec's floating Admin Panel button: in the footer's flow below 1600 px, so it covers
              nothing; wider, it floats at the bottom right in the margin beside the content. */}
          <Link
            to={href("/admin")}
            data-testid="admin-panel-button"
            className="rounded-full bg-white/10 px-3 py-1.5 text-xs font-semibold text-white ring-1 ring-white/20 transition hover:bg-white/20 min-[1600px]:fixed min-[1600px]:right-4 min-[1600px]:bottom-4 min-[1600px]:z-40 min-[1600px]:bg-ink-900/85 min-[1600px]:shadow-lg min-[1600px]:backdrop-blur min-[1600px]:hover:bg-ink-900"
          >
            {t("nav.adminPanel")}
          </Link>
        </div>
      </div>
    </footer>
  );
}
