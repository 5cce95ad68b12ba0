import { describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config.server.ts";
import { maskPromptPayId, payloadAmount, promptPayPayload, promptPayTarget } from "./promptpay.ts";

// The EMVCo merchant-presented QR, written out here from the specification and the Bank of
// Thailand's PromptPay profile, independently of the library the code uses.
const tlv = (tag: string, value: string) =>
  `${tag}${String(value.length).padStart(2, "0")}${value}`;

/** CRC-16/CCITT-FALSE: polynomial 0x1021, start 0xFFFF, no reflection, no final xor. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "ascii")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Fields in the order the library writes them (EMVCo leaves the order free; the CRC follows it). */
function expectedPayload(proxyTag: "01" | "02", proxy: string, amount: string): string {
  const merchant = tlv("00", "A000000677010111") + tlv(proxyTag, proxy);
  const body =
    tlv("00", "01") +
    tlv("01", "12") +
    tlv("29", merchant) +
    tlv("53", "764") +
    tlv("58", "TH") +
    tlv("54", amount);
  return `${body}6304${crc16(`${body}6304`)}`;
}

/** The payload's fields by tag, so field order (free in EMVCo) does not matter. */
function fields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    out.set(tag, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return out;
}

describe("PromptPay payloads", () => {
  it("checks its own CRC against the standard's check value", () => {
    // CRC-16/CCITT-FALSE of "123456789" is 0x29B1 (the catalogue's check value).
    expect(crc16("123456789")).toBe("29B1");
  });

  it("pays an exact amount to a phone number, as the EMVCo string written out here", () => {
    const payload = promptPayPayload("0812345678", 35_000);
    // The phone becomes 0066 and the number without its leading 0, thirteen digits.
    expect(payload).toBe(expectedPayload("01", "0066812345678", "35000.00"));
    expect(payloadAmount(payload)).toBe("35000.00");
  });

  it("pays to a 13-digit tax id under tag 02", () => {
    const payload = promptPayPayload("0105561234567", 12_345);
    expect(fields(fields(payload).get("29") ?? "").get("02")).toBe("0105561234567");
    expect(fields(payload).get("54")).toBe("12345.00");
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });

  it("refuses ids that are neither, and amounts that are not whole baht above zero", () => {
    expect(promptPayTarget("812345678")).toBeNull();
    expect(promptPayTarget("+66812345678")).toBeNull();
    expect(promptPayTarget("081-234-5678")).toBeNull();
    expect(() => promptPayPayload("0812345678", 0)).toThrow(/whole number/);
    expect(() => promptPayPayload("0812345678", 10.5)).toThrow(/whole number/);
    expect(() => promptPayPayload("12345", 100)).toThrow(/PromptPay id/);
  });

  it("shows only the last four digits of the id", () => {
    expect(maskPromptPayId("0812345678")).toBe("xxxxxx5678");
  });
});

describe("the PROMPTPAY_ID setting", () => {
  const dataDir = "/tmp";
  it("is optional, and takes a phone number or a 13-digit id", () => {
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(32) }).promptPayId).toBe(
      undefined,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: "x".repeat(32),
      PROMPTPAY_ID: "0812345678",
    });
    expect(config.promptPayId).toBe("0812345678");
  });

  it("names the setting when it is neither", () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(32), PROMPTPAY_ID: "+66 81" }),
    ).toThrow(/PROMPTPAY_ID must be the PromptPay phone number/);
  });
});
