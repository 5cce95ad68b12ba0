/**
 * The demo owner's money: for the guaranteed villa, the last two full quarters' statements
 * (฿210,000 each on ฿12,000,000: the older one paid, the newer one published); for the
 * revenue-share condo, last month's statement with a short stay, the channel's commission and
 * two expenses with their receipts (a PDF and a picture), published with the 70 : 30 split.
 * Made once, with the demo owner; without media storage the expenses have no receipts.
 * The condo also gets a property value, so the dashboard can say what the guaranteed program
 * would have paid for it.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import type { AppDatabase } from "../../db/client.server.ts";
import { owners, properties, unitOwners, unitPrograms } from "../../db/schema.ts";
import { businessToday, plusDays } from "../../domain/date-time.ts";
import { guaranteedQuarterStarts, monthOf, quarterOf } from "../../domain/owner-money.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { addExpense, addLedgerStay, storeReceipt } from "./ledger.server.ts";
import {
  approveStatement,
  generateDraft,
  publishStatement,
  recordPayout,
} from "./statements.server.ts";

async function receiptPdf(vendor: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A5", margin: 40, info: { Title: `Receipt: ${vendor}` } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on("end", () => resolve(Buffer.concat(chunks))),
  );
  doc.font("Helvetica-Bold").fontSize(16).text(vendor).moveDown();
  doc.font("Helvetica").fontSize(11);
  for (const line of lines) doc.text(line).moveDown(0.4);
  doc.text("A demo receipt: fictional vendor, no tax effect.");
  doc.end();
  return done;
}

/** A small picture of a till receipt (a pale slip with a few dark bars for lines of print). */
async function receiptPicture(): Promise<Buffer> {
  const bars = [40, 70, 100, 130, 190]
    .map((y, i) => `<rect x="30" y="${y}" width="${i === 4 ? 120 : 180}" height="10" fill="#333"/>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#f4f1ea"/>${bars}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * An illustrative price of a condo at The Trees, Kamala, per square metre: ฿110,000 (a mid-range
 * figure for a resort condo in Kamala, not a valuation).
 */
export const DEMO_CONDO_BAHT_PER_M2 = 110_000;

/** The demo value of a condo of `sizeM2`: its area at the illustrative price, to ฿100,000. */
export function demoCondoValue(sizeM2: number): number {
  return Math.max(1, Math.round((sizeM2 * DEMO_CONDO_BAHT_PER_M2) / 100_000)) * 100_000;
}

/**
 * Gives the demo owner's revenue-share units that have no property value one (their area at the
 * illustrative price), so the dashboard's "what the other program would have paid" shows
 * figures. A value already set is kept; other owners' units are never touched. Safe to run on
 * every start: it answers how many units it filled (0 once done).
 */
export async function fillDemoPropertyValues(db: AppDatabase, ownerEmail: string) {
  const units = await db
    .select({ id: unitPrograms.propertyId, sizeM2: properties.sizeM2 })
    .from(unitPrograms)
    .innerJoin(properties, eq(properties.id, unitPrograms.propertyId))
    .innerJoin(unitOwners, eq(unitOwners.propertyId, unitPrograms.propertyId))
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .where(
      and(
        eq(sql`lower(${owners.email})`, ownerEmail.toLowerCase()),
        eq(unitPrograms.kind, "revenue-share"),
        isNull(unitPrograms.propertyValueBaht),
      ),
    );
  let filled = 0;
  for (const unit of units) {
    const rows = await db
      .update(unitPrograms)
      .set({ propertyValueBaht: demoCondoValue(unit.sizeM2), updatedAt: new Date() })
      .where(
        and(
          eq(unitPrograms.propertyId, unit.id),
          eq(unitPrograms.kind, "revenue-share"),
          isNull(unitPrograms.propertyValueBaht),
        ),
      )
      .returning({ id: unitPrograms.propertyId });
    filled += rows.length;
  }
  return filled;
}

/**
 * Seeds the statements of the demo owner (by e-mail) unless their units have some already.
 * `now` sets which months and quarters are "last".
 */
export async function seedDemoStatements(
  db: AppDatabase,
  ownerEmail: string,
  storage: MediaStorage | undefined,
  now: Date = new Date(),
) {
  const [owner] = await db
    .select({ id: owners.id })
    .from(owners)
    .where(eq(sql`lower(${owners.email})`, ownerEmail.toLowerCase()));
  if (!owner) return { published: 0 };
  await fillDemoPropertyValues(db, ownerEmail);
  const units = await db
    .select({
      id: unitPrograms.propertyId,
      kind: unitPrograms.kind,
      startDate: unitPrograms.startDate,
    })
    .from(unitPrograms)
    .innerJoin(
      unitOwners,
      and(eq(unitOwners.propertyId, unitPrograms.propertyId), eq(unitOwners.ownerId, owner.id)),
    );
  const today = businessToday(now);
  let published = 0;
  const publish = async (id: number) => {
    await approveStatement(db, id, null);
    await publishStatement(db, id, null, today);
    published++;
  };
  for (const unit of units) {
    if (unit.kind === "guaranteed") {
      // The last two quarters of the term that have ended (the current one when none has yet).
      const ended = guaranteedQuarterStarts(unit.startDate ?? today).filter(
        (q) => quarterOf(q).end <= today,
      );
      const quarters = ended.length > 0 ? ended.slice(-2) : [quarterOf(today).start];
      for (const [i, q] of quarters.entries()) {
        const id = await generateDraft(db, unit.id, q, null);
        await publish(id);
        if (i < quarters.length - 1)
          await recordPayout(
            db,
            id,
            {
              ownerId: owner.id,
              paidOn: plusDays(quarterOf(q).end, 6),
              method: "bank-transfer",
              reference: `DEMO-Q-${q.slice(0, 7)}`,
            },
            null,
          );
      }
    } else {
      const month = monthOf(plusDays(monthOf(today).start, -1));
      const day = (n: number) => plusDays(month.start, n - 1);
      await addLedgerStay(
        db,
        {
          propertyId: unit.id,
          checkIn: day(3),
          checkOut: day(17),
          channel: "airbnb",
          gross: 48_000,
          commission: 7_200,
          reference: "DEMO-AIRBNB-1",
        },
        null,
      );
      const cleaning = storage
        ? await storeReceipt(
            storage,
            await receiptPdf("Kamala Clean Co.", [
              "Turnover cleaning and linen",
              "Total: THB 2,500",
            ]),
          )
        : null;
      await addExpense(
        db,
        {
          propertyId: unit.id,
          spentOn: day(17),
          category: "cleaning",
          vendor: "Kamala Clean Co.",
          amount: 2_500,
          bearer: "owner",
          note: "Turnover after the stay",
        },
        cleaning,
        null,
      );
      const power = storage ? await storeReceipt(storage, await receiptPicture()) : null;
      await addExpense(
        db,
        {
          propertyId: unit.id,
          spentOn: day(20),
          category: "utilities",
          vendor: "Provincial Electricity Authority",
          amount: 1_800,
          bearer: "owner",
          note: "",
        },
        power,
        null,
      );
      await publish(await generateDraft(db, unit.id, month.start, null));
    }
  }
  return { published };
}
