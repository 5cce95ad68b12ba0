import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { projectRoi } from "../../domain/owner-programs.ts";
import { DEMO_CONTACTS as contacts } from "../../lib/contacts.test-fixture.ts";
import {
  BROCHURE_EXAMPLE_VALUES,
  cachedRoiBrochure,
  renderRoiBrochure,
} from "./brochure.server.ts";

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
    expect(text).toMatch(/700\s000\s฿/);
  });
});

describe("cached brochure", () => {
  it("is built once per language, in parallel requests too, and tried again after a failure", async () => {
    let builds = 0;
    const render: typeof renderRoiBrochure = async (lang) => {
      builds++;
      if (builds === 1) throw new Error("disk full");
      return Buffer.from(`%PDF- ${lang}`);
    };
    const other = { ...contacts, phone: "+66 76 999 999" };
    await expect(cachedRoiBrochure("en", other, render)).rejects.toThrow("disk full");
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => cachedRoiBrochure("en", other, render)),
    );
    expect(builds).toBe(2);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    expect(answers[0]?.pdf.toString()).toBe("%PDF- en");
    const ru = await cachedRoiBrochure("ru", other, render);
    expect(ru.pdf.toString()).toBe("%PDF- ru");
    expect(ru.etag).not.toBe(answers[0]?.etag);
    expect(builds).toBe(3);
  });
});
