/**
 * The admin tables' state (spec 2.5 and 9: page sizes 10, 20 and 30, default 10), read from the URL so every
 * table works with plain GET links and forms: `?q=&sort=&dir=&page=&size=`.
 */
export const PAGE_SIZES = [10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type SortDir = "asc" | "desc";

export type TableQuery<S extends string> = {
  q: string;
  sort: S;
  dir: SortDir;
  page: number;
  size: number;
};

export type TablePage<Row> = { rows: Row[]; total: number; page: number; pageCount: number; size: number };

/** Unknown or malformed values fall back to the defaults instead of failing the page. */
export function parseTableQuery<S extends string>(
  params: URLSearchParams,
  { sorts, defaultSort, defaultDir = "desc" }: { sorts: readonly S[]; defaultSort: S; defaultDir?: SortDir },
): TableQuery<S> {
  const sortParam = params.get("sort") ?? "";
  const sort = (sorts as readonly string[]).includes(sortParam) ? (sortParam as S) : defaultSort;
  const dirParam = params.get("dir");
  const dir: SortDir = dirParam === "asc" || dirParam === "desc" ? dirParam : sort === defaultSort ? defaultDir : "asc";
  const sizeParam = Number(params.get("size"));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const pageParam = Number(params.get("page"));
  const page = Number.isSafeInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  return { q: (params.get("q") ?? "").trim().slice(0, 200), sort, dir, page, size };
}

/** Clamps the page to the last one and gives the offset. */
export function pageWindow(total: number, page: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(page, pageCount);
  return { page: current, pageCount, offset: (current - 1) * size };
}

/** `%text%` for LIKE with the wildcards in the text escaped (used with `ESCAPE '\'`). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A search typed as a number, as an id to look for (-1, which matches nothing, when it is none or past an integer id). */
export function searchedId(text: string): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : -1;
}

/** What a table component needs to draw its controls (plain data, safe to send to the browser). */
export function tableState<S extends string>(query: TableQuery<S>, page: TablePage<unknown>) {
  return { q: query.q, sort: query.sort as string, dir: query.dir, page: page.page, size: page.size, pageCount: page.pageCount, total: page.total };
}

export const API_DEFAULT_LIMIT = 100;
export const API_MAX_LIMIT = 500;

/** The JSON face's paging: `?page=&limit=` (default 100, at most 500) besides `q`, `sort` and `dir`. */
export function parseApiTableQuery<S extends string>(
  params: URLSearchParams,
  options: { sorts: readonly S[]; defaultSort: S; defaultDir?: SortDir },
): TableQuery<S> {
  const query = parseTableQuery(params, options);
  const limit = Number(params.get("limit") ?? API_DEFAULT_LIMIT);
  const size = Number.isSafeInteger(limit) && limit >= 1 ? Math.min(limit, API_MAX_LIMIT) : API_DEFAULT_LIMIT;
  return { ...query, size };
}

/** X-Total-Count, X-Page and X-Page-Count for a JSON list. */
export function pageHeaders(page: TablePage<unknown>): HeadersInit {
  return { "X-Total-Count": String(page.total), "X-Page": String(page.page), "X-Page-Count": String(page.pageCount) };
}
