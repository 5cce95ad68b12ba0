import { getRuntime } from "../db/runtime.server.ts";
import { requireOwner } from "../features/owner-portal/owner-guard.server.ts";
import { statementCsv } from "../features/owner-statements/statement-csv.ts";
import { renderStatementPdf } from "../features/owner-statements/statement-pdf.server.ts";
import { loadOwnerStatement } from "../features/owner-statements/statements.server.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/owner.statement-file";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * An owner's statement as a PDF (in the page's language) or a CSV, from one module for both
 * paths (`/owner/statements/:id.pdf`, `.csv`). The owner comes first; a statement not theirs,
 * not published or unknown answers 404. Never cached, always an attachment.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const lang = languageFromPath(pathname);
  const owner = await requireOwner(request, lang);
  const id = parseId(params.id);
  const kind = pathname.endsWith(".pdf") ? "pdf" : "csv";
  const { config, database } = getRuntime();
  const statement = id === null ? null : await loadOwnerStatement(database.db, owner.id, id);
  if (!statement) return notFound();
  const name = `statement-${statement.id}-v${statement.version}-${statement.periodStart.slice(0, 7)}`;
  const headers = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (kind === "csv")
    return new Response(statementCsv(statement), {
      headers: {
        ...headers,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}.csv"`,
      },
    });
  const pdf = await renderStatementPdf(statement, lang, config.contacts.brandName);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}-${lang}.pdf"`,
    },
  });
}
