import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  matchTotp,
  newTotpSecret,
  totpCode,
  totpStep,
  totpUri,
} from "./totp.server.ts";

// RFC 6238 appendix B, SHA-1 rows, with the 8-digit reference values.
const RFC_SECRET = Buffer.from("12345678901234567890");
const VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
];

describe("TOTP", () => {
  it("matches the RFC 6238 test vectors", () => {
    for (const [seconds, code] of VECTORS) {
      expect(totpCode(RFC_SECRET, Math.floor(seconds / 30), 8)).toBe(code);
      expect(totpCode(RFC_SECRET, Math.floor(seconds / 30))).toBe(code.slice(2));
    }
  });

  it("round-trips base32 (RFC 4648 vectors)", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("MZXW6YTBOI").toString()).toBe("foobar");
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });

  it("accepts the current code and one step of drift, refuses replays and others", () => {
    const secret = newTotpSecret();
    const now = new Date("2026-11-22T03:00:10Z");
    const step = totpStep(now);
    const key = base32Decode(secret);
    expect(matchTotp(secret, totpCode(key, step), now)).toBe(step);
    expect(matchTotp(secret, totpCode(key, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(key, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(key, step - 2), now)).toBeNull();
    expect(matchTotp(secret, totpCode(key, step), now, step)).toBeNull();
    expect(matchTotp(secret, "12345", now)).toBeNull();
    expect(matchTotp(secret, "abcdef", now)).toBeNull();
  });

  it("builds the otpauth URI apps read", () => {
    const uri = totpUri("ABC", "admin@example.com", "Kamala Living");
    expect(uri).toBe(
      "otpauth://totp/Kamala%20Living%3Aadmin%40example.com?secret=ABC&issuer=Kamala+Living&algorithm=SHA1&digits=6&period=30",
    );
  });
});
