import QRCode from "qrcode";
import { type ContractLanguage, contractBaht, contractDate, type Texts } from "./contract-text.ts";
import {
  type Column,
  createDocument,
  drawLine,
  drawRow,
  MUTED,
  type Script,
  SEA,
  type TextStyle,
} from "./pdf-layout.server.ts";
import { maskPromptPayId, payloadAmount, promptPayPayload } from "./promptpay.ts";

export interface InvoiceInput {
  /** The labels' language beside Thai; "th": Thai only. */
  lang: ContractLanguage;
  /** e.g. "INV-L42-D7". */
  number: string;
  issuedOn: string;
  dueDate: string;
  company: { name: string; address: string; phone: string; email: string };
  tenants: string[];
  unit: { name: string; building: string; unitCode: string };
  leaseReference: string;
  kind: "rent" | "deposit";
  /** The days the rent pays for, both included; null for the deposit. */
  period: { firstDay: string; lastDay: string } | null;
  /** Whole baht still to pay. */
  amount: number;
  /** The company's PromptPay id; null: the invoice carries no QR. */
  promptPayId: string | null;
}

const SCRIPT: Record<ContractLanguage, Script> = { th: "th", en: "latin", ru: "latin" };

export const INVOICE_WORDS = {
  title: { th: "ใบแจ้งหนี้", en: "Invoice", ru: "Счёт" },
  number: { th: "เลขที่", en: "No.", ru: "№" },
  issued: { th: "วันที่ออก", en: "Issued", ru: "Дата" },
  due: { th: "กำหนดชำระ", en: "Due by", ru: "Оплатить до" },
  from: { th: "ผู้ให้เช่า", en: "From", ru: "От" },
  to: { th: "ผู้เช่า", en: "To", ru: "Кому" },
  unit: { th: "ทรัพย์ที่เช่า", en: "Unit", ru: "Помещение" },
  lease: { th: "สัญญาเช่า", en: "Lease", ru: "Договор" },
  rent: { th: "ค่าเช่า", en: "Rent", ru: "Арендная плата" },
  deposit: { th: "เงินประกันการเช่า", en: "Security deposit", ru: "Залог" },
  period: { th: "งวด", en: "Period", ru: "Период" },
  amount: { th: "จำนวนเงินที่ต้องชำระ", en: "Amount due", ru: "К оплате" },
  scan: {
    th: "สแกนด้วยแอปธนาคารเพื่อชำระผ่านพร้อมเพย์",
    en: "Scan with a banking app to pay by PromptPay",
    ru: "Отсканируйте в банковском приложении, чтобы оплатить через PromptPay",
  },
  qrAmount: { th: "ยอดเงินใน QR", en: "Amount in the QR", ru: "Сумма в QR" },
  promptPayTo: { th: "พร้อมเพย์", en: "PromptPay", ru: "PromptPay" },
  noQr: {
    th: "โปรดชำระโดยโอนเงินเข้าบัญชีของผู้ให้เช่าหรือชำระเป็นเงินสด",
    en: "Please pay by bank transfer to the landlord's account, or in cash.",
    ru: "Оплатите банковским переводом на счёт арендодателя или наличными.",
  },
} satisfies Record<string, Texts>;

/**
 * An invoice for one due of a lease: the company, tenants, unit, period and amount, and a
 * PromptPay QR for exactly that amount (vector modules, so it prints sharp), with the amount the
 * QR holds written under it so the desk can check it.
 */
