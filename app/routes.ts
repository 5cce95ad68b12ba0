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
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
