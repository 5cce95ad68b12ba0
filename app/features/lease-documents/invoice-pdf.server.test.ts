import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { type InvoiceInput, renderInvoice } from "./invoice-pdf.server.ts";

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  return text.normalize("NFKC").replace(/\s+/g, " ");
}

const invoice: InvoiceInput = {
  lang: "en",
  number: "L42-D7",
  issuedOn: "2026-11-26",
  dueDate: "2026-12-05",
  company: {
    name: "Kamala Living",
    address: "88/8 Rim Had Road, Kamala, Kathu, Phuket 83150",
    phone: "+66 76 000 100",
    email: "rentals@example.com",
  },
  tenants: ["Anna Ivanova", "Сергей Петров"],
  unit: { name: "Seaview Residence", building: "Zen Space", unitCode: "B-305" },
  leaseReference: "L-42",
  kind: "rent",
  period: { firstDay: "2026-12-05", lastDay: "2027-01-04" },
  amount: 37_500,
  promptPayId: "0812345678",
};

describe("the invoice PDF", () => {
  it("shows the company, tenants, period and amount, and the amount the QR holds", async () => {
    const pdf = await renderInvoice(invoice);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain("Kamala Living");
    expect(text).toContain("Anna Ivanova");
    expect(text).toContain("Сергей Петров");
    expect(text).toContain("37,500 บาท");
    expect(text).toContain("Amount in the QR: 37500.00 THB");
    expect(text).toContain("5 ธันวาคม 2569");
    expect(text).toContain("4 มกราคม 2570");
    expect(text).toContain("xxxxxx5678");
    expect(text).not.toContain("0812345678");
  });

  it("without a PromptPay id asks for a transfer and draws no QR", async () => {
    const text = await pdfText(await renderInvoice({ ...invoice, promptPayId: null }));
    expect(text).toContain("Please pay by bank transfer");
    expect(text).not.toContain("Amount in the QR");
  });

  it("for the deposit names it and has no period", async () => {
    const text = await pdfText(
      await renderInvoice({ ...invoice, kind: "deposit", period: null, amount: 75_000 }),
    );
    expect(text).toContain("Security deposit");
    expect(text).toContain("75,000 บาท");
    expect(text).toContain("75000.00 THB");
  });
});
