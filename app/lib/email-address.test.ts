import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { isEmailAddress } from "./email-address.ts";

/** Where nodemailer itself would send a message addressed to `to`: its envelope recipients. */
async function deliveredTo(to: string): Promise<string[]> {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  try {
    const info = await transport.sendMail({ from: "desk@kamala.example", to, text: "x" });
    return [...info.envelope.to];
  } catch {
    return [];
  }
}

const ATTACKS = [
  "<img/src=x/onerror=alert(1)>@evil.example",
  "root,victim@example.com",
  "root;victim@example.com",
  "Bob <victim@example.com>",
  "victim@example.com (Bob)",
  "group: victim@example.com;",
  "victim@example.com\r\nBcc: other@example.com",
  "a b@example.com",
];

describe("isEmailAddress", () => {
  it("accepts ordinary addresses and refuses what is not one", () => {
    for (const ok of [
      "anna@example.com",
      "a.b+c@mail.example.co.th",
      "x@y.z",
      "o'neil@a-b.example",
    ])
      expect(isEmailAddress(ok), ok).toBe(true);
    for (const bad of ["", "anna", "@example.com", "anna@", "anna@example", "anna@.com", "a@..b"])
      expect(isEmailAddress(bad), bad).toBe(false);
    for (const bad of ["anna@example.", "a@b@c.com", "an na@example.com", "anna@exa\tmple.com"])
      expect(isEmailAddress(bad), bad).toBe(false);
    // Outside the subset, though a mailer could deliver some of them.
    for (const bad of ['"a,b"@example.com', "анна@example.com", "a@[127.0.0.1]"])
      expect(isEmailAddress(bad), bad).toBe(false);
    for (const bad of [".a@b.co", "a.@b.co", "a..b@b.co", "a@-b.co", "a@b-.co", "a@1.2.3.4"])
      expect(isEmailAddress(bad), bad).toBe(false);
  });

  it("refuses every string that nodemailer would deliver elsewhere, or to more than one", async () => {
    for (const attack of ATTACKS) {
      expect(isEmailAddress(attack), attack).toBe(false);
      // The reason: the mailer does not send to what was typed.
      expect(await deliveredTo(attack), attack).not.toEqual([attack]);
    }
  });

  it("holds RFC 5321's lengths: 64 for the local part, 63 a label, 254 in all", () => {
    expect(isEmailAddress(`${"a".repeat(64)}@example.com`)).toBe(true);
    expect(isEmailAddress(`${"a".repeat(65)}@example.com`)).toBe(false);
    expect(isEmailAddress(`a@${"b".repeat(63)}.com`)).toBe(true);
    expect(isEmailAddress(`a@${"b".repeat(64)}.com`)).toBe(false);
    const label = "c".repeat(60);
    const at254 = `a@${label}.${label}.${label}.${label}.${"d".repeat(254 - 2 - 4 * 61)}`;
    expect(at254.length).toBe(254);
    expect(isEmailAddress(at254)).toBe(true);
    expect(isEmailAddress(`a${at254}`)).toBe(false);
  });

  it("accepts an address only when nodemailer delivers to exactly it (every short string)", async () => {
    // Every string of up to 5 characters over an alphabet of the characters that matter.
    const alphabet = ["a", "@", ".", ",", "<", ">", " ", '"', "-"];
    let strings = [""];
    const all: string[] = [];
    for (let length = 1; length <= 5; length++) {
      strings = strings.flatMap((s) => alphabet.map((c) => s + c));
      all.push(...strings.filter((s) => s.includes("@")));
    }
    let accepted = 0;
    for (const s of all) {
      if (!isEmailAddress(s)) continue;
      accepted++;
      expect(await deliveredTo(s), JSON.stringify(s)).toEqual([s]);
    }
    // "a@a.a" and its kin are accepted: the check is not refusing everything.
    expect(accepted).toBeGreaterThan(0);
    expect(isEmailAddress("a@a.a")).toBe(true);
  });

  it("answers in linear time on long hostile input", () => {
    const started = performance.now();
    expect(isEmailAddress(`a@${".".repeat(200_000)}@`)).toBe(false);
    expect(isEmailAddress(`a@${"b".repeat(200_000)}`)).toBe(false);
    expect(isEmailAddress(`${"a.".repeat(31)}a@${"b.".repeat(60)}co`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
