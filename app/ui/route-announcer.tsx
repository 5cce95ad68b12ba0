import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** A page opened over another in a modal <dialog> (the owner programs, the admin's forms). */
const dialogOpen = () => document.querySelector("dialog[open]") !== null;

/**
 * Tells screen readers that a new page has opened, as a full page load would (WCAG 4.1.3, 2.4.3).
 * A polite live region, in the server's HTML from the first paint, names each new page by its
 * title, and focus moves to the page's main heading, so the next Tab starts from the new content
 * instead of from the link that was followed. Changes of the query or the hash (filters, sections)
 * stay where they are, and so does a page that opens or closes a dialog: the dialog moves focus.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");
  const shown = useRef<string | null>(null);
  const hadDialog = useRef(false);
  useEffect(() => {
    const first = shown.current === null;
    shown.current = pathname;
    if (first) {
      hadDialog.current = dialogOpen();
      return;
    }
    // After the new page's title and heading are in the document.
    const frame = requestAnimationFrame(() => {
      const dialog = dialogOpen();
      const nextToDialog = dialog || hadDialog.current;
      hadDialog.current = dialog;
      if (nextToDialog) return;
      const heading =
        document.querySelector<HTMLElement>("main h1") ?? document.querySelector("h1");
      setMessage(document.title || heading?.textContent || "");
      if (heading) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    // A live region without role="status": the page's own confirmations are the status messages;
    // this one only names the page, as a full load would.
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-route-announcer>
      {message}
    </div>
  );
}
