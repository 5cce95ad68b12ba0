import type { Language } from "../../i18n/languages.ts";

/**
 * What makes the portal installable on a phone: its manifest (in the page's language, started
 * at and scoped to that language's portal), the icon and the theme colour.
 */
export function ownerHead(lang: Language) {
  return [
    {
      tagName: "link",
      rel: "manifest",
      href: lang === "ru" ? "/owner-ru.webmanifest" : "/owner.webmanifest",
    },
    { tagName: "link", rel: "apple-touch-icon", href: "/owner-icon-192.png" },
    { name: "theme-color", content: "#0f3d47" },
  ];
}

/** The service worker that shows the offline page, registered for this language's portal only. */
export function registerOwnerWorker(lang: Language) {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register("/owner-sw.js", { scope: lang === "ru" ? "/ru/owner" : "/owner" })
    .catch(() => {
      // Without it the portal works as before, only with no offline page.
    });
}
