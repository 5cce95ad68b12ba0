import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

/** A page in both languages: English at `path`, Russian at `/ru/path`, one module for both. */
function localized(path: string, file: string, id: string): RouteConfigEntry[] {
  return path === ""
    ? [index(file, { id: `${id}.en` }), route("ru", file, { id: `${id}.ru` })]
    : [route(path, file, { id: `${id}.en` }), route(`ru/${path}`, file, { id: `${id}.ru` })];
}

export default [
  ...localized("", "routes/home.tsx", "home"),
  route("api/units", "routes/api.units.ts"),
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
  route("admin/leads", "routes/admin.leads.tsx"),
  route("admin/leads/export.csv", "routes/admin.leads-export.ts"),
  route("admin/security", "routes/admin.security.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
