/**
 * The demo desk: every demo unit that shows occupied or soon gets a signed, running lease with
 * fictional tenants, so its calendar (and its `calendar.ics`) carries the stay its badge speaks
 * of. Dues before today are paid, but the last one of one lease is left overdue; every TM30 task
 * is done but one (a tenant just back from abroad).
 */
import { and, asc, inArray, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  leaseDues,
  leaseEvents,
  leasePayments,
  leases,
  leaseTenants,
  properties,
  stays,
  tasks,
} from "../../db/schema.ts";
import { businessDayStart, businessToday, plusDays, plusMonths } from "../../domain/date-time.ts";
import {
  defaultDeposit,
  defaultDueDay,
  duesSchedule,
  needsTm30,
  rentForTerm,
  TM30_HOURS,
  type UnitPrices,
} from "../../domain/lease-rules.ts";
import type { TenantLanguage } from "../../domain/leases.ts";
import { refreshUnitAvailability } from "../availability/stays.server.ts";

/** Fictional people: names, passports and addresses that belong to no one. */
const TENANTS: {
  name: string;
  nationality: string;
  passportNumber: string;
  language: TenantLanguage;
  visaType: string;
  portOfEntry: string;
}[] = [
  {
    name: "Olga Demidova",
    nationality: "Russian",
    passportNumber: "DEMO00101",
    language: "ru",
    visaType: "Non-Immigrant O-A",
    portOfEntry: "Phuket International Airport",
  },
  {
    name: "James Whitfield",
    nationality: "British",
    passportNumber: "DEMO00102",
    language: "en",
    visaType: "Non-Immigrant B",
    portOfEntry: "Phuket International Airport",
  },
  {
    name: "Somchai Rattanakul",
    nationality: "Thai",
    passportNumber: "DEMO00103",
    language: "th",
    visaType: "",
    portOfEntry: "",
  },
  {
    name: "Mikhail Orlov",
    nationality: "Russian",
    passportNumber: "DEMO00104",
    language: "ru",
    visaType: "Destination Thailand Visa",
    portOfEntry: "Suvarnabhumi Airport",
  },
  {
    name: "Anneke de Vries",
    nationality: "Dutch",
    passportNumber: "DEMO00105",
    language: "en",
    visaType: "Non-Immigrant O-X",
    portOfEntry: "Phuket International Airport",
  },
  {
    name: "Irina Sokolova",
    nationality: "Russian",
    passportNumber: "DEMO00106",
    language: "ru",
    visaType: "Education ED",
    portOfEntry: "Phuket International Airport",
  },
  {
    name: "Lukas Becker",
    nationality: "German",
    passportNumber: "DEMO00107",
    language: "en",
    visaType: "Long-Term Resident",
    portOfEntry: "Suvarnabhumi Airport",
  },
  {
    name: "Chloe Martin",
    nationality: "French",
    passportNumber: "DEMO00108",
    language: "en",
    visaType: "Non-Immigrant B",
    portOfEntry: "Phuket International Airport",
  },
];

const emailOf = (name: string) =>
  `${name
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z ]/g, "")
    .replace(/ +/g, ".")}@example.com`;

/**
 * Adds the demo leases to units that show occupied or soon and have no lease yet; returns how
 * many. Each lease runs to the day the unit is free: a year for an occupied unit, six months for
 * one free soon. Written in bulk, in one transaction (the services' one-at-a-time path took
 * seconds on the embedded database, at every first start); the unit's status is then derived
 * from its calendar as for any stay.
 */
