import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/guards.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DeleteMakeForm } from "~/components/makes/make-card";
import { MakeFormPage } from "~/components/makes/make-form";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { fitOf, getOwnMake, makeFormContext, makePhotoRows } from "~/models/makes/makes.server";
import { getDb } from "~/utils/db.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { makeFormAction } from "./make-form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Edit your make of ${data?.product.name ?? "a pattern"} · Patternhouse` }];

/** /my-makes/{id}: the maker edits their own make (anyone else's is not found); deleting is on /my-makes. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const makeId = idParam(params.id, MAKES_ERRORS.make["make-not-found"].message);
  const db = getDb();
  const make = await getOwnMake({ db, makeId, userId: user.id });
  invariantResponse(make, MAKES_ERRORS.make["make-not-found"].message, { status: 404 });
  const context = await makeFormContext({ db, userId: user.id, productId: make.productId });
  return {
    make: {
      id: make.id,
      values: {
        size: make.size,
        fabric: make.fabric,
        notes: make.notes,
        fit: fitOf(make),
        shareMeasurements: make.measurements !== null,
      },
      photos: (await makePhotoRows({ db, makeId })).map((p) => ({ id: p.id, file: p.file })),
    },
    product: context.product!,
    sizes: context.sizes,
    hasMeasurements: context.hasMeasurements,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const makeId = idParam(params.id, MAKES_ERRORS.make["make-not-found"].message);
  return makeFormAction(request, user, { makeId });
}

export default function EditMakePage() {
  const { make, product, sizes, hasMeasurements } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <MakeFormPage
      title={`Edit your make of ${product.name}`}
      answer={answer}
      values={make.values}
      sizes={sizes}
      photos={make.photos}
      hasMeasurements={hasMeasurements}
      submitLabel="Save my make"
    >
      <DeleteMakeForm makeId={make.id} className="mt-8 border-t border-slate-200 pt-6" buttonClassName="btn-secondary text-red-700">
        Delete this make
      </DeleteMakeForm>
    </MakeFormPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
