import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { PublishForm } from "~/components/drafts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProductGrid } from "~/components/product-card";
import { IncompleteProfile, StoreFirst } from "~/components/seller-notices";
import { SellerPage } from "~/components/seller-tabs";
import { isProfileComplete } from "~/models/accounts/profile.server";
import { countFavorites } from "~/models/catalog/favorites.server";
import { getStoreByOwner } from "~/models/catalog/stores.server";
import { listOwnProducts, setOwnProductStatus } from "~/models/selling/designs.server";
import { PRODUCT_MESSAGES, PublishFormSchema } from "~/schemas/selling";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";
import { invariantResponse } from "~/utils/invariant";
import { safeRedirect } from "~/utils/safe-redirect";
import { requireStoreOwner, requireUser } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "My Designs · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const store = await getStoreByOwner({ db, ownerId: user.id });
  const own = store ? await listOwnProducts({ db, storeId: store.id }) : [];
  const favorites = await countFavorites({ db, productIds: own.map((p) => p.id) });
  const designs = store
    ? own.map((p) => ({
        id: p.id,
        name: p.name,
        priceCents: p.priceCents,
        image: p.image,
        storeOwner: user.id,
        storeName: store.name,
        storeAvatar: store.avatar,
        myself: true,
        draft: p.status === "draft",
        favorite: null,
        favoritesCount: favorites.get(p.id) ?? 0,
      }))
    : [];
  return { hasStore: Boolean(store), profileComplete: isProfileComplete(user), designs };
}

/** Publish a draft or turn a published design back into a draft (decision 106); another seller's design is 404. */
export async function action({ request }: ActionFunctionArgs) {
  const { store } = await requireStoreOwner(request);
  const db = getDb();
  const form = await readForm(request);
  const parsed = PublishFormSchema.safeParse({ intent: form.get("intent"), productId: form.get("productId") });
  invariantResponse(parsed.success, "Unknown action", { status: 400 });
  const { intent, productId } = parsed.data;
  const status = intent === "publish" ? "published" : "draft";
  invariantResponse(await setOwnProductStatus({ db, storeId: store.id, productId, status }), "Not Found", { status: 404 });
  return redirectWithFlash(request, safeRedirect(form.get("redirectTo"), "/my-designs"), {
    kind: "success",
    message: status === "published" ? PRODUCT_MESSAGES.published : PRODUCT_MESSAGES.unpublished,
  });
}

export default function MyDesignsPage() {
  const { hasStore, profileComplete, designs } = useLoaderData<typeof loader>();
  return (
    <SellerPage
      title="My Designs"
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/my-discounts" className="btn-secondary">
            Discount codes
          </Link>
          <Link to="/my-pattern-makes" className="btn-secondary">
            Makes of your patterns
          </Link>
          <Link to="/create-design" className="btn">
            Upload Design
          </Link>
        </div>
      }
    >
      {!hasStore ? (
        <StoreFirst />
      ) : (
        <>
          {profileComplete ? null : <IncompleteProfile redirectTo="/my-designs" />}
          <ProductGrid
            products={designs}
            empty="No designs found"
            actions={(p) => (
              <div className="flex flex-wrap items-center gap-2">
                <PublishForm productId={p.id} draft={Boolean(p.draft)} redirectTo="/my-designs" name={p.name} />
                {p.draft ? (
                  <Link to={`/product/${p.id}`} className="text-sm font-medium text-brand-700 hover:underline">
                    Preview
                  </Link>
                ) : null}
              </div>
            )}
          />
        </>
      )}
    </SellerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
