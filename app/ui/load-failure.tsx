/** What could not be loaded, and why in a plain sentence (with the log reference). */
export function LoadFailure({ title, details }: { title: string; details: string }) {
  return (
    <div role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-rose-800">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{details}</p>
    </div>
  );
}
