/** The company's published figures (spec section 1). */
export const COMPANY_STATS = [
  { value: "500+", key: "properties" },
  { value: "98%", key: "satisfaction" },
  { value: "24/7", key: "support" },
  { value: "2015", key: "since" },
] as const;

export const OWNER_CLAIMS = [
  { value: "180+", key: "villas" },
  { value: "92%", key: "occupancy" },
  { value: "8-12%", key: "returns" },
  { value: "20+", key: "experience" },
] as const;
