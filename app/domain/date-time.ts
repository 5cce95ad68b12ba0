/** The company's time zone: the admin panel shows every moment in it. */
export const BUSINESS_TIME_ZONE = "Asia/Bangkok";

/** A moment as the admin panel shows it, e.g. "23/11/2026, 09:30:00", Phuket time. */
export function formatAdminDateTime(at: Date | string | number): string {
  return new Date(at).toLocaleString("en-GB", { timeZone: BUSINESS_TIME_ZONE });
}
