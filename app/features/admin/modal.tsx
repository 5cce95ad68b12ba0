import { useEffect, useRef } from "react";

/**
 * A modal dialog on the browser's own <dialog>: focus moves in and is trapped, Escape closes it,
 * the page behind is inert.
 */
export function Modal({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="modal-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-ink-900/50 ${wide ? "max-w-4xl" : "max-w-md"}`}
    >
      <div className="max-h-[90dvh] overflow-y-auto p-6">
        <h2 id="modal-title" className="font-display text-2xl text-sea-900">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
