import { lazy, Suspense, useRef, useState } from "react";
import { useT } from "../../i18n/use-t.tsx";
import { Icon } from "../../ui/icon.tsx";
import type { UnitImage } from "../media/media-url.ts";

// The full-screen viewer's code is fetched when the visitor points at or focuses its button.
const loadViewer = () => import("./photo-viewer.tsx");
const PhotoViewer = lazy(async () => ({ default: (await loadViewer()).PhotoViewer }));

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
 * photos full screen, at the photo shown (photo-viewer.tsx, loaded on demand).
 */
export function Gallery({ images, name }: { images: UnitImage[]; name: string }) {
  const { t } = useT();
  const [index, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
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
        {/* A tap or click on the photo opens it full screen; the "All N photos" button below does
            the same for a keyboard, and a swipe (a moving touch) is no click. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the button below is the keyboard's way */}
        <img
          key={image.src}
          onClick={() => {
            void loadViewer();
            setViewing(true);
          }}
          src={image.src}
          srcSet={image.srcSet}
          sizes="(min-width: 1024px) 760px, 100vw"
          width={image.width ?? 1600}
          height={image.height ?? 1000}
          alt={t("property.photoNumbered", { name, number: index + 1, total: count })}
          fetchPriority={index === 0 ? "high" : "auto"}
          className="aspect-[8/5] w-full cursor-zoom-in object-cover lg:aspect-[16/9]"
          draggable={false}
        />
        <button
          ref={opener}
          type="button"
          data-testid="open-viewer"
          onPointerEnter={loadViewer}
          onFocus={loadViewer}
          onClick={() => setViewing(true)}
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
      {viewing && (
        <Suspense fallback={null}>
          <PhotoViewer
            images={images}
            name={name}
            index={index}
            onIndex={go}
            onClose={() => {
              setViewing(false);
              // Back to the button that opened it (browsers differ in where focus goes).
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
