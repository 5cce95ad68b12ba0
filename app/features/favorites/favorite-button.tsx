import { useT } from "../../i18n/use-t.tsx";
import { toggleFavorite, useFavorites } from "./favorites-store.ts";

/**
 * The heart: a toggle button (aria-pressed) that keeps a unit in this browser's favourites. It
 * renders unpressed on the server and turns pressed after hydration when the unit is saved.
 */
export function FavoriteButton({
  slug,
  name,
  className = "",
}: {
  slug: string;
  name: string;
  className?: string;
}) {
  const { t } = useT();
  const saved = useFavorites().includes(slug);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? t("find.unsave", { name }) : t("find.save", { name })}
      title={saved ? t("find.unsave", { name }) : t("find.save", { name })}
      data-testid="favorite"
      onClick={() => toggleFavorite(slug)}
      className={`inline-flex size-10 items-center justify-center rounded-full bg-white/95 text-coral-500 shadow ring-1 ring-black/10 transition hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 ${className}`}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
        <path
          d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.2 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.8 0 5.9 3.9 4.5 7.3C19.5 16.4 12 21 12 21z"
          fill={saved ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
