import { Form, href, Link, useSubmit } from "react-router";
import { BUILDINGS, PROPERTY_STATUSES, PROPERTY_TYPES } from "../../domain/listing.ts";
import { PROPERTY_STATUS_LABELS, PROPERTY_TYPE_LABELS } from "../../i18n/admin-labels.ts";
import { LabelOptions } from "../../ui/label-options.tsx";
import { buttonStyles } from "./admin-layout.tsx";
import {
  isFiltered,
  PER_PAGE_CHOICES,
  PROPERTIES_PER_PAGE,
  PROPERTY_SORTS,
  type PropertyListQuery,
  type PropertySort,
} from "./property-list-query.ts";

const field =
  "mt-1 block w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-sm text-ink-900 focus:border-sea-500";
const label = "block text-xs font-semibold text-ink-600";

/** The URL of /admin with the query as it is, changed by `changes` (undefined drops a value). */
export function listHref(
  query: PropertyListQuery,
  changes: Partial<Record<keyof PropertyListQuery, string | number | undefined>>,
): string {
  const values: Record<string, string | number | undefined> = {
    q: query.q,
    building: query.building,
    status: query.status,
    type: query.type,
    sort: query.sort === "place" ? undefined : query.sort,
    view: query.view === "table" ? undefined : query.view,
    page: query.page === 1 ? undefined : query.page,
    per: query.per === PROPERTIES_PER_PAGE ? undefined : query.per,
    ...changes,
  };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${href("/admin")}?${search}` : href("/admin");
}

/** "25 properties" or "3 of 25 match". */
export function totalText(query: PropertyListQuery, total: number, matching: number): string {
  if (isFiltered(query)) return `${matching} of ${total} match`;
  return `${total} ${total === 1 ? "property" : "properties"}`;
}

/** A labelled select of the list's form; it shows the URL's value after each navigation. */
function Choice({
  name,
  label: text,
  value,
  onChange,
  children,
}: {
  name: string;
  label: string;
  value: string | undefined;
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`list-${name}`} className={label}>
        {text}
      </label>
      <select
        id={`list-${name}`}
        name={name}
        defaultValue={value ?? ""}
        key={value ?? ""}
        onChange={onChange}
        className={field}
      >
        {children}
      </select>
    </div>
  );
}

/** Search, filters and sort of the property list, kept in the URL; a change shows page 1. */
export function PropertyListControls({
  query,
  total,
  matching,
}: {
  query: PropertyListQuery;
  total: number;
  matching: number;
}) {
  const submit = useSubmit();
  const onChange = (event: React.ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.form) submit(event.currentTarget.form, { replace: true });
  };
  return (
    <div className="mb-5 space-y-3">
      <Form
        method="get"
        action={href("/admin")}
        role="search"
        aria-label="Find properties"
        className="grid grid-cols-2 gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-sand-200 sm:grid-cols-3 lg:grid-cols-[2fr_repeat(4,1fr)_auto]"
      >
        {query.view === "cards" && <input type="hidden" name="view" value="cards" />}
        {query.per !== PROPERTIES_PER_PAGE && <input type="hidden" name="per" value={query.per} />}
        <div className="col-span-2 sm:col-span-3 lg:col-span-1">
          <label htmlFor="list-q" className={label}>
            Search
          </label>
          <input
            id="list-q"
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            key={query.q ?? ""}
            placeholder="Name or unit code"
            className={field}
          />
        </div>
        <Choice name="building" label="Building" value={query.building} onChange={onChange}>
          <option value="">All buildings</option>
          {BUILDINGS.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </Choice>
        <Choice name="status" label="Status" value={query.status} onChange={onChange}>
          <option value="">All statuses</option>
          <LabelOptions values={PROPERTY_STATUSES} labels={PROPERTY_STATUS_LABELS} />
        </Choice>
        <Choice name="type" label="Type" value={query.type} onChange={onChange}>
          <option value="">All types</option>
          <LabelOptions values={PROPERTY_TYPES} labels={PROPERTY_TYPE_LABELS} />
        </Choice>
        <Choice name="sort" label="Sort by" value={query.sort} onChange={onChange}>
          {(Object.keys(PROPERTY_SORTS) as PropertySort[]).map((s) => (
            <option key={s} value={s}>
              {PROPERTY_SORTS[s]}
            </option>
          ))}
        </Choice>
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonStyles.primary}>
            Search
          </button>
        </div>
      </Form>
      <div className="flex flex-wrap items-center gap-3">
        <p className="mr-auto text-sm text-ink-600">
          <span role="status" data-testid="property-total">
            {totalText(query, total, matching)}
          </span>
          {isFiltered(query) && (
            <>
              {" · "}
              <Link
                to={listHref(query, {
                  q: undefined,
                  building: undefined,
                  status: undefined,
                  type: undefined,
                  page: undefined,
                })}
                className="font-semibold text-sea-800 underline"
              >
                Clear filters
              </Link>
            </>
          )}
        </p>
        <nav aria-label="View" className="flex rounded-lg ring-1 ring-sand-200">
          {(["table", "cards"] as const).map((view) => (
            <Link
              key={view}
              to={listHref(query, { view: view === "table" ? undefined : view, page: undefined })}
              aria-current={query.view === view ? "page" : undefined}
              className={`px-3 py-1.5 text-sm font-semibold first:rounded-l-lg last:rounded-r-lg ${query.view === view ? "bg-sea-900 text-white" : "bg-white text-ink-600 hover:bg-sand-100"}`}
            >
              {view === "table" ? "Table" : "Cards"}
            </Link>
          ))}
        </nav>
      </div>
    </div>
  );
}

/** Previous / next, where we are, and how many rows a page shows. */
export function PropertyPaging({
  query,
  page,
  pageCount,
  matching,
}: {
  query: PropertyListQuery;
  page: number;
  pageCount: number;
  matching: number;
}) {
  if (matching <= PER_PAGE_CHOICES[0]) return null;
  const linkStyle = `${buttonStyles.secondary} aria-disabled:pointer-events-none aria-disabled:opacity-50`;
  return (
    <div className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-3">
      {pageCount > 1 && (
        <nav aria-label="Pages" className="flex items-center gap-3">
          {page > 1 ? (
            <Link to={listHref(query, { page: page - 1 })} className={linkStyle} rel="prev">
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={linkStyle}>
              Previous
            </span>
          )}
          <span className="text-sm text-ink-600" data-testid="page-position">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={listHref(query, { page: page + 1 })} className={linkStyle} rel="next">
              Next
            </Link>
          ) : (
            <span aria-disabled="true" className={linkStyle}>
              Next
            </span>
          )}
        </nav>
      )}
      <nav aria-label="Rows per page" className="flex items-center gap-1 text-sm text-ink-600">
        <span className="mr-1">Per page:</span>
        {PER_PAGE_CHOICES.map((per) => (
          <Link
            key={per}
            to={listHref(query, {
              per: per === PROPERTIES_PER_PAGE ? undefined : per,
              page: undefined,
            })}
            aria-current={query.per === per ? "page" : undefined}
            aria-label={`${per} per page`}
            className={`rounded-md px-2 py-1 font-semibold ${query.per === per ? "bg-sea-900 text-white" : "text-sea-900 hover:bg-sand-100"}`}
          >
            {per}
          </Link>
        ))}
      </nav>
    </div>
  );
}
