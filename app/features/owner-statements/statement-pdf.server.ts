/**
 * An owner's statement as a PDF in English or Russian, with the lease documents' fonts and text
 * layout (DejaVu Sans for Latin and Cyrillic, Noto Sans Thai for the baht sign).
 */

import type { Language } from "../../i18n/languages.ts";
import { createI18n } from "../../i18n/messages.server.ts";
import { formatBaht, formatDate } from "../../lib/format.ts";
import {
  type Column,
  createDocument,
  drawRow,
  ensureRoom,
  MUTED,
  numberPages,
  SEA,
  type TextStyle,
} from "../lease-documents/pdf-layout.server.ts";
import { isDeduction, lineText, periodText, signedBaht } from "./statement-labels.ts";
import type { OwnerStatement } from "./statements.server.ts";

const style = (size: number, extra: Partial<TextStyle> = {}): TextStyle => ({
  script: "latin",
  size,
  ...extra,
});

export async function renderStatementPdf(
  s: OwnerStatement,
  lang: Language,
  companyName: string,
): Promise<Buffer> {
  const { t } = createI18n(lang);
  const period = periodText(s.periodStart, s.periodEnd, lang);
  const { doc, done } = createDocument({
    title: `${t("ownerStatements.pdfTitle")} — ${s.unitName}, ${period}`,
    author: companyName,
    lang: lang === "ru" ? "ru-RU" : "en-GB",
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const row = (cells: [string, TextStyle, number][], after = 4) => {
    let x = left;
    const columns: Column[] = cells.map(([text, st, share]) => {
      const c = { text, style: st, x, width: width * share - 6 };
      x += width * share;
      return c;
    });
    drawRow(doc, columns, after);
  };
  const rule = () => {
    doc.rect(left, doc.y, width, 0.8).fill("#c9d3d6");
    doc.y += 6;
  };

  row([[t("ownerStatements.pdfTitle"), style(18, { weight: "bold", color: SEA }), 1]], 2);
  row([[companyName, style(10, { color: MUTED }), 1]], 10);
  row(
    [
      [
        t("ownerStatements.heading", { unit: s.unitName, period }),
        style(13, { weight: "bold" }),
        1,
      ],
    ],
    2,
  );
  row(
    [
      [
        t("ownerStatements.versionLine", {
          version: s.version,
          program: t(`ownerStatements.programs.${s.program}`),
          status: t(`ownerStatements.statuses.${s.status}`),
        }),
        style(10),
        1,
      ],
    ],
    10,
  );
  if (s.correctionReason && s.version > 1)
    row(
      [
        [
          t("ownerStatements.correction", { previous: s.version - 1, reason: s.correctionReason }),
          style(10, { weight: "bold" }),
          1,
        ],
      ],
      10,
    );

  row(
    [
      [t("ownerStatements.date"), style(9.5, { weight: "bold", color: MUTED }), 0.2],
      [t("ownerStatements.item"), style(9.5, { weight: "bold", color: MUTED }), 0.58],
      [t("ownerStatements.amount"), style(9.5, { weight: "bold", color: MUTED }), 0.22],
    ],
    2,
  );
  rule();
  for (const line of s.lines) {
    ensureRoom(doc, 16);
    row([
      [formatDate(line.on, lang), style(9.5), 0.2],
      [lineText(t, lang, line), style(9.5), 0.58],
      [signedBaht(line.amount, lang, isDeduction(line.kind)), style(9.5), 0.22],
    ]);
  }
  rule();
  doc.y += 4;

  const figure = (label: string, amount: number, bold = false, deduction = false) => {
    ensureRoom(doc, 16);
    row([
      [label, style(10.5, { weight: bold ? "bold" : "regular" }), 0.78],
      [
        signedBaht(amount, lang, deduction),
        style(10.5, { weight: bold ? "bold" : "regular", color: bold ? SEA : undefined }),
        0.22,
      ],
    ]);
  };
  const guaranteed = s.program === "guaranteed";
  figure(
    guaranteed ? t("ownerStatements.guaranteedGross") : t("ownerStatements.figures.gross"),
    s.gross,
  );
  if (!guaranteed) figure(t("ownerStatements.figures.commissions"), s.commissions, false, true);
  figure(t("ownerStatements.figures.expenses"), s.expenses, false, true);
  figure(t("ownerStatements.figures.net"), s.net, true);
  if (!guaranteed) {
    figure(`${t("ownerStatements.figures.ownerShare")} (70%)`, s.ownerShare);
    figure(`${t("ownerStatements.figures.companyShare")} (30%)`, s.companyShare);
  }
  doc.y += 6;
  for (const part of s.parts) {
    figure(t("ownerStatements.yourPart", { percent: part.sharePercent }), part.amount, true);
    if (part.withholding > 0)
      figure(
        t("ownerStatements.withholdingRate", {
          rate: (part.withholdingBp / 100).toLocaleString(lang),
        }),
        part.withholding,
        false,
        true,
      );
    figure(t("ownerStatements.figures.payout"), part.payout, true);
    doc.y += 4;
    row(
      [
        [
          part.paidOn
            ? t("ownerStatements.paidOn", {
                date: formatDate(part.paidOn, lang),
                method: t(`ownerStatements.methods.${part.payoutMethod ?? "other"}`),
                reference: part.payoutReference ?? "",
              })
            : t("ownerStatements.notPaid"),
          style(10),
          1,
        ],
      ],
      6,
    );
  }
  if (s.coOwners > 0)
    row(
      [[t("ownerStatements.coOwners", { count: s.coOwners }), style(9.5, { color: MUTED }), 1]],
      6,
    );
  if (s.difference && s.previous) {
    doc.y += 4;
    row(
      [
        [
          t("ownerStatements.difference", { previous: s.previous.version }),
          style(10.5, { weight: "bold" }),
          1,
        ],
      ],
      2,
    );
    for (const key of ["gross", "expenses", "net", "ownerShare", "payout"] as const)
      if (s.difference[key] !== 0)
        row([
          [t(`ownerStatements.figures.${key}`), style(10), 0.78],
          [
            `${s.difference[key] > 0 ? "+" : "−"}${formatBaht(Math.abs(s.difference[key]), lang)}`,
            style(10),
            0.22,
          ],
        ]);
  }
  const rates = Object.entries(
    (s.rates ?? {}) as Record<string, { thbPerUnit: number; appliesFrom: string }>,
  );
  if (rates.length > 0) {
    doc.y += 6;
    row([[t("ownerStatements.rates"), style(9.5, { weight: "bold", color: MUTED }), 1]], 2);
    row(
      [
        [
          rates
            .map(([currency, r]) =>
              t("ownerStatements.rateLine", {
                currency,
                rate: r.thbPerUnit.toLocaleString(lang === "ru" ? "ru-RU" : "en-GB", {
                  maximumFractionDigits: 4,
                }),
                date: formatDate(r.appliesFrom, lang),
              }),
            )
            .join("\n"),
          style(9, { color: MUTED }),
          1,
        ],
      ],
      4,
    );
  }
  numberPages(doc, (page, of) => t("ownerStatements.pdfPage", { page, of }));
  doc.end();
  return done;
}
