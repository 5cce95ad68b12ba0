/** Line icons drawn for the site (24×24, stroke = currentColor). */
const PATHS = {
  sparkle: "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z",
  shirt: "M8 4l4 2 4-2 4 3-2 4h-2v9H8v-9H6L4 7z",
  car: "M5 16v-4l2-5h10l2 5v4M5 16h14M5 16v2m14-2v2M8 13h.01M16 13h.01",
  bell: "M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 21h4",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z",
  eye: "M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zm10-3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  pin: "M12 21s7-6.1 7-12a7 7 0 1 0-14 0c0 5.9 7 12 7 12zm0-9a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4m8-4v4",
  wrench: "M14 6a4 4 0 0 0 5 5l-8 8a2 2 0 0 1-3-3l8-8a4 4 0 0 1-2-2z",
  chart: "M4 20V4m0 16h16M8 16v-5m4 5V8m4 8v-3",
  phone:
    "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z",
  mobile: "M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm3 15h2",
  mail: "M3 6h18v12H3zm0 0l9 7 9-7",
  chat: "M4 5h16v11H9l-5 4z",
  send: "M21 3L3 11l7 3 3 7z",
  arrowLeft: "M15 5l-7 7 7 7",
  arrowRight: "M9 5l7 7-7 7",
  bed: "M3 18v-8m0 4h18v4m0-4v-2a3 3 0 0 0-3-3h-7v5M7 11a2 2 0 1 0 0-.1",
  bath: "M4 12h16v3a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4zm2 0V6a2 2 0 0 1 4 0",
  area: "M4 4h16v16H4zM4 9h5V4m11 11h-5v5",
  layers: "M12 3l9 5-9 5-9-5zm-9 9l9 5 9-5",
  check: "M5 12l5 5 9-10",
  close: "M6 6l12 12M18 6 6 18",
  expand: "M4 9V4h5m6 0h5v5M4 15v5h5m6 0h5v-5",
  external: "M14 4h6v6m0-6l-9 9M18 14v6H4V6h6",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
