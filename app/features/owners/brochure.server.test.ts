import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { Contacts } from "../../lib/contacts.ts";
import { BROCHURE_EXAMPLE_VALUES, renderRoiBrochure } from "./brochure.server.ts";
import { projectRoi } from "./programs.ts";

const contacts: Contacts = {
  brandName: "Kamala Living",
  phone: "+66 76 000 100",
  whatsapp: "6676000100",
  telegram: "kamala_living_desk",
  email: "rentals@example.com",
  officeAddress: "88/8 Rim Had Road, Kamala, Kathu, Phuket 83150",
};

async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, " ");
}

describe("ROI brochure", () => {
  it("is a PDF with the program's figures from the projection", async () => {
    const pdf = await renderRoiBrochure("en", contacts);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
    const text = await textOf(pdf);
    expect(text).toContain("ROI 7% Program");
    const p = projectRoi(BROCHURE_EXAMPLE_VALUES[1]);
    expect(p?.annual).toBe(700_000);
    for (const figure of ["฿10,000,000", "฿700,000", "฿175,000", "฿58,333", "฿3,500,000"]) {
      expect(text).toContain(figure);
    }
    expect(text).toContain("15 nights a year (May–September)");
    expect(text).toContain("rentals@example.com");
  });

  it("speaks Russian with Cyrillic text that survives extraction", async () => {
    const text = await textOf(await renderRoiBrochure("ru", contacts));
    expect(text).toContain("Программа ROI 7%");
    expect(text).toContain("Годовой доход (7%)");
    expect(text).toContain("฿700,000");
  });
});
