const button =
  "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline-3";

/** The admin panel's three buttons, shared by the admin pages of every feature. */
export const buttonStyles = {
  primary: `${button} bg-sea-900 text-white hover:bg-sea-700 disabled:opacity-60`,
  secondary: `${button} bg-white text-ink-900 ring-1 ring-sand-200 hover:bg-sand-100`,
  danger: `${button} bg-rose-600 text-white hover:bg-rose-700`,
};
