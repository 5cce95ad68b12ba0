import { describe, expect, it } from "vitest";
import { DEMO_CONTACTS } from "../../lib/contacts.test-fixture.ts";
import { alertText, type LeadForMessages, replyEmail } from "./lead-messages.ts";

const alertLead = (language: "en" | "ru"): LeadForMessages & { email: string } => ({
  id: 41,
  kind: "availability-alert",
  name: null,
  email: "waiting@example.com",
  phone: null,
  message: null,
  language,
  sourcePage: "/units/canopy-pool-villa-v-01",
  inputs: { slug: "canopy-pool-villa-v-01", wantedFrom: "2027-02-01" },
  unit: {
    name: "Canopy Pool Villa",
    slug: "canopy-pool-villa-v-01",
    building: "The Trees",
    unitCode: "V-01",
  },
  utm: { source: null, medium: null, campaign: null },
  referrer: null,
});

describe("messages for 'Notify me when it is free'", () => {
  it("the desk's alert names the kind, the unit and the wanted date", () => {
    const text = alertText(alertLead("en"), "https://kamala.example");
    expect(text).toContain("New lead: Notify me when it is free");
    expect(text).toContain("https://kamala.example/units/canopy-pool-villa-v-01");
    expect(text).toMatch(/Wanted from: .*2027/);
    expect(text).toContain("https://kamala.example/admin/leads/41");
  });

  it("the visitor's reply says what comes next, in their language, with the unit", () => {
    for (const [lang, about, next] of [
      ["en", "tell you when this unit is free", "once a day we check the unit's calendar"],
      [
        "ru",
        "сообщить, когда этот объект освободится",
        "раз в день мы проверяем календарь объекта",
      ],
    ] as const) {
      const mail = replyEmail(alertLead(lang), "https://kamala.example", DEMO_CONTACTS, undefined);
      expect(mail.to).toEqual(["waiting@example.com"]);
      expect(mail.text).toContain(about);
      expect(mail.text).toContain(next);
      expect(mail.text).toContain("Canopy Pool Villa (The Trees · V-01)");
      expect(mail.text).not.toContain("within 24 hours to discuss");
    }
  });
});