export async function insertDemoLeases(db: AppDatabase, now: Date = new Date()): Promise<number> {
  const today = businessToday(now);
  return db.transaction(async (tx) => {
    const units = await tx
      .select({
        id: properties.id,
        status: properties.status,
        availableFrom: properties.availableFrom,
        rentedUntil: properties.rentedUntil,
      })
      .from(properties)
      .where(
        and(
          inArray(properties.status, ["occupied", "soon"]),
          sql`not exists (select 1 from ${leases} l where l.property_id = ${properties.id})`,
        ),
      )
      .orderBy(asc(properties.id));
    const prices = new Map(
      (
        await tx
          .select({
            id: properties.id,
            pricingMonthly: properties.pricingMonthly,
            pricingSixMonth: properties.pricingSixMonth,
            pricingYearly: properties.pricingYearly,
          })
          .from(properties)
          .where(inArray(properties.id, units.length > 0 ? units.map((u) => u.id) : [0]))
      ).map((p) => [p.id, p]),
    );
    let made = 0;
    let overdueLeft = false;
    for (const [i, unit] of units.entries()) {
      const end =
        unit.status === "soon"
          ? unit.availableFrom
          : unit.rentedUntil
            ? plusDays(unit.rentedUntil, 1)
            : null;
      if (!end || end <= today) continue;
      const term = unit.status === "soon" ? "six-months" : "year";
      const startDate = plusMonths(end, term === "year" ? -12 : -6);
      const monthlyRent = rentForTerm(prices.get(unit.id) as UnitPrices, term);
      const terms = {
        propertyId: unit.id,
        term,
        startDate,
        endDate: end,
        monthlyRent,
        deposit: defaultDeposit(monthlyRent, term),
        dueDay: defaultDueDay(startDate),
      } as const;
      const signedAt = businessDayStart(plusDays(startDate, -7));
      const [stay] = await tx
        .insert(stays)
        .values({
          propertyId: unit.id,
          kind: "lease",
          startDate,
          endDate: end,
          leaseMonths: term === "year" ? 12 : 6,
        })
        .returning({ id: stays.id });
      const [lease] = await tx
        .insert(leases)
        .values({
          ...terms,
          stayId: stay?.id ?? null,
          status: "active",
          depositStatus: "held",
          depositReceivedOn: startDate,
          signedAt,
          createdAt: signedAt,
        })
        .returning({ id: leases.id });
      const id = lease?.id ?? 0;
      const person = TENANTS[i % TENANTS.length] as (typeof TENANTS)[number];
      const [tenant] = await tx
        .insert(leaseTenants)
        .values({
          leaseId: id,
          position: 0,
          ...person,
          visaType: person.visaType || null,
          portOfEntry: person.portOfEntry || null,
          email: emailOf(person.name),
          phone: `+66 80 000 ${String(100 + i).padStart(4, "0")}`,
          arrivalDate: plusDays(startDate, -3),
          permittedStayUntil: plusMonths(end, 1),
        })
        .returning({ id: leaseTenants.id });
      const dues = await tx
        .insert(leaseDues)
        .values(duesSchedule(terms).map((d) => ({ leaseId: id, ...d })))
        .returning({
          id: leaseDues.id,
          kind: leaseDues.kind,
          dueDate: leaseDues.dueDate,
          amount: leaseDues.amount,
        });
      const past = dues
        .filter((d) => d.dueDate <= today)
        .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id - b.id));
      // One lease keeps its latest rent unpaid: the desk's overdue example.
      const last = past.at(-1);
      const unpaid =
        !overdueLeft && past.length > 2 && last && last.dueDate < today ? last : undefined;
      if (unpaid) overdueLeft = true;
      const paid = past.filter((d) => d !== unpaid);
      const at = (day: string) => businessDayStart(day);
      const events: (typeof leaseEvents.$inferInsert)[] = [
        { leaseId: id, at: signedAt, what: "created", details: { demo: true } },
        { leaseId: id, at: signedAt, what: "signed", details: { stayId: stay?.id } },
        { leaseId: id, at: at(startDate), what: "activated", details: {} },
      ];
      if (paid.length > 0) {
        await tx.insert(leasePayments).values(
          paid.map((d) => ({
            leaseId: id,
            dueId: d.id,
            paidOn: d.dueDate,
            amount: d.amount,
            method:
              d.kind === "deposit" || i % 2 === 1
                ? ("bank-transfer" as const)
                : ("promptpay" as const),
            reference: `DEMO-${id}-${d.id}`,
          })),
        );
        for (const d of paid)
          events.push({
            leaseId: id,
            at: at(d.dueDate),
            what: "payment",
            details: {
              dueId: d.id,
              dueDate: d.dueDate,
              kind: d.kind,
              amount: d.amount,
              paidInFull: true,
            },
          });
      }
      events.push(
        { leaseId: id, at: at(startDate), what: "deposit-received", details: { on: startDate } },
        { leaseId: id, at: at(startDate), what: "deposit-held", details: { on: startDate } },
      );
      if (needsTm30(person.nationality) && tenant) {
        // Every report made on the move-in day, but the last lease's, still open.
        const open = i === units.length - 1;
        const [task] = await tx
          .insert(tasks)
          .values({
            kind: "tm30",
            leaseId: id,
            tenantId: tenant.id,
            dueAt: open
              ? new Date(now.getTime() + TM30_HOURS * 3600e3)
              : at(plusDays(startDate, 1)),
            details: { reason: open ? "return-from-abroad" : "signing" },
            ...(open
              ? {}
              : {
                  doneAt: at(startDate),
                  receiptNumber: `TM30-DEMO-${String(id).padStart(5, "0")}`,
                }),
          })
          .returning({ id: tasks.id });
        events.push({
          leaseId: id,
          at: signedAt,
          what: "tm30-opened",
          details: { taskId: task?.id },
        });
        if (!open)
          events.push({
            leaseId: id,
            at: at(startDate),
            what: "tm30-done",
            details: { taskId: task?.id },
          });
      }
      await tx.insert(leaseEvents).values(events);
      await refreshUnitAvailability(tx, unit.id, { now });
      made++;
    }
    return made;
  });
}
