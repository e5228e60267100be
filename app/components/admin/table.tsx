import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { Pagination } from "~/components/pagination";
import { TableScroll } from "~/components/table-scroll";
import { useHydrated } from "~/components/use-hydrated";
import { PAGE_SIZES, type SortDir } from "~/models/admin/table";

/** The current URL's query with some values replaced (null removes one). */
export function useHref() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") params.delete(key);
      else params.set(key, String(value));
    }
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
}

export type TableState = { q: string; sort: string; dir: SortDir; page: number; size: number; pageCount: number; total: number };

/**
 * The search box and page size of a table: a GET form, so it works without JavaScript and the state stays in the
 * URL. Sorting is kept; the page goes back to 1. `keep` carries other filters (dates) along.
 *
 * 'Rows per page' applies as soon as it changes when JavaScript runs (it submits this form, so a typed search goes
 * along); without JavaScript the Search or Apply button submits it. Apply only applies the page size, so it is not
 * shown once JavaScript runs. The fields follow the URL (back and forward, links), not only the first render.
 */
export function TableToolbar({
  state,
  searchLabel,
  searchPlaceholder,
  keep = {},
  search = true,
}: {
  state: TableState;
  searchLabel?: string;
  searchPlaceholder?: string;
  keep?: Record<string, string>;
  search?: boolean;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const query = useRef<HTMLInputElement>(null);
  const size = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (query.current) query.current.value = state.q;
  }, [state.q]);
  useEffect(() => {
    if (size.current) size.current.value = String(state.size);
  }, [state.size]);
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
      {Object.entries({ ...keep, sort: state.sort, dir: state.dir }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {search ? (
        <div className="min-w-[16rem] flex-1">
          <label htmlFor="table-q" className="label">
            {searchLabel ?? "Search"}
          </label>
          <input ref={query} id="table-q" name="q" type="search" defaultValue={state.q} placeholder={searchPlaceholder} className="input mt-1" />
        </div>
      ) : null}
      <div>
        <label htmlFor="table-size" className="label">
          Rows per page
        </label>
        <select
          ref={size}
          id="table-size"
          name="size"
          defaultValue={String(state.size)}
          className="input mt-1"
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {search ? (
        <button type="submit" className="btn">
          Search
        </button>
      ) : hydrated ? null : (
        <button type="submit" className="btn">
          Apply
        </button>
      )}
      {search && state.q ? (
        <Link to="?" className="btn-secondary">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

/** A column header that sorts by its column: a link (asc first, then toggling), with aria-sort. */
export function SortHeader({ label, column, state, className }: { label: string; column: string; state: TableState; className?: string }) {
  const href = useHref();
  const active = state.sort === column;
  const nextDir: SortDir = active ? (state.dir === "asc" ? "desc" : "asc") : "asc";
  return (
    <th
      scope="col"
      aria-sort={active ? (state.dir === "asc" ? "ascending" : "descending") : "none"}
      className={`whitespace-nowrap px-3 py-2 text-left font-semibold ${className ?? ""}`}
    >
      <Link to={href({ sort: column, dir: nextDir, page: null })} className="inline-flex items-center gap-1 hover:underline">
        {label}
        <span aria-hidden="true" className="text-xs text-slate-500">
          {active ? (state.dir === "asc" ? "▲" : "▼") : "↕"}
        </span>
        <span className="sr-only">{active ? `, sorted ${state.dir === "asc" ? "ascending" : "descending"}; click to reverse` : ", click to sort"}</span>
      </Link>
    </th>
  );
}

export function PlainHeader({ label, className }: { label: string; className?: string }) {
  return (
    <th scope="col" className={`whitespace-nowrap px-3 py-2 text-left font-semibold ${className ?? ""}`}>
      {label}
    </th>
  );
}

/** "Showing 11–20 of 53" and the page links. */
export function TableFooter({ state, noun }: { state: TableState; noun: string }) {
  const href = useHref();
  const first = state.total === 0 ? 0 : (state.page - 1) * state.size + 1;
  const last = Math.min(state.total, state.page * state.size);
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p aria-live="polite">
        Showing {first}–{last} of {state.total.toLocaleString("en-US")} {noun}
      </p>
      <Pagination page={state.page} pageCount={state.pageCount} href={(p) => href({ page: p })} />
    </div>
  );
}

/** An admin table in its own scroll region (a phone scrolls the table, never the page). */
export function TableFrame({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    <TableScroll label={caption} className="mt-4 rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </TableScroll>
  );
}

export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-6 text-center text-slate-600">
        {text}
      </td>
    </tr>
  );
}

export const cell = "px-3 py-2 align-top";
/** A cell of a date or an amount, kept on one line ("2026-11-25" would break at its hyphens on a phone). */
export const nowrapCell = `${cell} whitespace-nowrap`;

/** A table's columns in order: each header's label and the column it sorts by, or null for one that does not sort. */
export type Columns = Record<string, string | null>;

/**
 * A paged admin table whole: its search and page-size toolbar, the table (the headers, an empty row when there is
 * nothing to show, then the rows) and the footer with the count and page links.
 */
export function PagedTable({
  state,
  caption,
  noun,
  columns,
  empty,
  toolbar,
  toolbarClassName = "mt-4",
  children,
}: {
  state: TableState;
  caption: string;
  noun: string;
  columns: Columns;
  /** The empty row's text, or null when there are rows. */
  empty: string | null;
  toolbar: Omit<React.ComponentProps<typeof TableToolbar>, "state">;
  toolbarClassName?: string;
  children: React.ReactNode;
}) {
  const headers = Object.entries(columns);
  return (
    <>
      <div className={toolbarClassName}>
        <TableToolbar state={state} {...toolbar} />
      </div>
      <TableFrame caption={caption}>
        <thead className="bg-slate-50">
          <tr>
            {headers.map(([label, column]) =>
              column ? <SortHeader key={label} label={label} column={column} state={state} /> : <PlainHeader key={label} label={label} />,
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {empty ? <EmptyRow colSpan={headers.length} text={empty} /> : null}
          {children}
        </tbody>
      </TableFrame>
      <TableFooter state={state} noun={noun} />
    </>
  );
}

/**
 * An admin list page (orders, stores, users): its heading, then its searchable table, named after the noun
 * ("stores": the heading id stores-heading, "Search stores", "No stores yet.").
 */
export function AdminTablePage({
  title,
  noun,
  state,
  rowCount,
  searchPlaceholder,
  columns,
  children,
}: {
  title: string;
  noun: string;
  state: TableState;
  rowCount: number;
  searchPlaceholder: string;
  columns: Columns;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${noun}-heading`}>
      <h1 id={`${noun}-heading`} className="text-2xl font-bold tracking-tight">
        {title}
      </h1>
      <PagedTable
        state={state}
        caption={title}
        noun={noun}
        columns={columns}
        toolbar={{ searchLabel: `Search ${noun}`, searchPlaceholder }}
        empty={rowCount > 0 ? null : state.q ? `No ${noun} match your search.` : `No ${noun} yet.`}
      >
        {children}
      </PagedTable>
    </section>
  );
}
