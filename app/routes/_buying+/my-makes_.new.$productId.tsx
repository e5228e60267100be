import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/guards.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MakeFormPage } from "~/components/makes/make-form";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { makeEligibility, makeFormContext } from "~/models/makes/makes.server";
import { getDb } from "~/utils/db.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { makeFormAction } from "./make-form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `A make of ${data?.product.name ?? "a pattern"} · Patternhouse` }];

/** /my-makes/new/{productId}: the form to post a make of a pattern the user bought or tests (issue 37). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const productId = idParam(params.productId, MAKES_ERRORS.make["product-not-found"].message);
  const db = getDb();
  const eligible = await makeEligibility(db, { userId: user.id, productId });
  if (!eligible.ok) invariantResponse(false, MAKES_ERRORS.make[eligible.error].message, { status: MAKES_ERRORS.make[eligible.error].status });
  const context = await makeFormContext({ db, userId: user.id, productId });
  return { product: context.product!, sizes: context.sizes, hasMeasurements: context.hasMeasurements };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const productId = idParam(params.productId, MAKES_ERRORS.make["product-not-found"].message);
  return makeFormAction(request, user, { productId });
}

export default function NewMakePage() {
  const { product, sizes, hasMeasurements } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <MakeFormPage
      title={`Post a make of ${product.name}`}
      intro={
        <p className="mt-1 text-sm text-slate-600">
          Show what you sewed from <Link to={`/product/${product.id}`} className="text-brand-700 underline">{product.name}</Link>: the size, the fabric and how it fitted.
        </p>
      }
      answer={answer}
      sizes={sizes}
      photos={null}
      hasMeasurements={hasMeasurements}
      submitLabel="Post my make"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
