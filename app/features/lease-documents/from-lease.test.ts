import { describe, expect, it } from "vitest";
import {
  contractFromLease,
  DocumentError,
  documentLanguage,
  invoiceFromLease,
  type LeaseForDocuments,
} from "./from-lease.ts";

const company = { name: "Kamala Living", address: "Kamala", phone: "+66", email: "a@b.c" };

const lease: LeaseForDocuments = {
  id: 42,
  startDate: "2027-01-10",
  endDate: "2027-07-10",
  monthlyRent: 40_000,
  deposit: 40_000,
  dueDay: 1,
  signedAt: "2027-01-05T20:00:00.000Z",
  personalDataErasedAt: null,
  unit: { name: "Seaview", building: "Zen Space", unitCode: "B-1", location: "Kamala" },
  tenants: [{ name: "Anna", nationality: "Russian", passportNumber: "75", language: "ru" }],
  dues: [
    {
      id: 7,
      kind: "deposit",
      dueDate: "2027-01-10",
      periodStart: null,
      periodEnd: null,
      amount: 40_000,
      paid: 40_000,
    },
    {
      id: 8,
      kind: "rent",
      dueDate: "2027-01-10",
      periodStart: "2027-01-10",
      periodEnd: "2027-02-01",
      amount: 28_387,
      paid: 10_000,
    },
  ],
};

function refusal(work: () => unknown): DocumentError {
  try {
    work();
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("documents from a lease", () => {
  it("dates the contract on the Phuket day it was signed, and ends it the day before the first free day", () => {
    const input = contractFromLease(lease, company, "en");
    // 20:00 UTC on 5 January is 03:00 on 6 January in Phuket.
    expect(input.madeOn).toBe("2027-01-06");
    expect(input.firstDay).toBe("2027-01-10");
    expect(input.lastDay).toBe("2027-07-09");
    // The rent taken in advance is the first rent due (a part month here), not a full month.
    expect(input.advanceRent).toBe(28_387);
    expect(input.reference).toBe("L-00042");
    expect(input.unit.address).toBe("Kamala, Phuket, Thailand");
  });

  it("invoices what is left on a due, and its period to the day before its end", () => {
    const invoice = invoiceFromLease(lease, 8, company, "ru", "0812345678");
    expect(invoice.amount).toBe(18_387);
    expect(invoice.period).toEqual({ firstDay: "2027-01-10", lastDay: "2027-01-31" });
    expect(refusal(() => invoiceFromLease(lease, 7, company, "ru", null)).status).toBe(409);
    expect(refusal(() => invoiceFromLease(lease, 99, company, "ru", null)).status).toBe(404);
  });

  it("refuses a lease whose tenants' data was erased", () => {
    const erased = { ...lease, personalDataErasedAt: "2028-01-01T00:00:00.000Z" };
    expect(refusal(() => contractFromLease(erased, company, "th")).status).toBe(409);
  });

  it("takes lang from the query, else the main tenant's language, and refuses another", () => {
    expect(documentLanguage("th", lease)).toBe("th");
    expect(documentLanguage(null, lease)).toBe("ru");
    expect(documentLanguage(null, { tenants: [] })).toBe("en");
    const bad = refusal(() => documentLanguage("RU", lease));
    expect([bad.status, bad.field]).toEqual([400, "lang"]);
  });
});