export async function renderInvoice(input: InvoiceInput): Promise<Buffer> {
  const payload = input.promptPayId ? promptPayPayload(input.promptPayId, input.amount) : null;
  const { doc, done } = createDocument({
    title: `${INVOICE_WORDS.title.th} ${input.number}`,
    author: input.company.name,
    lang: "th-TH",
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bilingual = input.lang !== "th";
  const label = (t: Texts) => (bilingual ? `${t.th} / ${t[input.lang]}` : t.th);
  const style = (size: number, extra: Partial<TextStyle> = {}): TextStyle => ({
    script: "th",
    size,
    ...extra,
  });

  drawRow(
    doc,
    [
      {
        text: label(INVOICE_WORDS.title),
        style: style(18, { weight: "bold", color: SEA }),
        x: left,
        width,
      },
    ],
    4,
  );
  drawRow(
    doc,
    [
      {
        text: `${label(INVOICE_WORDS.number)}: ${input.number}\n${label(INVOICE_WORDS.issued)}: ${contractDate(input.issuedOn, "th")}\n${label(INVOICE_WORDS.due)}: ${contractDate(input.dueDate, "th")}`,
        style: style(10),
        x: left,
        width,
      },
    ],
    12,
  );

  const half = (width - 18) / 2;
  const partyColumns: Column[] = [
    {
      text: `${label(INVOICE_WORDS.from)}\n${input.company.name}\n${input.company.address}\n${input.company.phone} · ${input.company.email}`,
      style: style(10),
      x: left,
      width: half,
    },
    {
      text: `${label(INVOICE_WORDS.to)}\n${input.tenants.join("\n")}\n${label(INVOICE_WORDS.unit)}: ${input.unit.name}, ${input.unit.building} ${input.unit.unitCode}\n${label(INVOICE_WORDS.lease)}: ${input.leaseReference}`,
      style: style(10),
      x: left + half + 18,
      width: half,
    },
  ];
  drawRow(doc, partyColumns, 16);

  // The one line of the invoice: what the money is for, and how much.
  const what =
    input.kind === "rent" && input.period
      ? `${label(INVOICE_WORDS.rent)} — ${label(INVOICE_WORDS.period)}: ${contractDate(input.period.firstDay, "th")} – ${contractDate(input.period.lastDay, "th")}`
      : label(INVOICE_WORDS.deposit);
  const lineTop = doc.y;
  doc.rect(left, lineTop - 4, width, 0.8).fill("#c9d3d6");
  drawRow(
    doc,
    [
      { text: what, style: style(10.5), x: left, width: width * 0.68 },
      {
        text: contractBaht(input.amount, "th"),
        style: style(10.5, { weight: "bold" }),
        x: left + width * 0.72,
        width: width * 0.28,
      },
    ],
    6,
  );
  doc.rect(left, doc.y - 2, width, 0.8).fill("#c9d3d6");
  doc.y += 8;
  drawRow(
    doc,
    [
      {
        text: label(INVOICE_WORDS.amount),
        style: style(12, { weight: "bold" }),
        x: left,
        width: width * 0.68,
      },
      {
        text: contractBaht(input.amount, "th"),
        style: style(12, { weight: "bold", color: SEA }),
        x: left + width * 0.72,
        width: width * 0.28,
      },
    ],
    20,
  );

  if (payload) {
    const size = 170;
    const top = doc.y;
    drawQr(doc, payload, left, top, size);
    const x = left + size + 24;
    const textWidth = width - size - 24;
    doc.y = top + 8;
    const otherScript = SCRIPT[input.lang];
    drawRow(
      doc,
      [{ text: INVOICE_WORDS.scan.th, style: style(11, { weight: "bold" }), x, width: textWidth }],
      2,
    );
    if (bilingual)
      drawRow(
        doc,
        [
          {
            text: INVOICE_WORDS.scan[input.lang],
            style: { script: otherScript, size: 10 },
            x,
            width: textWidth,
          },
        ],
        8,
      );
    const amountInQr = payloadAmount(payload) ?? "";
    drawLine(doc, `${label(INVOICE_WORDS.qrAmount)}: ${amountInQr} THB`, x, doc.y, style(10));
    drawLine(
      doc,
      `${label(INVOICE_WORDS.promptPayTo)}: ${maskPromptPayId(input.promptPayId ?? "")}`,
      x,
      doc.y + 16,
      style(10, { color: MUTED }),
    );
    doc.y = top + size + 10;
  } else {
    const columns: Column[] = [{ text: INVOICE_WORDS.noQr.th, style: style(10), x: left, width }];
    drawRow(doc, columns, 2);
    if (bilingual)
      drawRow(doc, [
        {
          text: INVOICE_WORDS.noQr[input.lang],
          style: { script: SCRIPT[input.lang], size: 10 },
          x: left,
          width,
        },
      ]);
  }

  doc.end();
  return done;
}

/** The QR code of `text` drawn as squares, `size` points wide, with its quiet zone. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const cell = size / (modules.size + quiet * 2);
  doc.rect(x, y, size, size).fill("#ffffff");
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) {
        doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
      }
    }
  }
  doc.fill("#000000");
}
