import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/guards.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DeleteMakeForm, MakeCard } from "~/components/makes/make-card";
import { Pagination } from "~/components/pagination";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { listOwnMakes, pageParam, toMakeCard } from "~/models/makes/gallery.server";
import { deleteMake, makeablePatterns } from "~/models/makes/makes.server";
import { MyMakesActionSchema } from "~/schemas/makes";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "My makes · Patternhouse" }];

/**
 * /my-makes (issue 37): the user's own makes (hidden ones marked) and the patterns they may post a make of; `?page=`
 * pages them. A seller hides the makes of their patterns on /my-pattern-makes (issue 46, item 12).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const url = new URL(request.url);
  const own = await listOwnMakes({ db, userId: user.id, page: pageParam(url.searchParams.get("page")) });
  return {
    own: { ...own, makes: own.makes.map(toMakeCard) },
    patterns: await makeablePatterns({ db, userId: user.id }),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: MyMakesActionSchema });
  if (submission.status !== "success") return redirectWithFlash(request, "/my-makes", { kind: "error", message: "Choose a make" });
  const db = getDb();
  const result = await deleteMake({ db, userId: user.id, makeId: submission.value.makeId });
  if (!result.ok) return redirectWithFlash(request, "/my-makes", { kind: "error", message: MAKES_ERRORS.make[result.error].message });
  return redirectWithFlash(request, "/my-makes", { kind: "success", message: "Your make is deleted." });
}

export default function MyMakesPage() {
  const { own, patterns } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">My makes</h1>
      <p className="mt-1 text-sm text-slate-600">What you sewed from the patterns you bought or tested, shown on their pages.</p>

      <section aria-labelledby="post-title" className="mt-6">
        <h2 id="post-title" className="text-lg font-semibold">Post a make</h2>
        {patterns.length ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {patterns.map((p) => (
              <li key={p.id} className="min-w-0 max-w-full">
                <Link to={`/my-makes/new/${p.id}`} className="btn-secondary max-w-full break-words [overflow-wrap:anywhere]">
                  A make of {p.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            Buy a pattern (or test one) to post what you made from it. <Link to="/library" className="text-brand-700 underline">Your library</Link>
          </p>
        )}
      </section>

      <section aria-labelledby="own-title" className="mt-8">
        <h2 id="own-title" className="text-lg font-semibold">Your makes ({own.total})</h2>
        {own.makes.length === 0 ? <p className="mt-2 text-sm text-slate-600">No makes yet.</p> : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {own.makes.map((make) => (
            <MakeCard key={make.id} make={make} showProduct>
              <Link to={`/my-makes/${make.id}`} className="text-brand-700 underline">
                Edit
              </Link>
              <Link to={`/product/${make.productId}#make-${make.id}`} className="text-brand-700 underline">
                On the pattern's page
              </Link>
              <DeleteMakeForm makeId={make.id} buttonClassName="text-red-700 underline" label={`Delete your make of ${make.productName}, size ${make.size}`}>
                Delete
              </DeleteMakeForm>
            </MakeCard>
          ))}
        </div>
        <Pagination page={own.page} pageCount={own.pages} href={(p) => `/my-makes?page=${p}`} />
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
