import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/guards.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MakeForm } from "~/components/makes/make-form";
import { MAKES_ERRORS } from "~/models/makes/errors";
import { getOwnMake, makeFormContext, makePhotoRows } from "~/models/makes/makes.server";
import { getDb } from "~/utils/db.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { makeFormAction } from "./make-form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Edit your make of ${data?.product.name ?? "a pattern"} · Patternhouse` }];

/** /my-makes/{id}: the maker edits their own make (anyone else's is not found); deleting is on /my-makes. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const makeId = idParam(params.id, MAKES_ERRORS.make["make-not-found"].message);
  const db = getDb();
  const make = getOwnMake({ db, makeId, userId: user.id });
  invariantResponse(make, MAKES_ERRORS.make["make-not-found"].message, { status: 404 });
  const context = makeFormContext({ db, userId: user.id, productId: make.productId });
  return {
    make: {
      id: make.id,
      values: {
        size: make.size,
        fabric: make.fabric,
        notes: make.notes,
        fit: { bust: make.fitBust, waist: make.fitWaist, hip: make.fitHip, length: make.fitLength },
        shareMeasurements: make.measurements !== null,
      },
      photos: makePhotoRows({ db, makeId }).map((p) => ({ id: p.id, file: p.file })),
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
    <section className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to="/my-makes" className="text-brand-700 underline">
          My makes
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Edit your make of {product.name}</h1>
      <MakeForm
        values={answer?.values ?? make.values}
        errors={answer?.errors ?? {}}
        sizes={sizes}
        photos={make.photos}
        hasMeasurements={hasMeasurements}
        submitLabel="Save my make"
      />
      <Form method="post" action="/my-makes" className="mt-8 border-t border-slate-200 pt-6">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="makeId" value={make.id} />
        <button type="submit" className="btn-secondary text-red-700">
          Delete this make
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
