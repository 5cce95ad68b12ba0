import { type ReactNode, useEffect, useId, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { useT } from "../../i18n/use-t.tsx";

/**
 * An owner program dialog over the home page, on its own URL. The native <dialog> shown with
 * showModal() keeps focus inside (the page behind is inert), closes on Esc, and costs no
 * JavaScript of a library. Closing goes back to the home page without scrolling it; focus
 * returns to what opened the dialog (or to `returnFocusSelector` after a reload).
 * Without JavaScript it is rendered open and the close button is a plain link.
 */
export function OwnerDialog({
  title,
  intro,
  homePath,
  returnFocusSelector,
  children,
}: {
  title: string;
  intro?: string;
  homePath: string;
  returnFocusSelector: string;
  children: ReactNode;
}) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const backdrop = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const isBackdrop = (target: EventTarget) => target === ref.current || target === backdrop.current;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog.open) dialog.close();
    dialog.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      const target =
        opener && opener !== document.body && opener.isConnected
          ? opener
          : document.querySelector<HTMLElement>(returnFocusSelector);
      target?.focus({ preventScroll: true });
    };
  }, [returnFocusSelector]);

  function onCancel(event: React.SyntheticEvent<HTMLDialogElement>) {
    // Esc: leave the dialog's URL rather than only hiding it.
    event.preventDefault();
    navigate(homePath, { preventScrollReset: true });
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc closes it (onCancel); the backdrop click is a pointer shortcut
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={onCancel}
      // A click on the dimmed space around the panel closes it, like the × button; a press that
      // starts inside the panel (selecting text) and ends outside does not.
      onPointerDown={(event) => {
        pressedOnBackdrop.current = isBackdrop(event.target);
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && isBackdrop(event.target)) {
          navigate(homePath, { preventScrollReset: true });
        }
        pressedOnBackdrop.current = false;
      }}
      className="fixed inset-0 z-50 m-0 h-full max-h-none w-full max-w-none overflow-y-auto bg-ink-900/60 p-0 backdrop:bg-transparent"
    >
      <div ref={backdrop} className="flex min-h-full items-start justify-center p-3 sm:p-8">
        <div className="relative w-full max-w-3xl overflow-hidden rounded-3xl bg-sand-50 shadow-2xl">
          <header className="relative bg-sea-900 px-6 pt-8 pb-7 text-white sm:px-10">
            <Link
              to={homePath}
              preventScrollReset
              aria-label={t("roi.close")}
              className="absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-2xl leading-none text-white transition hover:bg-white/20"
            >
              <span aria-hidden="true">×</span>
            </Link>
            <h2 id={titleId} className="pr-12 font-display text-2xl sm:text-3xl">
              {title}
            </h2>
            {intro && <p className="mt-2 max-w-xl text-sea-100">{intro}</p>}
          </header>
          <div className="px-6 py-8 sm:px-10">{children}</div>
        </div>
      </div>
    </dialog>
  );
}

/** Which owner form just thanked the visitor: read by the home page's thank-you toast. */
export type OwnerThanks = "roi" | "revenue-share";

/**
 * Once an owner form is stored (with JavaScript), closes the dialog: back to the home page
 * without scrolling away, where the thank-you shows.
 */
export function useCloseWhenSent(sent: boolean, homePath: string, thanks: OwnerThanks) {
  const navigate = useNavigate();
  useEffect(() => {
    if (sent) navigate(homePath, { preventScrollReset: true, state: { ownerThanks: thanks } });
  }, [sent, navigate, homePath, thanks]);
}
