import { describe, expect, it } from "vitest";
import { parseSavedSearch } from "../saved-searches/saved-search-actions.server.ts";
import {
  availabilityAlertSchema,
  newsletterSchema,
  parseForm,
  revenueShareLeadSchema,
  roiLeadSchema,
  unitEnquirySchema,
  viewingSchema,
} from "./lead-forms.ts";

const long = (n: number) => "x".repeat(n);

describe("ROI get-started form", () => {
  it("needs a name and a valid e-mail; phone is optional", () => {
    expect(
      parseForm(roiLeadSchema, { name: "Anna", email: "anna@example.com", phone: "" }),
    ).toEqual({
      success: true,
      data: { name: "Anna", email: "anna@example.com", phone: "" },
    });
    expect(parseForm(roiLeadSchema, { name: "", email: "nope", phone: "abc" })).toEqual({
      success: false,
      fieldErrors: {
        name: "forms.errors.required",
        email: "forms.errors.email",
        phone: "forms.errors.phone",
      },
    });
  });

  it("refuses too-long fields", () => {
    const result = parseForm(roiLeadSchema, {
      name: long(101),
      email: `${long(250)}@example.com`,
      phone: "1".repeat(41),
    });
    expect(result).toEqual({
      success: false,
      fieldErrors: {
        name: "forms.errors.tooLong",
        email: "forms.errors.tooLong",
        phone: "forms.errors.tooLong",
      },
    });
  });
});

describe("revenue-share form", () => {
  it("needs a name and e-mail, keeps the message short", () => {
    const result = parseForm(revenueShareLeadSchema, {
      name: "",
      email: "",
      phone: "",
      message: long(2001),
    });
    expect(result).toEqual({
      success: false,
      fieldErrors: {
        name: "forms.errors.required",
        email: "forms.errors.required",
        message: "forms.errors.tooLong",
      },
    });
  });
});

describe("newsletter form", () => {
  it("needs an e-mail and the consent", () => {
    expect(parseForm(newsletterSchema, { email: "a@b.co", consent: "yes" }).success).toBe(true);
    expect(parseForm(newsletterSchema, { email: "a@b", consent: "" })).toEqual({
      success: false,
      fieldErrors: { email: "forms.errors.email", consent: "forms.errors.consent" },
    });
  });
});

describe("unit enquiry form", () => {
  const base = {
    name: "Ivan",
    email: "",
    phone: "",
    lease: "1-year",
    moveIn: "",
    message: "",
  };

  it("needs an e-mail or a phone", () => {
    expect(parseForm(unitEnquirySchema, base)).toEqual({
      success: false,
      fieldErrors: { email: "forms.errors.contactRequired" },
    });
    expect(parseForm(unitEnquirySchema, { ...base, phone: "+66 81 234 5678" }).success).toBe(true);
    expect(parseForm(unitEnquirySchema, { ...base, email: "ivan@example.com" }).success).toBe(true);
  });

  it("checks the lease length, the date and the lengths", () => {
    expect(
      parseForm(unitEnquirySchema, {
        ...base,
        name: "",
        email: "bad",
        lease: "2-years",
        moveIn: "2027-02-30",
        message: long(2001),
      }),
    ).toEqual({
      success: false,
      fieldErrors: {
        name: "forms.errors.required",
        email: "forms.errors.email",
        lease: "forms.errors.lease",
        moveIn: "forms.errors.date",
        message: "forms.errors.tooLong",
      },
    });
    expect(
      parseForm(unitEnquirySchema, { ...base, phone: "0812345678", moveIn: "2027-03-01" }).success,
    ).toBe(true);
  });
});

describe("hostile input", () => {
  it("stops at the length check: an overlong e-mail is 'too long' and never pattern-checked", () => {
    // "a@" + dots + "@" made the old e-mail pattern backtrack for seconds, freezing the server.
    const hostile = `a@${".".repeat(90_000)}@`;
    const started = performance.now();
    expect(parseForm(newsletterSchema, { email: hostile, consent: "yes" })).toEqual({
      success: false,
      fieldErrors: { email: "forms.errors.tooLong" },
    });
    const enquiry = parseForm(unitEnquirySchema, {
      name: "Anna",
      email: hostile,
      phone: `+${" ".repeat(90_000)}x`,
      lease: "1-year",
      moveIn: "",
      message: "",
    });
    expect(enquiry.success).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("still refuses a malformed address within the limit", () => {
    const email = `a@${".".repeat(240)}@`;
    expect(parseForm(newsletterSchema, { email, consent: "yes" })).toEqual({
      success: false,
      fieldErrors: { email: "forms.errors.email" },
    });
  });
});

describe("what could reach a mail's headers or lines", () => {
  const ATTACK_ADDRESSES = [
    "<img/src=x/onerror=alert(1)>@evil.example",
    "root,victim@example.com",
    "Bob <victim@example.com>",
    "victim@example.com (Bob)",
    "g: victim@example.com;",
  ];

  it("refuses, on every form with an e-mail field, an address the mailer would read otherwise", () => {
    for (const email of ATTACK_ADDRESSES) {
      const forms = [
        parseForm(roiLeadSchema, { name: "A", email, phone: "" }),
        parseForm(revenueShareLeadSchema, { name: "A", email, phone: "", message: "" }),
        parseForm(newsletterSchema, { email, consent: "yes" }),
        parseForm(availabilityAlertSchema, { email, wantedFrom: "" }),
        parseForm(unitEnquirySchema, {
          name: "A",
          email,
          phone: "",
          lease: "1-year",
          moveIn: "",
          message: "",
        }),
        parseSavedSearch({ email, consent: "yes", filters: "status=available" }),
      ];
      for (const result of forms)
        expect(result, email).toEqual({
          success: false,
          fieldErrors: { email: "forms.errors.email" },
        });
    }
  });

  it("refuses a name with a line break or another control character", () => {
    for (const name of [
      "Dear Bob\nBcc: victim@example.com",
      "Bob\r",
      "A\u0000",
      "A\u2028B",
      "A\u0085",
    ]) {
      expect(parseForm(roiLeadSchema, { name, email: "a@b.co", phone: "" }), name).toEqual({
        success: false,
        fieldErrors: { name: "forms.errors.singleLine" },
      });
      expect(
        parseForm(revenueShareLeadSchema, { name, email: "a@b.co", phone: "", message: "" }),
      ).toEqual({ success: false, fieldErrors: { name: "forms.errors.singleLine" } });
      const enquiry = { name, email: "", phone: "081234567", lease: "1-year", moveIn: "" };
      expect(parseForm(unitEnquirySchema, { ...enquiry, message: "" })).toEqual({
        success: false,
        fieldErrors: { name: "forms.errors.singleLine" },
      });
      const viewing = parseForm(viewingSchema, {
        name,
        email: "",
        phone: "081234567",
        date: "2000-01-01",
        altDate: "",
        time: "any",
        message: "",
      });
      expect(viewing.success ? null : viewing.fieldErrors.name).toBe("forms.errors.singleLine");
    }
    // A message keeps its lines; names with accents and apostrophes are fine.
    expect(
      parseForm(revenueShareLeadSchema, {
        name: "Zoë O'Neil-Петрова",
        email: "a@b.co",
        phone: "",
        message: "Two villas.\nBoth in Kamala.",
      }).success,
    ).toBe(true);
  });
});
