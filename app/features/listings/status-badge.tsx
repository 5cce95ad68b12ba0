import type { PropertyStatus } from "../../domain/listing.ts";
import { useT } from "../../i18n/use-t.tsx";

const STYLES: Record<PropertyStatus, string> = {
  available: "bg-emerald-700 text-white",
  soon: "bg-amber-400 text-amber-950",
  occupied: "bg-rose-600 text-white",
};

export function StatusBadge({
  status,
  className = "",
}: {
  status: PropertyStatus;
  className?: string;
}) {
  const { t } = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold shadow-sm ${STYLES[status]} ${className}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}
