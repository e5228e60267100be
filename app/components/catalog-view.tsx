import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";

import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-card";
import type { ProductCardData } from "~/models/catalog/card";
import { QuickLink } from "~/components/quick-link";
import { catalogSearch, SORTS, type CatalogQuery } from "~/schemas/catalog";
import { AVAILABILITIES, CATEGORY1, subcategoriesFor } from "~/utils/catalog";
import type { loadCatalogPage } from "~/routes/_catalog+/catalog-page.server";

/** A catalogue page (explore, best sellers, popular): its loader's (loadCatalogPage) list under the page's title. */
export function CatalogPage({ title }: { title: string }) {
  const data = useLoaderData<typeof loadCatalogPage>();
  return <CatalogView title={title} {...data} />;
}

type Scope = "explore" | "best-sellers" | "popular";

/** Explore, best-sellers and popular: category bar, search, sort, filters, grid and pages. */
export function CatalogView({
  title,
  scope,
  query,
  total,
  pageCount,
  items,
}: {
  title: string;
  scope: Scope;
  query: CatalogQuery;
  total: number;
  pageCount: number;
  items: ProductCardData[];
}) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  const empty = scope === "popular" ? "No patterns found" : "No products found";
  return (
    <section className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <CategoryBar base={pathname} query={query} />
      <FilterForm key={catalogSearch(query)} scope={scope} query={query} />
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {total} {total === 1 ? "result" : "results"}
        {pageCount > 1 ? ` · page ${query.page} of ${pageCount}` : ""}
      </p>
      <div className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`}>
        {/* Card titles are h3: this h2 keeps the heading levels in order for screen readers. */}
        <h2 className="sr-only">Products</h2>
        <ProductGrid products={items} empty={empty} />
      </div>
      <Pagination page={query.page} pageCount={pageCount} href={(page) => `${pathname}${catalogSearch(query, { page })}`} />
    </section>
  );
}

/** `base`: the page's path, which the category links keep (explore, /popular, /best-sellers). */
function CategoryBar({ base, query }: { base: string; query: CatalogQuery }) {
  return (
    // On narrow screens the bar scrolls sideways: a fade and a visible thin scrollbar at the right
    // edge show that more categories follow.
    <nav
      aria-label="Categories"
      className="relative mt-4 border-b border-slate-200 after:pointer-events-none after:absolute after:inset-y-0 after:right-0 after:w-10 after:bg-gradient-to-l after:from-white after:to-transparent lg:after:hidden"
    >
      <ul className="flex gap-1 overflow-x-auto whitespace-nowrap pr-8 [scrollbar-width:thin] lg:pr-0">
        {CATEGORY1.map((c) => {
          const active = c.id === query.category1;
          return (
            <li key={c.id}>
              <QuickLink
                to={`${base}${catalogSearch(query, {
                  category1: c.id,
                  category2: [],
                  page: 1,
                })}`}
                aria-current={active ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${
                  active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-700 hover:text-brand-700"
                }`}
              >
                {c.label}
              </QuickLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function FilterForm({ scope, query }: { scope: Scope; query: CatalogQuery }) {
  const availabilities = AVAILABILITIES.filter((a) => (scope === "popular" ? false : scope === "best-sellers" ? a.type !== "Pattern" : true));
  const activeFilters = query.category2.length + (query.category3.length ? 1 : 0);
  return (
    <Form method="get" className="mt-4" role="search">
      <input type="hidden" name="category1" value={query.category1} />
      <div className="flex flex-wrap items-end gap-3">
        <label className="min-w-[12rem] flex-1">
          <span className="label">Search</span>
          <input type="search" name="q" defaultValue={query.q} placeholder="Name, description or store" maxLength={100} className="input mt-1" />
        </label>
        <label>
          <span className="label">Sort by</span>
          <select name="sort" defaultValue={query.sort} className="input mt-1">
            {SORTS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn">
          Search
        </button>
      </div>
      <details className="mt-3 rounded-md border border-slate-200 bg-white">
        <summary className="cursor-pointer px-4 py-2 text-sm font-semibold">Filters{activeFilters ? ` (${activeFilters})` : ""}</summary>
        <div className="grid gap-6 border-t border-slate-200 p-4 md:grid-cols-2">
          <fieldset>
            <legend className="label">Categories</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {subcategoriesFor(query.category1).map((c) => (
                <Checkbox key={c.id} name="category2" value={c.id} label={c.label} checked={query.category2.includes(c.id)} />
              ))}
            </div>
          </fieldset>
          {availabilities.length ? (
            <fieldset>
              <legend className="label">Availability</legend>
              <div className="mt-2 grid gap-2">
                {availabilities.map((a) => (
                  <Checkbox
                    key={a.id}
                    name="category3"
                    value={a.id}
                    label={a.label}
                    checked={!query.category3.length || query.category3.includes(a.id)}
                  />
                ))}
              </div>
            </fieldset>
          ) : null}
          <div className="md:col-span-2">
            <button type="submit" className="btn">
              Apply filters
            </button>
          </div>
        </div>
      </details>
    </Form>
  );
}

function Checkbox({ name, value, label, checked }: { name: string; value: string; label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="h-4 w-4 accent-brand-600" />
      {label}
    </label>
  );
}
