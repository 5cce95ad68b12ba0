import { describe, expect, it } from "vitest";
import {
  newsletterSchema,
  parseForm,
  revenueShareLeadSchema,
  roiLeadSchema,
  unitEnquirySchema,
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
