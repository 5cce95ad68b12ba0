import { useRouteLoaderData } from "react-router";
import type { Contacts } from "./contacts.ts";

export interface Site {
  /** PUBLIC_URL without a trailing slash: the base of every absolute address. */
  publicUrl: string;
  contacts: Contacts;
  /** MAP_STYLE_URL: the maps' style; unset, the built-in one. */
  mapStyleUrl?: string | undefined;
}

/** The site's address and contacts, as the root loader passed them from the configuration. */
export function useSite(): Site | undefined {
  return useRouteLoaderData<Site>("root");
}

/** The same in a route's `meta` function, from the root's match. */
export function siteFromMatches(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): Site | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as Site | undefined;
}
