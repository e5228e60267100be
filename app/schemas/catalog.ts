/**
 * The catalogue's query (URL of /, /best-sellers, /popular and GET /api/user/products). Parsed by hand
 * rather than with zod: the explore page ships this module to the browser and zod would add 14 KB gzipped.
 */
import { AVAILABILITIES, CATEGORY1, subcategoriesFor } from "~/utils/catalog";

export const SORTS = [
  { id: "newest", label: "Newest" },
  { id: "price_asc", label: "Price: low to high" },
  { id: "price_desc", label: "Price: high to low" },
  { id: "best_selling", label: "Best selling" },
] as const;
export type SortId = (typeof SORTS)[number]["id"];

export const PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 100;

export type CatalogQuery = {
  category1: string;
  /** Level-2 filter ids; empty means every subcategory. */
  category2: string[];
  /** Availability ids (ready_to_ship, Made, Pattern); empty means all three. */
  category3: string[];
  q: string;
  sort: SortId;
  page: number;
};

/** Values of a list parameter, given repeated (`a=1&a=2`) or comma-separated (`a=1,2`). */
function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

const MAX_PAGE = 10_000;

function isSort(value: string | null): value is SortId {
  return SORTS.some((s) => s.id === value);
}

function pageOf(value: string | null): number {
  const page = Number(value ?? 1);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/**
 * Reads the catalogue query from URL parameters. Unknown ids are dropped, level-2 ids must belong
 * to the chosen category's set, and bad values fall back to the defaults: a shared or edited URL
 * never fails.
 */
export function parseCatalogQuery(
  params: URLSearchParams,
  defaults: { category1: string; sort: SortId },
): CatalogQuery {
  const requested = params.get("category1");
  const category1 = CATEGORY1.some((c) => c.id === requested) ? requested! : defaults.category1;
  const allowed2 = new Set<string>(subcategoriesFor(category1).map((c) => c.id));
  const allowed3 = new Set<string>(AVAILABILITIES.map((a) => a.id));
  const sort = params.get("sort");
  return {
    category1,
    category2: [...new Set(listParam(params, "category2").filter((id) => allowed2.has(id)))],
    category3: [...new Set(listParam(params, "category3").filter((id) => allowed3.has(id)))],
    q: (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    sort: isSort(sort) ? sort : defaults.sort,
    page: pageOf(params.get("page")),
  };
}

/** The URL search string of a query (defaults left out), e.g. for pagination links. */
export function catalogSearch(query: CatalogQuery, overrides: Partial<CatalogQuery> = {}): string {
  const q = { ...query, ...overrides };
  const params = new URLSearchParams();
  params.set("category1", q.category1);
  for (const id of q.category2) params.append("category2", id);
  for (const id of q.category3) params.append("category3", id);
  if (q.q) params.set("q", q.q);
  params.set("sort", q.sort);
  if (q.page > 1) params.set("page", String(q.page));
  return `?${params.toString()}`;
}
