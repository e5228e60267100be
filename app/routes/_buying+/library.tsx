import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listLibrary } from "~/models/buying/library.server";
import { MAX_LIBRARY_QUERY } from "~/schemas/library";
import { getDb } from "~/utils/db.server";
import { isoDay } from "~/utils/dates";
import { requireUser } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "My library · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_LIBRARY_QUERY);
  const entries = await listLibrary({ db: getDb(), userId: user.id, q });
  return {
    q,
    entries: entries.map((e) => ({
      productId: e.productId,
      orderId: e.orderId,
      name: e.name,
      storeName: e.storeName,
      storeOwner: e.storeOwner,
      version: e.version,
      versionDay: e.versionAt ? isoDay(e.versionAt) : null,
      updated: e.updated,
      downloads: e.downloads,
    })),
  };
}

/** Every pattern the buyer owns (issue 23, item 4): a plain GET search, the current version, links per format. */
export default function LibraryPage() {
  const { q, entries } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">My library</h1>
      <p className="mt-1 text-sm text-slate-600">Every pattern you own, in its current version. Every file carries your order number and email.</p>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="min-w-[12rem] flex-1">
          <span className="label">Search your library</span>
          <input type="search" name="q" defaultValue={q} placeholder="Pattern or store name" maxLength={MAX_LIBRARY_QUERY} className="input mt-1" />
        </label>
        <button type="submit" className="btn">
          Search
        </button>
      </Form>
      {entries.length === 0 ? (
        <p className="py-12 text-center text-slate-600">
          {q ? "No patterns match your search." : "No patterns yet: the digital patterns you buy appear here."}
        </p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Your patterns">
          {entries.map((e) => (
            <li key={e.productId} className="card p-4">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h2 id={`library-${e.productId}`} className="text-lg font-semibold">
                  <Link to={`/purchase/${e.orderId}`} className="hover:text-brand-700">
                    {e.name}
                  </Link>
                </h2>
                {e.updated ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase text-amber-900" data-testid="updated-badge">
                    Updated
                  </span>
                ) : null}
              </div>
              <p className="text-sm text-slate-600">
                by{" "}
                <Link to={`/store/${e.storeOwner}`} className="text-brand-700 hover:underline">
                  {e.storeName}
                </Link>
                {e.version !== null ? ` · Version ${e.version}${e.versionDay ? ` (${e.versionDay})` : ""}` : ""}
              </p>
              <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Downloads of ${e.name}`}>
                {e.downloads.map((d) => (
                  <li key={d.format}>
                    <a href={d.url} className="btn-secondary" download>
                      {d.label}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
