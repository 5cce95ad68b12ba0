import { type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { LANGUAGES, type Language } from "./i18n/languages.ts";

type Children = (lang: Language) => RouteConfigEntry[];

/**
 * A page in both languages: English at `/path`, Russian at `/ru/path`, one module for both.
 * Route ids carry the language (`unit.en`, `unit.ru`).
 */
function page(path: string, file: string, id: string, children?: Children): RouteConfigEntry[] {
  return LANGUAGES.map((lang) => {
    const fullPath = lang === "en" ? path : path ? `ru/${path}` : "ru";
    return route(fullPath, file, { id: `${id}.${lang}` }, children?.(lang));
  });
}

export default [
  // Home; its children (owner dialogs) open over it at their own URLs.
  ...page("", "routes/home.tsx", "home", (lang) => [
    route("owners/roi", "routes/owners.roi.tsx", { id: `owners-roi.${lang}` }),
    route("owners/revenue-share", "routes/owners.revenue-share.tsx", {
      id: `owners-revenue-share.${lang}`,
    }),
  ]),
  ...page("owners/roi/brochure.pdf", "routes/owners.roi.brochure.ts", "owners-roi-brochure"),
  ...page("newsletter", "routes/newsletter.tsx", "newsletter"),
  ...page("newsletter/confirm", "routes/newsletter-confirm.tsx", "newsletter-confirm"),
  ...page("units/:slug", "routes/unit.tsx", "unit"),
  ...page("units/:slug/viewing", "routes/unit-viewing.tsx", "unit-viewing"),
  ...page("unsubscribe", "routes/unsubscribe.tsx", "unsubscribe"),
  ...page("saved-searches", "routes/saved-searches.tsx", "saved-searches"),
  ...page("saved-searches/confirm", "routes/saved-search-confirm.tsx", "saved-search-confirm"),
  ...page(
    "saved-searches/unsubscribe",
    "routes/saved-search-unsubscribe.tsx",
    "saved-search-unsubscribe",
  ),
  ...page("favorites", "routes/favorites.tsx", "favorites"),
  ...page("compare", "routes/compare.tsx", "compare"),
  ...page("about", "routes/about.tsx", "about"),
  ...page("accessibility", "routes/accessibility.tsx", "accessibility"),
  ...page("blog", "routes/blog.tsx", "blog"),
  ...page("blog/:slug", "routes/blog-post.tsx", "blog-post"),
  // The owner portal (owners' own accounts, never admin ones): app/features/owner-portal.
  ...page("owner", "routes/owner.tsx", "owner"),
  ...page("owner/units/:id", "routes/owner.unit.tsx", "owner-unit"),
  ...page("owner/guide", "routes/owner.guide.tsx", "owner-guide"),
  ...page("owner/security", "routes/owner.security.tsx", "owner-security"),
  ...page("owner/set-password", "routes/owner.set-password.tsx", "owner-set-password"),
  ...page("owner/reset", "routes/owner.reset.tsx", "owner-reset"),
  ...page("owner/repairs", "routes/owner.repairs.tsx", "owner-repairs"),
  ...page("owner/repairs/:id", "routes/owner.repair.tsx", "owner-repair"),
  ...page("owner/uploads", "routes/owner.uploads.ts", "owner-uploads"),
  ...page("owner/documents", "routes/owner.documents.tsx", "owner-documents"),
  ...page("owner/documents/:id", "routes/owner.document.ts", "owner-document"),
  ...page("owner/statements", "routes/owner.statements.tsx", "owner-statements"),
  ...page("owner/statements/:id", "routes/owner.statement.tsx", "owner-statement"),
  ...page("owner/statements/:id.pdf", "routes/owner.statement-file.ts", "owner-statement-pdf"),
  ...page("owner/statements/:id.csv", "routes/owner.statement-file.ts", "owner-statement-csv"),
  ...page(
    "owner/statements/:id/receipts/:lineId",
    "routes/owner.statement-receipt.ts",
    "owner-statement-receipt",
  ),
  route("units/:slug/calendar.ics", "routes/unit-calendar.ts"),
  route("api/units", "routes/api.units.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // The admin panel (English only). Only these modules import app/features/admin and auth.
  route("admin", "routes/admin.tsx", [
    route("properties/new", "routes/admin.property-new.tsx"),
    route("properties/:id", "routes/admin.property-edit.tsx"),
    route("properties/:id/history", "routes/admin.property-history.tsx"),
  ]),
  route("admin/sign-in/code", "routes/admin.sign-in-code.tsx"),
  route("admin/logout", "routes/admin.logout.ts"),
  route("admin/uploads", "routes/admin.uploads.ts"),
  route("admin/deleted", "routes/admin.deleted.tsx"),
  route("admin/properties/:id/calendar", "routes/admin.property-calendar.tsx"),
  route("admin/calendars", "routes/admin.calendars.tsx"),
  route("admin/leads", "routes/admin.leads.tsx"),
  route("admin/leads/export.csv", "routes/admin.leads-export.ts"),
  route("admin/leads/:id", "routes/admin.lead.tsx"),
  route("admin/leases", "routes/admin.leases.tsx"),
  route("admin/leases/new", "routes/admin.lease-new.tsx"),
  route("admin/leases/:id", "routes/admin.lease.tsx"),
  route("admin/leases/:id/contract.pdf", "routes/admin.lease-contract.ts"),
  route("admin/leases/:id/dues/:dueId/invoice.pdf", "routes/admin.lease-invoice.ts"),
  route("admin/leases/:id/inspections/:kind", "routes/admin.lease-inspection.tsx"),
  route("admin/leases/:id/inspections/:kind/report.pdf", "routes/admin.lease-inspection-pdf.ts"),
  route("admin/saved-searches", "routes/admin.saved-searches.tsx"),
  route("admin/owners", "routes/admin.owners.tsx"),
  route("admin/owners/:id", "routes/admin.owner.tsx"),
  route("admin/owners/repairs", "routes/admin.owner-repairs.tsx"),
  route("admin/owners/repairs/:id", "routes/admin.owner-repair.tsx"),
  route("admin/owners/documents", "routes/admin.owner-documents.tsx"),
  route("admin/statements", "routes/admin.statements.tsx"),
  route("admin/statements/export.csv", "routes/admin.statements-export.ts"),
  route("admin/statements/ledger", "routes/admin.statements-ledger.tsx"),
  route("admin/statements/receipts/:id", "routes/admin.statement-receipt.ts"),
  route("admin/statements/:id", "routes/admin.statement.tsx"),
  route("admin/security", "routes/admin.security.tsx"),
  route("admin/settings/currencies", "routes/admin.settings-currencies.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
