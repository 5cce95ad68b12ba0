import { describe, expect, it } from "vitest";
import { assertSameOrigin, isSameOrigin } from "./same-origin.server.ts";

const post = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/admin", { method: "POST", headers });

describe("isSameOrigin", () => {
  it("accepts the site's own origin and the public URL's", () => {
    expect(isSameOrigin(post({ origin: "http://localhost:3000" }))).toBe(true);
    expect(
      isSameOrigin(post({ origin: "https://rentals.example" }), "https://rentals.example"),
    ).toBe(true);
  });
  it("refuses another origin, even a look-alike", () => {
    expect(isSameOrigin(post({ origin: "https://evil.example" }))).toBe(false);
    expect(isSameOrigin(post({ origin: "http://localhost:3001" }))).toBe(false);
    expect(isSameOrigin(post({ origin: "null" }))).toBe(false);
  });
  it("falls back to Sec-Fetch-Site without Origin", () => {
    expect(isSameOrigin(post({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOrigin(post({ "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isSameOrigin(post({ "sec-fetch-site": "same-site" }))).toBe(false);
    expect(isSameOrigin(post({}))).toBe(true);
  });
  it("throws a 403 for another site", () => {
    expect(() => assertSameOrigin(post({ origin: "https://evil.example" }))).toThrow();
    expect(() => assertSameOrigin(post({ origin: "http://localhost:3000" }))).not.toThrow();
  });
});
