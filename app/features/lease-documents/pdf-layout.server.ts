import PDFDocument from "pdfkit";
import { projectPath } from "../../lib/paths.server.ts";

/**
 * Fonts and a small text layout for lease documents in Thai, English and Russian.
 *
 * Noto Sans Thai (from the `@expo-google-fonts/noto-sans-thai` package, whole TTF files) draws
 * Thai and Latin; it has no Cyrillic, so Russian text, and any Cyrillic inside a Thai paragraph
 * (a tenant's name), is set in DejaVu Sans, which the project already ships for its brochure.
 *
 * pdfkit breaks lines only at spaces, and Thai writes words without them, so lines are broken
 * here at the word boundaries of `Intl.Segmenter` (ICU's Thai dictionary), and each line is
 * drawn as a whole, one call per font run, so copied text keeps its words.
 */

const THAI_FONT_DIR = ["node_modules", "@expo-google-fonts", "noto-sans-thai"] as const;

export const FONTS = {
  thai: () => projectPath(...THAI_FONT_DIR, "400Regular", "NotoSansThai_400Regular.ttf"),
  thaiBold: () => projectPath(...THAI_FONT_DIR, "700Bold", "NotoSansThai_700Bold.ttf"),
  latin: () => projectPath("assets", "fonts", "DejaVuSans.ttf"),
  latinBold: () => projectPath("assets", "fonts", "DejaVuSans-Bold.ttf"),
} as const;

export type Script = "th" | "latin";
export type Weight = "regular" | "bold";

const FONT_NAME: Record<Script, Record<Weight, string>> = {
  th: { regular: "thai", bold: "thai-bold" },
  latin: { regular: "latin", bold: "latin-bold" },
};

const THAI = /[\u0E00-\u0E7F]/;
/** What Noto Sans Thai draws besides Thai, used with it in Thai text; the rest goes to DejaVu. */
const ASCII = /[\u0020-\u007E\u00A0]/;

export const INK = "#1c2529";
export const MUTED = "#4b5a60";
export const SEA = "#0f3d47";

/** A new A4 document with the four fonts registered, and a promise of its bytes. */
export function createDocument(info: { title: string; author: string; lang: string }): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 50, bottom: 50, left: 50, right: 50 },
    info: { Title: info.title, Author: info.author },
    lang: info.lang,
    bufferPages: true,
  });
  doc.registerFont("thai", FONTS.thai());
  doc.registerFont("thai-bold", FONTS.thaiBold());
  doc.registerFont("latin", FONTS.latin());
  doc.registerFont("latin-bold", FONTS.latinBold());
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/**
 * Thai text as fontkit shapes it right. fontkit, unlike HarfBuzz, does not move the nikhahit of
 * SARA AM ahead of a tone mark, so "น้ำ" would draw the circle above the tone mark. SARA AM is
 * written as its compatibility decomposition, nikhahit then SARA AA, with the nikhahit ahead of
 * any tone mark: what a Thai shaper draws, and text that copies out as its NFKC form (the
 * composed SARA AM would copy out with a stray SARA AA, its glyph being two).
 */
export function shapeThai(text: string): string {
  return text.replace(/([\u0E48-\u0E4B]?)\u0E33/g, "\u0E4D$1\u0E32");
}

interface Run {
  text: string;
  font: string;
}

/**
 * The text cut into runs by the font that draws them: Thai letters in Noto Sans Thai, with the
 * ASCII around them in a Thai paragraph; everything else (Cyrillic, "№", dashes) in DejaVu Sans.
 */
export function fontRuns(text: string, script: Script, weight: Weight): Run[] {
  const runs: Run[] = [];
  for (const char of shapeThai(text)) {
    const font =
      THAI.test(char) || (script === "th" && ASCII.test(char))
        ? FONT_NAME.th[weight]
        : FONT_NAME.latin[weight];
    const last = runs.at(-1);
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

const segmenters = new Map<string, Intl.Segmenter>();
/**
 * The text cut where a line may break: after a space, or between two Thai words (ICU's
 * dictionary finds them). Punctuation stays with its word, so "(далее" or "«Арендатор»" never
 * split, and a run of Latin or Cyrillic letters breaks only at its spaces.
 */
export function breakUnits(text: string, script: Script): string[] {
  const locale = script === "th" ? "th" : "en";
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: "word" });
    segmenters.set(locale, segmenter);
  }
  const units: string[] = [];
  let previous = "";
  for (const { segment } of segmenter.segment(text)) {
    const breakable =
      units.length > 0 && (/[ \t]$/.test(previous) || (THAI.test(previous) && THAI.test(segment)));
    if (breakable || units.length === 0) units.push(segment);
    else units[units.length - 1] += segment;
    previous = segment;
  }
  return units;
}

export interface TextStyle {
  script: Script;
  weight?: Weight;
  size: number;
  color?: string;
  /** Extra space between lines, in points. */
  lineGap?: number;
}

