export function SectionHeading({
  eyebrow,
  title,
  subtitle,
  light = false,
  id,
}: {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  light?: boolean;
  id?: string;
}) {
  return (
    <div className="max-w-2xl">
      {eyebrow && (
        <p
          className={`text-sm font-semibold tracking-[0.2em] uppercase ${light ? "text-sea-100" : "text-coral-600"}`}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`mt-2 font-display text-3xl sm:text-4xl ${light ? "text-white" : "text-sea-900"}`}
      >
        {title}
      </h2>
      {subtitle && (
        <p className={`mt-3 text-lg ${light ? "text-sea-100" : "text-ink-600"}`}>{subtitle}</p>
      )}
    </div>
  );
}
