import { businessToday, plusDays } from "../../domain/date-time.ts";
import { CONTRACT_LANGUAGES, type ContractInput, type ContractLanguage } from "./contract-text.ts";
import type { InvoiceInput } from "./invoice-pdf.server.ts";

/**
 * What the documents read of a lease: the shape the lease service's `loadLease` answers, named
 * here field by field so this feature depends on no other feature's modules.
 */
export interface LeaseForDocuments {
  id: number;
  startDate: string;
  /** The first free day (end exclusive). */
  endDate: string;
  monthlyRent: number;
  deposit: number;
  dueDay: number;
  signedAt: string | null;
  personalDataErasedAt: string | null;
  unit: { name: string; building: string; unitCode: string; location: string };
  tenants: {
    name: string | null;
    nationality: string | null;
    passportNumber: string | null;
    language: string;
  }[];
  dues: {
    id: number;
    kind: "rent" | "deposit";
    dueDate: string;
    periodStart: string | null;
    periodEnd: string | null;
    amount: number;
    paid: number;
  }[];
}

export interface Company {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** The company as the documents name it, from the configured contacts. */
export function companyFromContacts(contacts: {
  brandName: string;
  officeAddress: string;
  phone: string;
  email: string;
}): Company {
  return {
    name: contacts.brandName,
    address: contacts.officeAddress,
    phone: contacts.phone,
    email: contacts.email,
  };
}

/** A refusal as a route answers it: JSON with the sentence (and the field), never cached. */
export function refusal(error: DocumentError): Response {
  return Response.json(
    { error: error.message, ...(error.field ? { field: error.field } : {}) },
    { status: error.status, headers: { "Cache-Control": "no-store" } },
  );
}

/** A refusal with its status: 400 for a bad query, 404 for an unknown due, 409 for a lease it cannot serve. */
export class DocumentError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
    readonly field?: string,
  ) {
    super(message);
    this.name = "DocumentError";
  }
}

/** `?lang=`: th, en or ru; absent: the main tenant's language. */
export function documentLanguage(
  asked: string | null,
  lease: Pick<LeaseForDocuments, "tenants">,
): ContractLanguage {
  if (asked === null) {
    const first = lease.tenants[0]?.language;
    return (CONTRACT_LANGUAGES as readonly string[]).includes(first ?? "")
      ? (first as ContractLanguage)
      : "en";
  }
  if ((CONTRACT_LANGUAGES as readonly string[]).includes(asked)) return asked as ContractLanguage;
  throw new DocumentError("lang must be th, en or ru.", 400, "lang");
}

export const leaseReference = (id: number) => `L-${String(id).padStart(5, "0")}`;

function tenantsOf(lease: LeaseForDocuments) {
  if (lease.personalDataErasedAt)
    throw new DocumentError(
      "This lease's tenant details were erased; there is nothing to print.",
      409,
    );
  return lease.tenants.map((t) => ({
    name: t.name ?? "",
    nationality: t.nationality ?? "",
    passportNumber: t.passportNumber ?? "",
  }));
}

/** The unit's address as a contract writes it: its area, then the province. */
export const unitAddress = (location: string) => `${location}, Phuket, Thailand`;

/**
 * The contract's input from a lease: made on the day it was signed (today for a draft), the
 * last day the one before its end, and the rent collected in advance the first rent due (the
 * first period is paid on the first day).
 */
export function contractFromLease(
  lease: LeaseForDocuments,
  company: Company,
  lang: ContractLanguage,
  now: Date = new Date(),
): ContractInput {
  const firstRent = lease.dues.find((d) => d.kind === "rent");
  return {
    lang,
    reference: leaseReference(lease.id),
    madeOn: businessToday(lease.signedAt ? new Date(lease.signedAt) : now),
    company,
    tenants: tenantsOf(lease),
    unit: {
      name: lease.unit.name,
      building: lease.unit.building,
      unitCode: lease.unit.unitCode,
      address: unitAddress(lease.unit.location),
    },
    firstDay: lease.startDate,
    lastDay: plusDays(lease.endDate, -1),
    monthlyRent: lease.monthlyRent,
    deposit: lease.deposit,
    advanceRent: firstRent?.amount ?? lease.monthlyRent,
    dueDay: lease.dueDay,
  };
}

/** The invoice of one due of the lease, for what is still to pay on it. */
export function invoiceFromLease(
  lease: LeaseForDocuments,
  dueId: number,
  company: Company,
  lang: ContractLanguage,
  promptPayId: string | null,
  now: Date = new Date(),
): InvoiceInput {
  const due = lease.dues.find((d) => d.id === dueId);
  if (!due) throw new DocumentError("This lease has no such due.", 404);
  const amount = due.amount - due.paid;
  if (amount <= 0) throw new DocumentError("This due is paid; there is nothing to invoice.", 409);
  return {
    lang,
    number: `${leaseReference(lease.id)}-${due.id}`,
    issuedOn: businessToday(now),
    dueDate: due.dueDate,
    company,
    tenants: tenantsOf(lease).map((t) => t.name),
    unit: { name: lease.unit.name, building: lease.unit.building, unitCode: lease.unit.unitCode },
    leaseReference: leaseReference(lease.id),
    kind: due.kind,
    period:
      due.periodStart && due.periodEnd
        ? { firstDay: due.periodStart, lastDay: plusDays(due.periodEnd, -1) }
        : null,
    amount,
    promptPayId,
  };
}
