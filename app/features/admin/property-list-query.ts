import { href } from "react-router";
import { z } from "zod";
import { BUILDINGS, PROPERTY_STATUSES, PROPERTY_TYPES } from "../../domain/listing.ts";

/** Rows per page of the admin's property list: the default, and the choices. */
export const PROPERTIES_PER_PAGE = 50;
export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const;

export const PROPERTY_SORTS = {
  place: "Building, code",
  name: "Name",
  "price-asc": "Price, lowest first",
  "price-desc": "Price, highest first",
  status: "Status",
  updated: "Recently updated",
} as const;
export type PropertySort = keyof typeof PROPERTY_SORTS;

/** A value that does not parse is dropped, never an error: a hand-edited URL still shows the list. */
const optional = <T extends z.ZodTypeAny>(schema: T) => schema.optional().catch(undefined);

const querySchema = z.object({
  q: optional(
    z
      .string()
      .trim()
      .max(100)
      .transform((v) => v || undefined),
  ),
  building: optional(z.enum(BUILDINGS)),
  status: optional(z.enum(PROPERTY_STATUSES)),
  type: optional(z.enum(PROPERTY_TYPES)),
  sort: z.enum(Object.keys(PROPERTY_SORTS) as [PropertySort, ...PropertySort[]]).catch("place"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  per: z.coerce
    .number()
    .refine((n) => (PER_PAGE_CHOICES as readonly number[]).includes(n))
    .catch(PROPERTIES_PER_PAGE),
  view: z.enum(["table", "cards"]).catch("table"),
});

export type PropertyListQuery = z.infer<typeof querySchema>;

/** The list's search, filters, sort, page and view from the URL of /admin. */
export function parsePropertyListQuery(params: URLSearchParams): PropertyListQuery {
  const single = (name: string) => params.get(name) ?? undefined;
  return querySchema.parse({
    q: single("q"),
    building: single("building"),
    status: single("status"),
    type: single("type"),
    sort: single("sort"),
    page: single("page"),
    per: single("per"),
    view: single("view"),
  });
}

/** Whether the query narrows the list (for "3 of 25 match"). */
export function isFiltered(query: PropertyListQuery): boolean {
  return Boolean(query.q || query.building || query.status || query.type);
}

const LIST_PARAMS = ["q", "building", "status", "type", "sort", "page", "per", "view"] as const;

/**
 * Back to the list as it was (search, filters, sort, page, view, from `search` of a dialog's URL),
 * with a notice to show, if any.
 */
export function backToList(search: string, notice?: string): string {
  const from = new URLSearchParams(search);
  const params = new URLSearchParams();
  for (const name of LIST_PARAMS) {
    const value = from.get(name);
    if (value) params.set(name, value);
  }
  if (notice) params.set("notice", notice);
  const query = params.toString();
  return query ? `${href("/admin")}?${query}` : href("/admin");
}
