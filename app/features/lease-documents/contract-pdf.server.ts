import {
  type Clause,
  type ContractInput,
  type ContractLanguage,
  clauses,
  contractDate,
  contractTitle,
  labels,
  preamble,
  type Texts,
  tenantLine,
} from "./contract-text.ts";
import {
  type Column,
  createDocument,
  drawLine,
  drawRow,
  ensureRoom,
  lineHeight,
  MUTED,
  numberPages,
  type Script,
  SEA,
  type TextStyle,
  wrapLines,
  yieldToEventLoop,
} from "./pdf-layout.server.ts";

const SCRIPT: Record<ContractLanguage, Script> = { th: "th", en: "latin", ru: "latin" };
const PDF_LANG: Record<ContractLanguage, string> = { th: "th-TH", en: "en-GB", ru: "ru-RU" };
const GUTTER = 18;

/**
 * The lease contract as a PDF: Thai, with the tenant's language beside it paragraph by paragraph
 * (Thai alone for `lang` "th"), the parties, unit, term, money, the clauses and house rules, and
 * signature blocks for the landlord, each tenant and two witnesses. A pure function of its input.
 */
export async function renderContract(input: ContractInput): Promise<Buffer> {
  const title = contractTitle();
  const { doc, done } = createDocument({
    title: input.lang === "th" ? title.th : `${title.th} / ${title[input.lang]}`,
    author: input.company.name,
    lang: PDF_LANG.th,
  });
  const left = doc.page.margins.left;
  const fullWidth = doc.page.width - left - doc.page.margins.right;
  const bilingual = input.lang !== "th";
  const columnWidth = bilingual ? (fullWidth - GUTTER) / 2 : fullWidth;

  /** A row: the Thai text, and beside it the same text in the tenant's language. */
  const row = (texts: Texts, style: Omit<TextStyle, "script">, spaceAfter?: number) => {
    const columns: Column[] = [
      { text: texts.th, style: { ...style, script: "th" }, x: left, width: columnWidth },
    ];
    if (bilingual)
      columns.push({
        text: texts[input.lang],
        style: { ...style, script: SCRIPT[input.lang] },
        x: left + columnWidth + GUTTER,
        width: columnWidth,
      });
    drawRow(doc, columns, spaceAfter);
  };

  const words = labels();
  row(title, { size: 16, weight: "bold", color: SEA }, 2);
  row(
    {
      th: `${words.reference.th} ${input.reference}`,
      en: `${words.reference.en} ${input.reference}`,
      ru: `${words.reference.ru} ${input.reference}`,
    },
    { size: 9, color: MUTED },
    10,
  );
  row(preamble(input), { size: 9.5 });
  row(
    { th: `${words.tenant.th}:`, en: `${words.tenant.en}:`, ru: `${words.tenant.ru}:` },
    { size: 9.5, weight: "bold" },
    1,
  );
  input.tenants.forEach((tenant, i) => {
    row(tenantLine(tenant, i), { size: 9.5 }, 2);
  });
  doc.y += 6;

  let n = 0;
  for (const clause of clauses(input)) {
    // Hand the event loop back between clauses: a contract takes a few hundred milliseconds.
    await yieldToEventLoop();
    n += 1;
    clauseRows(clause, n);
  }

  signatures();

  function clauseRows(clause: Clause, n: number) {
    ensureRoom(doc, 60);
    const numbered = (lang: ContractLanguage) =>
      lang === "th" ? `ข้อ ${n} ${clause.heading.th}` : `${n}. ${clause.heading[lang]}`;
    row(
      { th: numbered("th"), en: numbered("en"), ru: numbered("ru") },
      {
        size: 10,
        weight: "bold",
        color: SEA,
      },
      2,
    );
    row(clause.body, { size: 9.5 }, clause.items ? 3 : 8);
    clause.items?.forEach((item, j) => {
      const last = j === (clause.items?.length ?? 0) - 1;
      row(
        { th: `• ${item.th}`, en: `• ${item.en}`, ru: `• ${item.ru}` },
        { size: 9.5 },
        last ? 8 : 2,
      );
    });
  }

  function signatures() {
    const authorised = bilingual
      ? `${words.authorised.th} / ${words.authorised[input.lang]}`
      : words.authorised.th;
    const blocks: { role: Texts; names: string[] }[] = [
      { role: words.landlord, names: [input.company.name, authorised] },
      ...input.tenants.map((t) => ({ role: words.tenant, names: [t.name] })),
      { role: words.witness, names: [] },
      { role: words.witness, names: [] },
    ];
    const perRow = 2;
    const blockWidth = (fullWidth - GUTTER) / perRow;
    const small: TextStyle = { script: "th", size: 8.5 };
    const nameStep = lineHeight(small);
    const laid = blocks.map((block) => ({
      ...block,
      lines: block.names.flatMap((name) => wrapLines(doc, name, blockWidth - 20, small)),
    }));
    doc.y += 10;
    for (let i = 0; i < laid.length; i += perRow) {
      const group = laid.slice(i, i + perRow);
      const height = 70 + Math.max(...group.map((b) => b.lines.length)) * nameStep;
      ensureRoom(doc, height);
      const top = doc.y;
      group.forEach((block, j) => {
        const x = left + j * (blockWidth + GUTTER);
        const role = bilingual ? `${block.role.th} / ${block.role[input.lang]}` : block.role.th;
        const signed = bilingual
          ? `${words.signed.th} / ${words.signed[input.lang]}`
          : words.signed.th;
        const date = bilingual ? `${words.date.th} / ${words.date[input.lang]}` : words.date.th;
        drawLine(doc, role, x, top, { script: "th", size: 9.5, weight: "bold", color: SEA });
        drawLine(doc, signed, x, top + 26, { ...small, color: MUTED });
        doc
          .moveTo(x + 80, top + 38)
          .lineTo(x + blockWidth - 4, top + 38)
          .lineWidth(0.6)
          .strokeColor("#8a979c")
          .stroke();
        block.lines.forEach((line, k) => {
          drawLine(doc, line, x + 10, top + 42 + k * nameStep, small);
        });
        drawLine(doc, `${date} ____________________`, x, top + 48 + block.lines.length * nameStep, {
          ...small,
          color: MUTED,
        });
      });
      doc.y = top + height;
    }
    doc.x = left;
  }

  const page = words.page;
  const made = contractDate(input.madeOn, "th");
  numberPages(
    doc,
    (n, of) =>
      `${input.reference} · ${made} · ${page.th}${bilingual ? ` / ${page[input.lang]}` : ""} ${n} / ${of}`,
  );
  doc.end();
  return done;
}