const widths = new WeakMap<PDFKit.PDFDocument, Map<string, number>>();

/** The width of `text` in `style`, remembered per document (a contract measures the same words often). */
function widthOf(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  let known = widths.get(doc);
  if (!known) {
    known = new Map();
    widths.set(doc, known);
  }
  const weight = style.weight ?? "regular";
  const key = `${style.script}\u0000${weight}\u0000${style.size}\u0000${text}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  let width = 0;
  for (const run of fontRuns(text, style.script, weight)) {
    width += doc.font(run.font).fontSize(style.size).widthOfString(run.text);
  }
  known.set(key, width);
  return width;
}

/**
 * The lines a paragraph takes in `width`: units are added while they fit (a line's width is the
 * sum of its units'); a unit longer than a line is cut between grapheme clusters, so a vowel or
 * tone mark never leaves its letter.
 */
export function wrapLines(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  style: TextStyle,
): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const unit of breakUnits(paragraph, style.script)) {
      const inked = widthOf(doc, unit.trimEnd(), style);
      if (line !== "" && lineWidth + inked > width) {
        lines.push(line.trimEnd());
        line = "";
        lineWidth = 0;
      }
      if (line === "" && inked > width) {
        const clusters = Array.from(graphemes.segment(unit), (g) => g.segment);
        for (const cluster of clusters) {
          const w = widthOf(doc, cluster, style);
          if (line !== "" && lineWidth + w > width) {
            lines.push(line);
            line = "";
            lineWidth = 0;
          }
          line += cluster;
          lineWidth += w;
        }
        continue;
      }
      line += unit;
      lineWidth += widthOf(doc, unit, style);
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

const graphemes = new Intl.Segmenter("th", { granularity: "grapheme" });

export function lineHeight(style: TextStyle): number {
  return style.size * 1.45 + (style.lineGap ?? 0);
}

/** Draws one line at (x, y), a call per font run so each run keeps its shaping. */
export function drawLine(
  doc: PDFKit.PDFDocument,
  line: string,
  x: number,
  y: number,
  style: TextStyle,
): void {
  let cursor = x;
  // Runs in different fonts share one baseline (their ascents differ).
  const baseline = y + style.size * 1.1;
  doc.fillColor(style.color ?? INK);
  for (const run of fontRuns(line, style.script, style.weight ?? "regular")) {
    doc.font(run.font).fontSize(style.size);
    doc.text(run.text, cursor, baseline, { lineBreak: false, baseline: "alphabetic" });
    cursor += doc.widthOfString(run.text);
  }
}

export interface Column {
  text: string;
  style: TextStyle;
  x: number;
  width: number;
}

/**
 * Columns side by side (a Thai paragraph and its translation), from the current `doc.y`. A row
 * that fits on a fresh page but not on this one starts a new page; a longer one runs on line by
 * line. Leaves `doc.y` under the longest column.
 */
export function drawRow(doc: PDFKit.PDFDocument, columns: Column[], spaceAfter = 6): void {
  const laid = columns.map((c) => ({
    column: c,
    lines: wrapLines(doc, c.text, c.width, c.style),
    height: lineHeight(c.style),
  }));
  const rowHeight = Math.max(...laid.map((l) => l.lines.length * l.height));
  const top = doc.page.margins.top;
  const bottom = doc.page.height - doc.page.margins.bottom;
  if (doc.y + rowHeight > bottom && rowHeight <= bottom - top) doc.addPage();
  const starts = laid.map(() => doc.y);
  let y = doc.y;
  const cursors = laid.map(() => 0);
  // Draw line by line across the columns so a long row can run onto the next page.
  while (laid.some((l, i) => (cursors[i] ?? 0) < l.lines.length)) {
    const step = Math.max(
      ...laid.map((l, i) => ((cursors[i] ?? 0) < l.lines.length ? l.height : 0)),
    );
    if (y + step > bottom) {
      doc.addPage();
      y = doc.y;
      starts.fill(y);
    }
    laid.forEach((l, i) => {
      const at = cursors[i] ?? 0;
      const line = l.lines[at];
      if (line === undefined) return;
      drawLine(doc, line, l.column.x, y, l.column.style);
      cursors[i] = at + 1;
    });
    y += step;
  }
  doc.x = doc.page.margins.left;
  doc.y = y + spaceAfter;
}

/** Lets other requests run between the parts of a long document. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Room for `height` points on this page, or a new page. */
export function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** Page numbers ("2 / 5") at the foot of every page, drawn once the document is complete. */
export function numberPages(doc: PDFKit.PDFDocument, label: (page: number, of: number) => string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const text = label(i + 1 - range.start, range.count);
    const style: TextStyle = { script: "latin", size: 8, color: MUTED };
    drawLine(
      doc,
      text,
      (doc.page.width - widthOf(doc, text, style)) / 2,
      doc.page.height - 32,
      style,
    );
    doc.page.margins.bottom = bottom;
  }
}
