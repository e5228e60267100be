import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProductGrid } from "~/components/product-card";
import { IncompleteProfile, StoreFirst } from "~/components/seller-notices";
import { SellerPage } from "~/components/seller-tabs";
import { isProfileComplete } from "~/models/accounts/profile.server";
import { countFavorites } from "~/models/catalog/favorites.server";
import { getStoreByOwner } from "~/models/catalog/stores.server";
import { listOwnProducts } from "~/models/selling/designs.server";
import { getDb } from "~/utils/db.server";
import { requireUser } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "My Designs · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const store = getStoreByOwner({ db, ownerId: user.id });
  const own = store ? listOwnProducts({ db, storeId: store.id }) : [];
  const favorites = countFavorites({ db, productIds: own.map((p) => p.id) });
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
        favorite: null,
        favoritesCount: favorites.get(p.id) ?? 0,
      }))
    : [];
  return { hasStore: Boolean(store), profileComplete: isProfileComplete(user), designs };
}

export default function MyDesignsPage() {
  const { hasStore, profileComplete, designs } = useLoaderData<typeof loader>();
  return (
    <SellerPage
      title="My Designs"
      actions={
        <Link to="/create-design" className="btn">
          Upload Design
        </Link>
      }
    >
      {!hasStore ? (
        <StoreFirst />
      ) : (
        <>
          {profileComplete ? null : <IncompleteProfile redirectTo="/my-designs" />}
          <ProductGrid products={designs} empty="No designs found" />
        </>
      )}
    </SellerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
