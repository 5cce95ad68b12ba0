import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { renderContract } from "./contract-pdf.server.ts";
import {
  type ContractInput,
  clauses,
  contractProblem,
  contractTitle,
  labels,
  preamble,
  type Texts,
  tenantLine,
} from "./contract-text.ts";
import { CONDITIONS, INSPECTION_WORDS, TITLES } from "./inspection-pdf.server.ts";
import { INVOICE_WORDS } from "./invoice-pdf.server.ts";
import {
  breakUnits,
  createDocument,
  fontRuns,
  type Script,
  shapeThai,
} from "./pdf-layout.server.ts";

/**
 * The PDF's text with runs of spaces made one. SARA AM is drawn as nikhahit + SARA AA, its
 * compatibility decomposition, so the text and what a test looks for are compared in NFKC.
 */
async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(proxy, { mergePages: true });
  return { text: nfkc(text).replace(/\s+/g, " "), pages: totalPages };
}

const nfkc = (text: string) => text.normalize("NFKC");

const input: ContractInput = {
  lang: "ru",
  reference: "L-2026-0042",
  madeOn: "2026-11-26",
  company: {
    name: "Kamala Living Co., Ltd.",
    address: "88/8 Rim Had Road, Kamala, Kathu, Phuket 83150",
    phone: "+66 76 000 100",
    email: "rentals@example.com",
  },
  tenants: [
    { name: "Anna Ivanova", nationality: "Russia", passportNumber: "751234567" },
    { name: "Сергей Петров", nationality: "Russia", passportNumber: "767654321" },
  ],
  unit: {
    name: "Seaview Residence",
    building: "Zen Space",
    unitCode: "B-305",
    address: "Kamala, Kathu, Phuket",
  },
  firstDay: "2026-12-01",
  lastDay: "2027-11-30",
  monthlyRent: 37_500,
  deposit: 75_000,
  advanceRent: 37_500,
  dueDay: 5,
};

