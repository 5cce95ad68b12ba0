import { useEffect } from "react";

/** A message that appears at the top right and goes away by itself (errors stay until closed). */
export function Toast({
  message,
  tone,
  onClose,
}: {
  message: string;
  tone: "success" | "error";
  onClose: () => void;
}) {
  useEffect(() => {
    if (tone === "error") return;
    const timer = setTimeout(onClose, 5000);
    return () => clearTimeout(timer);
  }, [tone, onClose]);
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`fixed top-4 right-4 z-[60] flex max-w-md items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ${tone === "error" ? "bg-rose-700 text-white" : "bg-emerald-700 text-white"}`}
    >
      <p className="flex-1">{message}</p>
      <button type="button" onClick={onClose} aria-label="Dismiss" className="font-bold">
        ×
      </button>
    </div>
  );
}
