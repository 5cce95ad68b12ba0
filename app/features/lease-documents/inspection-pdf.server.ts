import type { InspectionKind, ItemCondition } from "../../domain/inspections.ts";
import { type ContractLanguage, contractDate, type Texts } from "./contract-text.ts";
import {
  createDocument,
  drawLine,
  drawRow,
  ensureRoom,
  MUTED,
  numberPages,
  type Script,
  SEA,
  type TextStyle,
  yieldToEventLoop,
} from "./pdf-layout.server.ts";

export interface InspectionReportInput {
  lang: ContractLanguage;
  kind: InspectionKind;
  leaseReference: string;
  inspectedOn: string;
  company: { name: string };
  tenants: string[];
  unit: { name: string; building: string; unitCode: string };
  items: {
    room: string;
    item: string;
    condition: ItemCondition;
    notes: string;
    photos: number;
  }[];
}

const SCRIPT: Record<ContractLanguage, Script> = { th: "th", en: "latin", ru: "latin" };

export const TITLES: Record<InspectionKind, Texts> = {
  "move-in": {
    th: "รายงานการตรวจสภาพห้องก่อนเข้าอยู่",
    en: "Move-in inspection report",
    ru: "Акт осмотра при въезде",
  },
  "move-out": {
    th: "รายงานการตรวจสภาพห้องเมื่อย้ายออก",
    en: "Move-out inspection report",
    ru: "Акт осмотра при выезде",
  },
};

export const CONDITIONS: Record<ItemCondition, Texts> = {
  good: { th: "ดี", en: "good", ru: "хорошее" },
  fair: { th: "พอใช้ (เสื่อมตามสภาพ)", en: "fair (wear)", ru: "удовлетворительное (износ)" },
  damaged: { th: "ชำรุด", en: "damaged", ru: "повреждено" },
  missing: { th: "สูญหาย", en: "missing", ru: "отсутствует" },
};

export const INSPECTION_WORDS = {
  lease: { th: "สัญญาเช่า", en: "Lease", ru: "Договор" },
  date: { th: "วันที่ตรวจ", en: "Inspected on", ru: "Дата осмотра" },
  unit: { th: "ทรัพย์ที่เช่า", en: "Unit", ru: "Помещение" },
  tenants: { th: "ผู้เช่า", en: "Tenants", ru: "Арендаторы" },
  photos: { th: "ภาพถ่าย", en: "photos", ru: "фото" },
  agreed: {
    th: "คู่สัญญาได้ตรวจสภาพทรัพย์ที่เช่าร่วมกันและรับรองว่ารายการข้างต้นถูกต้อง แต่ละฝ่ายเก็บรายงานนี้ไว้ฝ่ายละหนึ่งฉบับ",
    en: "The parties inspected the premises together and confirm the list above; each keeps a copy of this report.",
    ru: "Стороны вместе осмотрели помещение и подтверждают перечень выше; у каждой стороны остаётся экземпляр акта.",
  },
  landlord: { th: "ผู้ให้เช่า", en: "Landlord", ru: "Арендодатель" },
  tenant: { th: "ผู้เช่า", en: "Tenant", ru: "Арендатор" },
  signed: { th: "ลงชื่อ", en: "Signed", ru: "Подпись" },
  page: { th: "หน้า", en: "Page", ru: "Стр." },
} satisfies Record<string, Texts>;

/**
 * The printable inspection report: the lease, unit and day, every room's items with their
 * condition, notes and how many photos were taken, and a signature line for each party.
 */
export async function renderInspectionReport(input: InspectionReportInput): Promise<Buffer> {
  const bilingual = input.lang !== "th";
  const both = (t: Texts) => (bilingual ? `${t.th} / ${t[input.lang]}` : t.th);
  const { doc, done } = createDocument({
    title: `${TITLES[input.kind].th} ${input.leaseReference}`,
    author: input.company.name,
    lang: "th-TH",
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const style = (size: number, extra: Partial<TextStyle> = {}): TextStyle => ({
    script: "th",
    size,
    ...extra,
  });
  const full = (text: string, s: TextStyle, after = 4) =>
    drawRow(doc, [{ text, style: s, x: left, width }], after);

  full(TITLES[input.kind].th, style(16, { weight: "bold", color: SEA }), 0);
  if (bilingual)
    full(TITLES[input.kind][input.lang], { script: SCRIPT[input.lang], size: 13, color: SEA }, 6);
  full(
    [
      `${both(INSPECTION_WORDS.lease)}: ${input.leaseReference}`,
      `${both(INSPECTION_WORDS.date)}: ${contractDate(input.inspectedOn, "th")}`,
      `${both(INSPECTION_WORDS.unit)}: ${input.unit.name}, ${input.unit.building} ${input.unit.unitCode}`,
      `${both(INSPECTION_WORDS.tenants)}: ${input.tenants.join(", ")}`,
    ].join("\n"),
    style(10),
    10,
  );

  let room = "";
  let n = 0;
  for (const item of input.items) {
    if (item.room !== room) {
      room = item.room;
      ensureRoom(doc, 50);
      full(room, style(11, { weight: "bold", color: SEA }), 2);
      await yieldToEventLoop();
    }
    n += 1;
    const condition = both(CONDITIONS[item.condition]);
    const photos = item.photos > 0 ? ` · ${item.photos} ${both(INSPECTION_WORDS.photos)}` : "";
    drawRow(
      doc,
      [
        { text: `${n}. ${item.item}`, style: style(9.5), x: left, width: width * 0.38 },
        {
          text: `${condition}${photos}`,
          style: style(9.5, item.condition === "good" ? {} : { weight: "bold" }),
          x: left + width * 0.4,
          width: width * 0.25,
        },
        {
          text: item.notes || "—",
          style: style(9.5, { color: MUTED }),
          x: left + width * 0.67,
          width: width * 0.33,
        },
      ],
      3,
    );
  }

  doc.y += 8;
  full(INSPECTION_WORDS.agreed.th, style(9.5), 2);
  if (bilingual)
    full(INSPECTION_WORDS.agreed[input.lang], { script: SCRIPT[input.lang], size: 9.5 }, 10);

  const signers = [
    { role: both(INSPECTION_WORDS.landlord), name: input.company.name },
    ...input.tenants.map((name) => ({ role: both(INSPECTION_WORDS.tenant), name })),
  ];
  const half = (width - 18) / 2;
  for (let i = 0; i < signers.length; i += 2) {
    ensureRoom(doc, 70);
    const top = doc.y + 6;
    signers.slice(i, i + 2).forEach((signer, j) => {
      const x = left + j * (half + 18);
      drawLine(doc, signer.role, x, top, style(9.5, { weight: "bold", color: SEA }));
      drawLine(doc, both(INSPECTION_WORDS.signed), x, top + 26, style(8.5, { color: MUTED }));
      doc
        .moveTo(x + 80, top + 38)
        .lineTo(x + half - 4, top + 38)
        .lineWidth(0.6)
        .strokeColor("#8a979c")
        .stroke();
      drawLine(doc, `(${signer.name})`, x + 80, top + 42, style(8.5));
    });
    doc.y = top + 64;
  }

  numberPages(
    doc,
    (page, of) => `${input.leaseReference} · ${both(INSPECTION_WORDS.page)} ${page} / ${of}`,
  );
  doc.end();
  return done;
}
