import { useEffect, useRef } from "react";
import { useT } from "../../i18n/use-t.tsx";
import { Icon } from "../../ui/icon.tsx";
import type { UnitImage } from "../media/media-url.ts";

/**
 * The photos full screen in a modal <dialog>: the browser keeps focus inside and closes it on
 * Esc; arrow keys and buttons move, thumbnails jump, a click on the backdrop closes it.
 */
export function PhotoViewer({
  images,
  name,
  index,
  onIndex,
  onClose,
}: {
  images: UnitImage[];
  name: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  // Shown while mounted: the gallery mounts it to open it and unmounts it once it has closed.
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
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
      {image && (
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
