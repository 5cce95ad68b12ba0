/**
 * The demo owner: with the demo data, an owner account (DEMO_OWNER_EMAIL) holding two demo
 * units, one on each program. Made once, with the demo.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, not, sql } from "drizzle-orm";
import PDFDocument from "pdfkit";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  owners,
  properties,
  repairEvents,
  repairTickets,
  unitOwners,
  unitPrograms,
} from "../../db/schema.ts";
import { businessToday } from "../../domain/date-time.ts";
import { ROI_PROJECTION_YEARS, ROI_RATE_PERCENT } from "../../domain/owner-programs.ts";
import { DEFAULT_APPROVAL_THRESHOLD_BAHT } from "../../domain/owners.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { hashPassword } from "../auth/password.server.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import { addOwnerDocument } from "./documents.server.ts";

export const DEMO_OWNER_DEFAULT_EMAIL = "owner@example.com";
/** The demo guaranteed-return villa's value in baht: 7% of it is 840,000 a year, 210,000 a quarter. */
const DEMO_PROPERTY_VALUE = 12_000_000;

/** Four random words' worth of letters: easy to type once from the start log. */
function generatedPassword(): string {
  return randomBytes(15).toString("base64url");
}

/**
 * A demo unit of `type` that nobody owns yet: for the villa one with stays already (the demo
 * leases), so the owner sees a calendar with stays; for the condo one without, so the owner has
 * free dates to block. The demo owner adds no stays of their own: other demo data and its tests
 * keep the calendars they expect.
 */
async function pickUnit(db: AppDatabase, type: "pool-villa" | "condo", withStays: boolean) {
  // Written out: in a one-table query Drizzle names "id" without its table, which the
  // subquery would read as its own table's id.
  const hasStays = sql`exists (select 1 from stays where stays.property_id = properties.id)`;
  const owned = sql`exists (select 1 from unit_owners u where u.property_id = properties.id)`;
  const [preferred] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.type, type), not(owned), withStays ? hasStays : not(hasStays)))
    .orderBy(asc(properties.slug))
    .limit(1);
  if (preferred) return preferred.id;
  const [any] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.type, type), not(owned)))
    .orderBy(asc(properties.slug))
    .limit(1);
  return any?.id;
}

/**
 * Creates the demo owner unless an owner with that address exists. Returns the password when
 * it was generated here (to be printed once), null when given or when nothing was created.
 */
