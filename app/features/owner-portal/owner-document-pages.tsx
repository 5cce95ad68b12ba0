/** The portal's documents: the list with downloads, and the overview's latest ones. */
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.tsx";
import { formatDate } from "../../lib/format.ts";
import type { OwnerDocumentLine } from "./documents.server.ts";

const linkStyle = "font-semibold text-sea-700 underline underline-offset-2 hover:text-sea-900";
const documentsPath = (lang: string, path = "") =>
  `${lang === "ru" ? "/ru" : ""}/owner/documents${path}`;

function DocumentList({ documents }: { documents: OwnerDocumentLine[] }) {
  const { t, lang } = useT();
  if (documents.length === 0) return <p className="text-ink-700">{t("ownerDocuments.none")}</p>;
  return (
    <ul className="space-y-3" data-testid="owner-documents">
      {documents.map((d) => (
        <li key={d.id}>
          {/* A download, not a page: the browser saves what the server sends as an attachment. */}
          <a href={documentsPath(lang, `/${d.id}`)} className={linkStyle} download>
            {t("ownerDocuments.download", { title: d.title })}
          </a>
          <p className="text-sm text-ink-700">
            {t("ownerDocuments.line", {
              category: t(`ownerDocuments.categories.${d.category}`),
              unit: d.unitName ?? t("ownerDocuments.yours"),
              date: formatDate(d.createdAt.slice(0, 10), lang),
              size: `${d.contentType === "application/pdf" ? t("ownerDocuments.pdf") : t("ownerDocuments.picture")}, ${t("ownerDocuments.size", { n: Math.max(1, Math.round(d.sizeBytes / 1024)) })}`,
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function LatestDocumentsPanel({ documents }: { documents: OwnerDocumentLine[] }) {
  const { t, lang } = useT();
  return (
    <section
      className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200"
      aria-labelledby="latest-documents"
    >
      <h2 id="latest-documents" className="font-display text-2xl text-sea-900">
        {t("ownerDocuments.latest")}
      </h2>
      <div className="mt-2">
        <DocumentList documents={documents} />
      </div>
      <p className="mt-4">
        <Link to={documentsPath(lang)} className={linkStyle}>
          {t("ownerDocuments.all")}
        </Link>
      </p>
    </section>
  );
}

export function OwnerDocuments({ documents }: { documents: OwnerDocumentLine[] }) {
  const { t } = useT();
  return (
    <>
      <h1 className="font-display text-3xl text-sea-900">{t("ownerDocuments.title")}</h1>
      <p className="mt-2 max-w-prose text-ink-700">{t("ownerDocuments.intro")}</p>
      <div className="mt-6">
        <DocumentList documents={documents} />
      </div>
    </>
  );
}
