import { useRef, useState } from "react";
import { useT } from "../../i18n/use-t.tsx";
import { Icon } from "../../ui/icon.tsx";
import type { UnitImage } from "../media/media-url.ts";

/** A swipe changes the photo only when the finger moved farther than this sideways. */
export const SWIPE_THRESHOLD_PX = 50;

/** The next index after a swipe of `dx` pixels, staying within 0..count-1. */
export function indexAfterSwipe(index: number, dx: number, count: number): number {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX) return index;
  return Math.min(count - 1, Math.max(0, index + (dx < 0 ? 1 : -1)));
}

/**
 * Photos of a unit: previous/next arrows (disabled at the ends), dots, arrow keys when focused,
 * and a swipe on touch screens. The first photo renders on the server. A button opens the
 * photos full screen, at the photo shown.
 */
export function Gallery({ images, name }: { images: UnitImage[]; name: string }) {
  const { t } = useT();
  const [index, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const viewer = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [viewing, setViewing] = useState(false);
  const count = images.length;
  const image = images[index];

  if (!image) {
    return (
      <div className="flex aspect-[8/5] items-center justify-center rounded-3xl bg-sand-100 text-ink-500">
        {t("property.noPhoto")}
      </div>
    );
  }

  const go = (next: number) => setIndex(Math.min(count - 1, Math.max(0, next)));
  const arrowClass =
    "absolute top-1/2 -translate-y-1/2 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-sea-900 shadow-lg transition hover:bg-white disabled:cursor-not-allowed disabled:opacity-40";

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("gallery.label", { name })}
      className="relative"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys and swipes move between photos; the buttons below do the same for everyone */}
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the photo viewer takes arrow keys when focused
        tabIndex={0}
        data-testid="gallery"
        className="relative touch-pan-y overflow-hidden rounded-3xl bg-sand-100 select-none"
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") {
            event.preventDefault();
            go(index + 1);
          } else if (event.key === "ArrowLeft") {
            event.preventDefault();
            go(index - 1);
          }
        }}
        onTouchStart={(event) => {
          const touch = event.touches[0];
          touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          const touch = event.changedTouches[0];
          touchStart.current = null;
          if (!start || !touch) return;
          const dx = touch.clientX - start.x;
          // A mostly vertical movement is a scroll, not a swipe.
          if (Math.abs(touch.clientY - start.y) > Math.abs(dx)) return;
          setIndex(indexAfterSwipe(index, dx, count));
        }}
      >
        <img
          key={image.src}
          src={image.src}
          srcSet={image.srcSet}
          sizes="(min-width: 1024px) 760px, 100vw"
          width={image.width ?? 1600}
          height={image.height ?? 1000}
          alt={t("property.photoNumbered", { name, number: index + 1, total: count })}
          fetchPriority={index === 0 ? "high" : "auto"}
          className="aspect-[8/5] w-full object-cover"
          draggable={false}
        />
        <button
          ref={opener}
          type="button"
          data-testid="open-viewer"
          onClick={() => {
            setViewing(true);
            viewer.current?.showModal();
          }}
          className="absolute top-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-black/55 px-3 py-1.5 text-xs font-semibold text-white backdrop-blur transition hover:bg-black/70"
        >
          <Icon name="expand" className="size-4" />
          {t("gallery.viewAll", { total: count })}
          <span className="sr-only">{t("gallery.open")}</span>
        </button>
        <p className="sr-only" aria-live="polite">
          {t("gallery.position", { current: index + 1, total: count })}
        </p>
        {count > 1 && (
          <>
            <button
              type="button"
              className={`${arrowClass} left-3`}
              onClick={() => go(index - 1)}
              disabled={index === 0}
              aria-label={t("gallery.previous")}
            >
              <Icon name="arrowLeft" />
            </button>
            <button
              type="button"
              className={`${arrowClass} right-3`}
              onClick={() => go(index + 1)}
              disabled={index === count - 1}
              aria-label={t("gallery.next")}
            >
              <Icon name="arrowRight" />
            </button>
            <p
              data-testid="swipe-hint"
              className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-black/55 px-3 py-1 text-xs font-medium whitespace-nowrap text-white sm:hidden"
            >
              {t("gallery.swipeHint", { current: index + 1, total: count })}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ol className="mt-1.5 flex justify-center">
          {images.map((img, i) => (
            <li key={img.src}>
              {/* A 24-pixel target around the small dot, so a finger can hit it on a phone. */}
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={t("gallery.goTo", { number: i + 1 })}
                aria-current={i === index ? "true" : undefined}
                className="group flex h-6 min-w-6 items-center justify-center px-[3px]"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2.5 rounded-full transition-all ${i === index ? "w-7 bg-sea-900" : "w-2.5 bg-sand-200 group-hover:bg-ink-500"}`}
                />
              </button>
            </li>
          ))}
        </ol>
      )}
      <PhotoViewer
        dialog={viewer}
        images={images}
        name={name}
        index={index}
        onIndex={go}
        open={viewing}
        onClose={() => {
          setViewing(false);
          // Back to the button that opened it (browsers differ in where focus goes).
          opener.current?.focus();
        }}
      />
    </section>
  );
}

/**
 * The photos full screen in a modal <dialog>: the browser keeps focus inside and closes it on
 * Esc; arrow keys and buttons move, thumbnails jump, a click on the backdrop closes it.
 */
function PhotoViewer({
  dialog,
  images,
  name,
  index,
  onIndex,
  open,
  onClose,
}: {
  dialog: React.RefObject<HTMLDialogElement | null>;
  images: UnitImage[];
  name: string;
  index: number;
  onIndex: (index: number) => void;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useT();
  const count = images.length;
  const image = images[index];
  const buttonClass =
    "inline-flex size-12 items-center justify-center rounded-full bg-white/15 text-white transition hover:bg-white/30 disabled:cursor-not-allowed disabled:opacity-30";
  return (
    <dialog
      ref={dialog}
      aria-label={t("gallery.viewer", { name })}
      data-testid="photo-viewer"
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-ink-900/95 p-0 text-white backdrop:bg-black/80"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") {
          event.preventDefault();
          onIndex(index + 1);
        } else if (event.key === "ArrowLeft") {
          event.preventDefault();
          onIndex(index - 1);
        } else if (event.key === "Tab") {
          // The page behind is inert, but Tab would still leave for the browser's own controls:
          // wrap round from the last button to the first and back.
          const buttons = [
            ...event.currentTarget.querySelectorAll<HTMLButtonElement>("button:not(:disabled)"),
          ];
          const first = buttons[0];
          const last = buttons[buttons.length - 1];
          const edge = event.shiftKey ? first : last;
          if (edge && document.activeElement === edge) {
            event.preventDefault();
            (event.shiftKey ? last : first)?.focus();
          }
        }
      }}
    >
      {open && image && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <p className="text-sm font-semibold tabular-nums">
              <span className="sr-only">
                {t("gallery.position", { current: index + 1, total: count })}
              </span>
              <span aria-hidden="true" data-testid="viewer-count">
                {t("gallery.count", { current: index + 1, total: count })}
              </span>
            </p>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className={buttonClass}
              aria-label={t("gallery.close")}
            >
              <Icon name="close" />
            </button>
          </div>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the empty space around the photo closes like the backdrop */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
          <div
            className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-20"
            onClick={(event) => {
              if (event.target === event.currentTarget) dialog.current?.close();
            }}
          >
            <img
              key={image.src}
              src={image.src}
              srcSet={image.srcSet}
              sizes="100vw"
              alt={t("property.photoNumbered", { name, number: index + 1, total: count })}
              className="max-h-full max-w-full object-contain"
            />
            {count > 1 && (
              <>
                <button
                  type="button"
                  className={`${buttonClass} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
                  onClick={() => onIndex(index - 1)}
                  disabled={index === 0}
                  aria-label={t("gallery.previous")}
                >
                  <Icon name="arrowLeft" />
                </button>
                <button
                  type="button"
                  className={`${buttonClass} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
                  onClick={() => onIndex(index + 1)}
                  disabled={index === count - 1}
                  aria-label={t("gallery.next")}
                >
                  <Icon name="arrowRight" />
                </button>
              </>
            )}
          </div>
          {count > 1 && (
            <ol
              aria-label={t("gallery.thumbnails")}
              className="flex gap-2 overflow-x-auto px-4 py-3"
              data-testid="viewer-thumbnails"
            >
              {images.map((img, i) => (
                // Auto margins centre the strip when it fits and let it scroll from its start when not.
                <li key={img.src} className="shrink-0 first:ml-auto last:mr-auto">
                  <button
                    type="button"
                    onClick={() => onIndex(i)}
                    aria-label={t("gallery.goTo", { number: i + 1 })}
                    aria-current={i === index ? "true" : undefined}
                    className={`block overflow-hidden rounded-lg ring-2 transition ${i === index ? "opacity-100 ring-white" : "opacity-60 ring-transparent hover:opacity-100"}`}
                  >
                    <img
                      src={img.src}
                      srcSet={img.srcSet}
                      sizes="96px"
                      alt=""
                      loading="lazy"
                      width={96}
                      height={60}
                      className="h-12 w-20 object-cover sm:h-15 sm:w-24"
                    />
                  </button>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </dialog>
  );
}
