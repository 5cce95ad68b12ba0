/** The year the company started (spec: "since 2015"). */
export const FOUNDED_YEAR = 2015;

/** The company's published figures (spec section 1). */
export const COMPANY_STATS = [
  { value: "500+", key: "properties" },
  { value: "98%", key: "satisfaction" },
  { value: "24/7", key: "support" },
  { value: String(FOUNDED_YEAR), key: "since" },
] as const;

export const OWNER_CLAIMS = [
  { value: "180+", key: "villas" },
  { value: "92%", key: "occupancy" },
  { value: "8-12%", key: "returns" },
  { value: "20+", key: "experience" },
] as const;