export async function seedDemoOwner(
  db: AppDatabase,
  options: {
    email?: string | undefined;
    password?: string | undefined;
    /** Where the demo documents go; without it, the demo owner has none. */
    storage?: MediaStorage | undefined;
  },
  now: Date = new Date(),
): Promise<{ created: boolean; email: string; generatedPassword: string | null }> {
  const email = (options.email ?? DEMO_OWNER_DEFAULT_EMAIL).toLowerCase();
  const [existing] = await db
    .select({ id: owners.id })
    .from(owners)
    .where(eq(sql`lower(${owners.email})`, email));
  if (existing) return { created: false, email, generatedPassword: null };
  const password =
    options.password && !passwordProblem(options.password, email)
      ? options.password
      : generatedPassword();
  const villa = await pickUnit(db, "pool-villa", true);
  const condo = await pickUnit(db, "condo", false);
  const today = businessToday(now);
  const passwordHash = await hashPassword(password);
  const ownerId = await db.transaction(async (tx) => {
    const [owner] = await tx
      .insert(owners)
      .values({
        name: "Demo Owner",
        email,
        language: "en",
        alertChannels: ["email"],
        residency: "Thailand",
        passwordHash,
      })
      .returning({ id: owners.id });
    if (!owner) throw new Error("The demo owner was not stored");
    if (villa) {
      await tx
        .insert(unitOwners)
        .values({ propertyId: villa, ownerId: owner.id, sharePercent: 100 });
      await tx.insert(unitPrograms).values({
        propertyId: villa,
        kind: "guaranteed",
        propertyValueBaht: DEMO_PROPERTY_VALUE,
        startDate: `${today.slice(0, 4)}-01-01`,
      });
    }
    if (condo) {
      await tx
        .insert(unitOwners)
        .values({ propertyId: condo, ownerId: owner.id, sharePercent: 100 });
      await tx.insert(unitPrograms).values({ propertyId: condo, kind: "revenue-share" });
    }
    if (villa) await seedDemoRepairs(tx, villa, condo ?? villa, now);
    return owner.id;
  });
  if (options.storage) await seedDemoDocuments(db, options.storage, ownerId, villa);
  return {
    created: true,
    email,
    generatedPassword: password === options.password ? null : password,
  };
}

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** The demo's repairs: a quote above the threshold waiting for the owner, and a finished job. */
async function seedDemoRepairs(tx: Tx, villa: number, condo: number, now: Date) {
  const earlier = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const [waiting] = await tx
    .insert(repairTickets)
    .values({
      propertyId: villa,
      title: "Air conditioner service",
      description: "The bedroom unit drips and is noisy; the contractor quotes a full service.",
      stage: "quoted",
      quoteBaht: 12_000,
      thresholdBaht: DEFAULT_APPROVAL_THRESHOLD_BAHT,
      createdAt: earlier(3),
      updatedAt: earlier(1),
    })
    .returning({ id: repairTickets.id });
  const [finished] = await tx
    .insert(repairTickets)
    .values({
      propertyId: condo,
      title: "Shower head replaced",
      stage: "done",
      quoteBaht: 1_800,
      thresholdBaht: DEFAULT_APPROVAL_THRESHOLD_BAHT,
      finalCostBaht: 1_650,
      createdAt: earlier(20),
      updatedAt: earlier(17),
    })
    .returning({ id: repairTickets.id });
  if (!waiting || !finished) throw new Error("The demo repairs were not stored");
  await tx.insert(repairEvents).values([
    { ticketId: waiting.id, kind: "reported", actor: "desk", createdAt: earlier(3) },
    {
      ticketId: waiting.id,
      kind: "quoted",
      actor: "desk",
      amountBaht: 12_000,
      createdAt: earlier(1),
    },
    { ticketId: finished.id, kind: "reported", actor: "desk", createdAt: earlier(20) },
    {
      ticketId: finished.id,
      kind: "quoted",
      actor: "desk",
      amountBaht: 1_800,
      createdAt: earlier(19),
    },
    {
      ticketId: finished.id,
      kind: "approved",
      actor: "auto",
      amountBaht: 1_800,
      note: `At or below the approval threshold of ฿${DEFAULT_APPROVAL_THRESHOLD_BAHT.toLocaleString("en")}`,
      createdAt: earlier(19),
    },
    { ticketId: finished.id, kind: "in-progress", actor: "desk", createdAt: earlier(18) },
    {
      ticketId: finished.id,
      kind: "done",
      actor: "desk",
      amountBaht: 1_650,
      createdAt: earlier(17),
    },
  ]);
}

/** A one-page PDF with a title and a few lines, in the PDF's built-in font (ASCII text only). */
async function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on("end", () => resolve(Buffer.concat(chunks))),
  );
  doc.font("Helvetica-Bold").fontSize(18).text(title).moveDown();
  doc.font("Helvetica").fontSize(11);
  for (const line of lines) doc.text(line).moveDown(0.5);
  doc.end();
  return done;
}

/** The demo's documents: the villa's management agreement and the owner's insurance certificate. */
async function seedDemoDocuments(
  db: AppDatabase,
  storage: MediaStorage,
  ownerId: number,
  villa: number | undefined,
) {
  const sample = "A demo document: fictional parties, no legal effect.";
  if (villa)
    await addOwnerDocument(
      db,
      storage,
      {
        title: "Management agreement",
        category: "agreement",
        target: { kind: "unit", id: villa },
      },
      await demoPdf("Management agreement", [
        sample,
        `The company manages the unit on the guaranteed-return program: ${ROI_RATE_PERCENT}% a year of the property value, paid quarterly, for ${ROI_PROJECTION_YEARS} years.`,
      ]),
      null,
    );
  await addOwnerDocument(
    db,
    storage,
    {
      title: "Insurance certificate",
      category: "insurance",
      target: { kind: "owner", id: ownerId },
    },
    await demoPdf("Insurance certificate", [sample, "Building and contents cover for the year."]),
    null,
  );
}
