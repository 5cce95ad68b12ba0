import { createHash } from "node:crypto";
import PDFDocument from "pdfkit";
import {
  projectRoi,
  REVENUE_SHARE_COMPANY_PERCENT,
  REVENUE_SHARE_OWNER_PERCENT,
  REVENUE_SHARE_RETURN_RANGE,
  ROI_FREE_NIGHTS,
  ROI_PROJECTION_YEARS,
  ROI_RATE_PERCENT,
} from "../../domain/owner-programs.ts";
import type { Language } from "../../i18n/languages.ts";
import { createI18n } from "../../i18n/messages.server.ts";
import type { Contacts } from "../../lib/contacts.ts";
import { formatBaht } from "../../lib/format.ts";
import { projectPath } from "../../lib/paths.server.ts";

/** Property values the brochure's example table projects. */
export const BROCHURE_EXAMPLE_VALUES = [5_000_000, 10_000_000, 20_000_000] as const;

// DejaVu Sans covers Latin and Cyrillic; the files and their licence are in assets/fonts.
const FONT_REGULAR = () => projectPath("assets", "fonts", "DejaVuSans.ttf");
const FONT_BOLD = () => projectPath("assets", "fonts", "DejaVuSans-Bold.ttf");

const SEA = "#0f3d47";
const CORAL = "#c95a3a";
const INK = "#1c2529";
const MUTED = "#4b5a60";

/**
 * The ROI program brochure as a PDF in the visitor's language, from the same constants and the
 * same projection the calculator uses.
 */
export function renderRoiBrochure(lang: Language, contacts: Contacts): Promise<Buffer> {
  const { t } = createI18n(lang);
  const rate = ROI_RATE_PERCENT;
  const nights = ROI_FREE_NIGHTS;
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: {
      Title: `${contacts.brandName} — ${t("brochure.title", { rate })}`,
      Author: contacts.brandName,
    },
    lang: lang === "ru" ? "ru-RU" : "en-GB",
  });
  doc.registerFont("regular", FONT_REGULAR());
  doc.registerFont("bold", FONT_BOLD());

  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 112;

  // Cover band
  doc.rect(0, 0, doc.page.width, 170).fill(SEA);
  doc
    .fillColor("#d4eef1")
    .font("regular")
    .fontSize(11)
    .text(contacts.brandName.toUpperCase(), 56, 48, {
      characterSpacing: 2,
    });
  doc.fillColor("#ffffff").font("bold").fontSize(28).text(t("brochure.title", { rate }), 56, 70);
  doc
    .font("regular")
    .fontSize(12)
    .fillColor("#d4eef1")
    .text(t("brochure.subtitle"), 56, 112, { width });

  doc.moveDown(0);
  doc.y = 200;
  heading(doc, t("brochure.howTitle"));
  doc
    .font("regular")
    .fontSize(11)
    .fillColor(INK)
    .text(t("brochure.how", { rate, nights, years: ROI_PROJECTION_YEARS }), { width, lineGap: 3 });

  doc.moveDown(1);
  heading(doc, t("roi.benefitsTitle"));
  for (const key of ["fixed", "quarterly", "nights", "managed", "reports"] as const) {
    doc
      .font("regular")
      .fontSize(11)
      .fillColor(INK)
      .text(`•  ${t(`roi.benefits.${key}`, { rate, nights })}`, {
        width,
        lineGap: 2,
      });
  }

  doc.moveDown(1);
  heading(doc, t("brochure.exampleTitle"));
  const columns = [
    t("brochure.exampleValue"),
    t("roi.annual", { rate }),
    t("roi.quarterly"),
    t("roi.monthly"),
    t("roi.fiveYear"),
  ];
  const colWidth = width / columns.length;
  let y = doc.y + 4;
  const startX = 56;
  doc.rect(startX, y - 4, width, 34).fill("#f4ede2");
  doc.font("bold").fontSize(9).fillColor(SEA);
  columns.forEach((c, i) => {
    doc.text(c, startX + i * colWidth + 6, y, { width: colWidth - 12 });
  });
  y += 36;
  doc.font("regular").fontSize(10).fillColor(INK);
  for (const value of BROCHURE_EXAMPLE_VALUES) {
    const p = projectRoi(value);
    if (!p) continue;
    const cells = [value, p.annual, p.quarterly, p.monthly, p.fiveYearTotal].map((amount) =>
      formatBaht(amount, lang),
    );
    cells.forEach((cell, i) => {
      doc.text(cell, startX + i * colWidth + 6, y, { width: colWidth - 12 });
    });
    y += 22;
    doc
      .moveTo(startX, y - 6)
      .lineTo(startX + width, y - 6)
      .strokeColor("#e9dcc8")
      .lineWidth(0.5)
      .stroke();
  }
  doc.x = startX;
  doc.y = y + 4;
  doc
    .font("regular")
    .fontSize(11)
    .fillColor(INK)
    .text(`${t("roi.nights")}: ${t("roi.nightsValue", { nights })}`, {
      width,
    });

  doc.moveDown(1);
  heading(doc, t("revenueShare.compareTitle"));
  doc
    .font("regular")
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${t("revenueShare.compare.roi", { rate })}: ${t("revenueShare.compare.returnsRoi", { rate })}, ${t("revenueShare.compare.payoutsRoi").toLowerCase()}. ` +
        `${t("revenueShare.compare.share", { owner: REVENUE_SHARE_OWNER_PERCENT, company: REVENUE_SHARE_COMPANY_PERCENT })}: ${t("revenueShare.compare.returnsShare", REVENUE_SHARE_RETURN_RANGE)}, ${t("revenueShare.compare.payoutsShare").toLowerCase()}.`,
      { width, lineGap: 2 },
    );

  doc.moveDown(1);
  heading(doc, t("brochure.contactTitle"));
  doc.font("regular").fontSize(11).fillColor(INK);
  doc.text(`${t("roi.call")}: ${contacts.phone}`);
  doc.text(`WhatsApp: +${contacts.whatsapp}`);
  doc.text(`E-mail: ${contacts.email}`);
  doc.text(contacts.officeAddress);

  doc.moveDown(1.5);
  doc.font("regular").fontSize(8).fillColor(MUTED).text(t("brochure.generated"), { width });

  doc.end();
  return done;
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.font("bold").fontSize(15).fillColor(CORAL).text(text);
  doc.moveDown(0.4);
}

export const brochureFileName = (lang: Language) => `roi-${ROI_RATE_PERCENT}-program-${lang}.pdf`;

export interface Brochure {
  pdf: Buffer;
  /** A strong validator of the bytes, for conditional requests. */
  etag: string;
}

const built = new Map<string, Promise<Brochure>>();

/**
 * The brochure of a language, built once per process and contact details: it depends on nothing
 * else (the program's constants ship with the build), so every later request is served from
 * memory. A build that fails is forgotten, so the next request tries again.
 */
export function cachedRoiBrochure(
  lang: Language,
  contacts: Contacts,
  render: typeof renderRoiBrochure = renderRoiBrochure,
): Promise<Brochure> {
  const key = JSON.stringify([lang, contacts]);
  let brochure = built.get(key);
  if (!brochure) {
    brochure = render(lang, contacts).then((pdf) => ({
      pdf,
      etag: `"${createHash("sha256").update(pdf).digest("base64url").slice(0, 27)}"`,
    }));
    built.set(key, brochure);
    brochure.catch(() => built.delete(key));
  }
  return brochure;
}
