import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/guards.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MakeCard } from "~/components/makes/make-card";
import { Pagination } from "~/components/pagination";
import { SellerPage } from "~/components/seller-tabs";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { listSellerMakes, pageParam, toMakeCard } from "~/models/makes/gallery.server";
import { hideMake } from "~/models/makes/moderation.server";
import { PatternMakesActionSchema } from "~/schemas/makes";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "Makes of your patterns · Patternhouse" }];

/**
 * /my-pattern-makes (issue 46, item 12): the seller's list of the makes of their patterns, reported ones first with
 * their reports' reasons (never who sent them), where they hide a make or show it again. `?page=` pages it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = await listSellerMakes({ db: getDb(), sellerId: user.id, page: pageParam(new URL(request.url).searchParams.get("page")) });
  return { ...found, makes: found.makes.map(toMakeCard) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: PatternMakesActionSchema });
  if (submission.status !== "success") return redirectWithFlash(request, "/my-pattern-makes", { kind: "error", message: "Choose a make" });
  const { makeId, hidden } = submission.value;
  const result = await hideMake({ db: getDb(), makeId, sellerId: user.id, hidden });
  if (!result.ok) return redirectWithFlash(request, "/my-pattern-makes", { kind: "error", message: MAKES_ERRORS.hide[result.error].message });
  const message = result.hidden ? "The make is hidden: only its maker sees it now." : "The make is shown again.";
  return redirectWithFlash(request, `/my-pattern-makes#make-${makeId}`, { kind: "success", message });
}

export default function PatternMakesPage() {
  const { makes, reports, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <SellerPage title="Makes of your patterns">
      <p className="text-sm text-slate-600">
        What sewists made from your patterns, reported ones first. Hide a make that does not belong on your pattern's page: its maker still sees it, and
        an administrator may remove it.
      </p>
      {total === 0 ? <p className="mt-4 text-sm text-slate-600">No makes of your patterns yet.</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {makes.map((make) => {
          const reported = reports[make.id];
          return (
            <MakeCard key={make.id} make={make} showProduct>
              <div className="w-full space-y-2">
                {reported ? (
                  <details className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900" open>
                    <summary className="cursor-pointer font-medium">
                      Reported {reported.count} {reported.count === 1 ? "time" : "times"}
                    </summary>
                    <ul className="mt-1 list-disc space-y-1 pl-5">
                      {reported.reasons.map((reason, i) => (
                        <li key={i} className="whitespace-pre-line break-words">
                          {reason}
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : (
                  <p className="text-slate-600">Not reported</p>
                )}
                <div className="flex flex-wrap items-center gap-3">
                  <Form method="post">
                    <input type="hidden" name="makeId" value={make.id} />
                    <input type="hidden" name="hidden" value={make.hidden ? "false" : "true"} />
                    <button type="submit" className="btn-secondary" aria-label={`${make.hidden ? "Show" : "Hide"} the make of ${make.productName} by ${make.maker}`}>
                      {make.hidden ? "Show again" : "Hide"}
                    </button>
                  </Form>
                  {make.hidden ? null : (
                    <Link to={`/product/${make.productId}#make-${make.id}`} className="text-brand-700 underline">
                      On the pattern's page
                    </Link>
                  )}
                </div>
              </div>
            </MakeCard>
          );
        })}
      </div>
      <Pagination page={page} pageCount={pages} href={(p) => `/my-pattern-makes?page=${p}`} />
    </SellerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
