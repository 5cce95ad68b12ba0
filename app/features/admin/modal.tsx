import { useEffect, useId, useRef } from "react";

/**
 * A modal dialog on the browser's own <dialog>: focus moves in and is trapped, Escape or the ×
 * button closes it, the page behind is inert. Dialogs may stack (a question over a form).
 * Content may end with a `sticky bottom-0` bar (the form's Save/Cancel) that stays in reach.
 */
export function Modal({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: React.ReactNode;
  onClose: () => void;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-ink-900/50 ${wide ? "max-w-4xl" : "max-w-md"}`}
    >
      <div className="max-h-[90dvh] overflow-y-auto px-6 pt-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-display text-2xl text-sea-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mt-1 -mr-2 shrink-0 rounded-lg p-2 text-2xl leading-none text-ink-600 hover:bg-sand-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="mt-4 pb-6">{children}</div>
      </div>
    </dialog>
  );
}
