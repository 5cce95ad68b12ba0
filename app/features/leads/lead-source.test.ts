import { describe, expect, it } from "vitest";
import { LEAD_SOURCE_COOKIE, readLeadSource } from "./lead-source.ts";

const OWN = "https://kamala.example";
const page = (query = "") => new URL(`${OWN}/units/x${query}`);
const cookie = (params: Record<string, string>) =>
  `other=1; ${LEAD_SOURCE_COOKIE}=${encodeURIComponent(new URLSearchParams(params).toString())}`;

describe("a lead's source", () => {
  it("reads the kept campaign and referrer", () => {
    expect(
      readLeadSource(
        page(),
        cookie({
          source: "facebook",
          medium: "cpc",
          campaign: "Ноябрь 2026",
          referrer: "https://www.google.com/search?q=phuket",
        }),
        OWN,
      ),
    ).toEqual({
      utmSource: "facebook",
      utmMedium: "cpc",
      utmCampaign: "Ноябрь 2026",
      referrer: "https://www.google.com/search?q=phuket",
    });
  });

  it("prefers the campaign of the posted page's URL (forms without JavaScript)", () => {
    expect(
      readLeadSource(page("?utm_source=newsletter&utm_campaign=dec"), cookie({ source: "x" }), OWN),
    ).toMatchObject({ utmSource: "newsletter", utmMedium: null, utmCampaign: "dec" });
  });

  it("drops what is too long, malformed, or our own site", () => {
    const hostile = readLeadSource(
      page(),
      cookie({
        source: "a".repeat(101),
        medium: "<script>",
        campaign: "ok",
        referrer: "javascript:alert(1)",
      }),
      OWN,
    );
    expect(hostile).toEqual({
      utmSource: null,
      utmMedium: null,
      utmCampaign: "ok",
      referrer: null,
    });
    expect(readLeadSource(page(), cookie({ referrer: `${OWN}/about` }), OWN).referrer).toBeNull();
    expect(
      readLeadSource(page(), `${LEAD_SOURCE_COOKIE}=${"x".repeat(5000)}`, OWN).utmSource,
    ).toBeNull();
    expect(readLeadSource(page(), `${LEAD_SOURCE_COOKIE}=%E0%A4%A`, OWN).utmSource).toBeNull();
    expect(readLeadSource(page(), null, OWN)).toEqual({
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      referrer: null,
    });
  });
});
