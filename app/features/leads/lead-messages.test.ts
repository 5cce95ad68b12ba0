import { describe, expect, it } from "vitest";
import { LEAD_KINDS } from "../../domain/leads.ts";
import {
  REVENUE_SHARE_COMPANY_PERCENT,
  REVENUE_SHARE_OWNER_PERCENT,
  ROI_RATE_PERCENT,
} from "../../domain/owner-programs.ts";
import { DEMO_CONTACTS } from "../../lib/contacts.test-fixture.ts";
import {
  alertText,
  availabilityNoticeEmail,
  type LeadForMessages,
  newsletterConfirmationEmail,
  replyEmail,
} from "./lead-messages.ts";

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

const EVERY_INPUT = {
  slug: "canopy-pool-villa-v-01",
  propertyValue: 8_000_000,
  location: "Kamala",
  type: "pool-villa",
  bedrooms: "3",
  annual: 560_000,
  quarterly: 140_000,
  monthly: 46_667,
  fiveYearTotal: 2_800_000,
  freeNights: 15,
  lease: "6-months",
  moveIn: "2027-01-15",
  wantedFrom: "2027-02-01",
  dates: ["2027-01-10", "2027-01-11"],
  time: "evening",
};

/** A key left in a text ("mail.lead.about.roi") or a placeholder nobody filled ("{{unit}}"). */
const UNFILLED = /\{\{|\b(mail|roi|enquiry|viewing|property)\.[a-zA-Z-]+\.?/;

describe("every mail to a visitor, in each language", () => {
  it("comes out of the catalogues whole: no key and no placeholder is left in it", () => {
    for (const language of ["en", "ru"] as const) {
      for (const kind of LEAD_KINDS) {
        for (const unit of [alertLead(language).unit, null]) {
          const lead = { ...alertLead(language), kind, name: "Anna", unit, inputs: EVERY_INPUT };
          const mail = replyEmail(
            lead,
            "https://kamala.example",
            DEMO_CONTACTS,
            "https://u.example/x",
          );
          expect(`${mail.subject}\n${mail.text}`).not.toMatch(UNFILLED);
        }
      }
      const confirm = newsletterConfirmationEmail({
        email: "a@example.com",
        language,
        confirmUrl: "https://kamala.example/newsletter/confirm?token=t",
        contacts: DEMO_CONTACTS,
        expiresInDays: 7,
      });
      const notice = availabilityNoticeEmail({
        email: "a@example.com",
        language,
        unit: alertLead(language).unit as NonNullable<LeadForMessages["unit"]>,
        freeFrom: "2027-02-01",
        freeUntil: null,
        askedOn: "2026-11-20",
        publicUrl: "https://kamala.example",
        contacts: DEMO_CONTACTS,
        unsubscribeUrl: "https://u.example/x",
      });
      for (const mail of [confirm, notice]) {
        expect(`${mail.subject}\n${mail.text}`).not.toMatch(UNFILLED);
      }
    }
  });

  it("names the programs' figures as their module sets them", () => {
    const lead = (kind: "roi" | "revenue-share", language: "en" | "ru") => ({
      ...alertLead(language),
      kind,
      inputs: {},
    });
    const en = replyEmail(lead("roi", "en"), "https://kamala.example", DEMO_CONTACTS, undefined);
    expect(en.subject).toBe(
      `${DEMO_CONTACTS.brandName}: your ROI ${ROI_RATE_PERCENT}% program request`,
    );
    const share = replyEmail(
      lead("revenue-share", "ru"),
      "https://k.example",
      DEMO_CONTACTS,
      undefined,
    );
    expect(share.text).toContain(
      `вы получаете ${REVENUE_SHARE_OWNER_PERCENT}% дохода от аренды, мы берём на себя всё управление за ${REVENUE_SHARE_COMPANY_PERCENT}%`,
    );
  });
});