describe("the lease contract PDF", () => {
  it("is a PDF with the Thai text, the Russian beside it, the figures and the tenants", async () => {
    const pdf = await renderContract(input);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { text } = await pdfText(pdf);
    // Thai: the title, the rent clause with its figure, the deposit, the Thai-prevails clause.
    expect(text).toContain(nfkc("สัญญาเช่าที่อยู่อาศัย"));
    expect(text).toContain(nfkc("ผู้เช่าตกลงชำระค่าเช่าเดือนละ 37,500 บาท"));
    expect(text).toContain(nfkc("เงินประกันการเช่า 75,000 บาท"));
    expect(text).toContain(nfkc("ให้ถือข้อความภาษาไทยเป็นสำคัญ"));
    // Three months' rent, the cap of the 2025 notice, computed here: 3 × 37,500.
    expect(text).toContain(nfkc("(112,500 บาท)"));
    // A SARA AM word comes out whole once normalised.
    expect(text).toContain(nfkc("สัญญานี้ทำขึ้นเมื่อวันที่ 26 พฤศจิกายน 2569"));
    // Russian beside it, with the figures as Russian writes them.
    expect(text).toContain("Договор аренды жилого");
    expect(text).toMatch(/Арендная плата составляет 37 500 бат/);
    expect(text).toMatch(/преимущественную силу имеет текст на тайском языке/);
    // The tenants, Latin and Cyrillic, and the passports.
    expect(text).toContain("Anna Ivanova");
    expect(text).toContain("Сергей Петров");
    expect(text).toContain("751234567");
    // Deposit back within 7 days, 14 with itemised repairs.
    expect(text).toContain(nfkc("ภายใน 7 วัน"));
    expect(text).toContain(nfkc("ภายใน 14 วัน"));
  });

  it("in Thai alone has no second language", async () => {
    const { text } = await pdfText(await renderContract({ ...input, lang: "th" }));
    expect(text).toContain(nfkc("สัญญานี้ทำขึ้นเป็นภาษาไทย"));
    // The term in Buddhist-era dates, the last day included.
    expect(text).toContain(nfkc("ตั้งแต่วันที่ 1 ธันวาคม 2569 ถึงวันที่ 30 พฤศจิกายน 2570"));
    expect(text).not.toContain("Договор");
    expect(text).not.toContain("Residential Lease Agreement");
    expect(text).not.toContain(nfkc("ให้ถือข้อความภาษาไทยเป็นสำคัญ"));
    expect(text).toContain("Сергей Петров");
  });

  it("in English says the Thai text prevails over the English", async () => {
    const { text, pages } = await pdfText(await renderContract({ ...input, lang: "en" }));
    expect(text).toContain("Residential Lease Agreement");
    expect(text).toContain("If the Thai and the English texts differ, the Thai text prevails.");
    expect(text).toContain("The rent is 37,500 baht a month");
    expect(pages).toBeGreaterThanOrEqual(2);
  });

  it("refuses figures over three months' rent in advance", () => {
    expect(contractProblem(input)).toBeNull();
    // 75,001 + 37,500 = 112,501 > 112,500.
    expect(contractProblem({ ...input, deposit: 75_001 })).toMatch(/more than 3 months' rent/);
    expect(contractProblem({ ...input, tenants: [] })).toMatch(/no tenant/);
  });
});

describe("Thai text for the PDF", () => {
  it("writes SARA AM as nikhahit and SARA AA, the nikhahit ahead of a tone mark", () => {
    expect(shapeThai("น้ำ")).toBe("\u0E19\u0E4D\u0E49\u0E32");
    expect(shapeThai("ทำ")).toBe("\u0E17\u0E4D\u0E32");
    expect(shapeThai("ค่ำ")).toBe("\u0E04\u0E4D\u0E48\u0E32");
    expect(shapeThai("บ้าน")).toBe("บ้าน");
  });

  it("breaks Thai between words, and other text only at spaces", () => {
    expect(breakUnits("ผู้เช่าตกลงเช่าห้อง", "th")).toEqual(["ผู้", "เช่า", "ตกลง", "เช่า", "ห้อง"]);
    expect(breakUnits("(далее — «Арендатор»).", "latin")).toEqual([
      "(далее ",
      "— ",
      "«Арендатор»).",
    ]);
    expect(breakUnits("35\u00a0000 бат", "latin")).toEqual(["35\u00a0000 ", "бат"]);
  });
});

describe("the fonts of the documents", () => {
  // pdfkit keeps the font it embeds at `_font.font` (a fontkit font); only this test reads it.
  type WithFont = { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } };

  it("have a glyph for every character of every clause, label and house rule", () => {
    const { doc } = createDocument({ title: "t", author: "a", lang: "th-TH" });
    const texts: { text: string; script: Script }[] = [];
    for (const lang of ["th", "en", "ru"] as const) {
      const script: Script = lang === "th" ? "th" : "latin";
      const add = (t: Texts) => texts.push({ text: t[lang], script });
      add(contractTitle());
      add(preamble({ ...input, lang: "en" }));
      for (const tenant of input.tenants) add(tenantLine(tenant, 0));
      for (const label of Object.values(labels())) add(label);
      for (const clause of clauses({ ...input, lang: "ru" })) {
        add(clause.heading);
        add(clause.body);
        for (const item of clause.items ?? []) add(item);
      }
    }
    // Invoices and inspection reports set their labels as "Thai / other" in a Thai line.
    const bilingual = [
      ...Object.values(INVOICE_WORDS),
      ...Object.values(INSPECTION_WORDS),
      ...Object.values(CONDITIONS),
      ...Object.values(TITLES),
    ];
    for (const t of bilingual)
      for (const lang of ["en", "ru"] as const)
        texts.push(
          { text: `${t.th} / ${t[lang]}`, script: "th" },
          { text: t[lang], script: "latin" },
        );
    const missing = new Set<string>();
    for (const { text, script } of texts)
      for (const weight of ["regular", "bold"] as const)
        for (const run of fontRuns(text, script, weight)) {
          const font = (doc.font(run.font) as unknown as WithFont)._font.font;
          for (const char of run.text)
            if (!/\s/.test(char) && !font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0))
              missing.add(`${run.font}: ${char}`);
        }
    expect([...missing]).toEqual([]);
    // And what the check would catch: "№" has no glyph in Noto Sans Thai.
    const thai = (doc.font("thai") as unknown as WithFont)._font.font;
    expect(thai.hasGlyphForCodePoint("№".codePointAt(0) ?? 0)).toBe(false);
  });
});
