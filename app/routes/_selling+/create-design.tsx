import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { DesignForm } from "~/components/design-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { IncompleteProfile, StoreFirst } from "~/components/seller-notices";
import { SellerPage } from "~/components/seller-tabs";
import { isProfileComplete } from "~/models/accounts/profile.server";
import { getStoreByOwner } from "~/models/catalog/stores.server";
import { newDesignChart } from "~/models/fit/size-chart";
import { layoutFormValues } from "~/models/layout/settings.server";
import { LAYOUT_MESSAGES } from "~/schemas/layout";
import { EMPTY_DESIGN } from "~/schemas/selling";
import { getDb } from "~/utils/db.server";
import { requireStoreOwner, requireUser } from "~/auth/guards.server";

import { designAction } from "./design-action.server";

export const meta: MetaFunction = () => [{ title: "Upload Design · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const store = await getStoreByOwner({ db: getDb(), ownerId: user.id });
  const layout = layoutFormValues({ layoutWidths: null, layoutGapMm: null, layoutSelvedgeMm: null });
  return { hasStore: Boolean(store), profileComplete: isProfileComplete(user), layout, layoutHint: LAYOUT_MESSAGES.standardHint };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, store } = await requireStoreOwner(request);
  return designAction({ request, user, store, productId: null });
}

export default function CreateDesignPage() {
  const { hasStore, profileComplete, layout, layoutHint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values = { layout, ...(actionData?.values ?? EMPTY_DESIGN) };
  if (!hasStore) {
    return (
      <SellerPage title="Upload Design">
        <StoreFirst />
      </SellerPage>
    );
  }
  return (
    <SellerPage title="Upload Design">
      {profileComplete ? null : <IncompleteProfile />}
      <DesignForm
        mode="create"
        productId={null}
        values={values}
        layoutHint={layoutHint}
        errors={actionData?.errors ?? {}}
        media={[]}
        sizeChart={null}
        chart={newDesignChart(values.type, values.variants.map((v) => v.value), actionData?.chart)}
        patternFile={null}
        notice={actionData?.notice ?? null}
        filesDropped={actionData?.filesDropped ?? false}
        held={actionData?.held ?? []}
        formKey={actionData ? JSON.stringify(actionData) : "new"}
      />
    </SellerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
