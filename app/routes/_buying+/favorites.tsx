import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProductGrid } from "~/components/product-card";
import { CATALOG_ERRORS } from "~/models/catalog/errors";
import { listFavorites, setFavorite } from "~/models/catalog/favorites.server";
import { toCardData } from "~/models/catalog/listing.server";
import { FavoriteFormSchema } from "~/schemas/favorites";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { requireUser } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "My favourites · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { items: (await listFavorites({ db: getDb(), userId: user.id })).map(toCardData) };
}

/**
 * The heart of every card and product page posts here. Without JavaScript the form carries `redirectTo` (the page
 * it sits on) and goes back there, with a flash note on an error; a fetcher (JavaScript) gets `{ ok, error? }`.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const back = formData.has("redirectTo") ? safeRedirect(formData.get("redirectTo"), "/favorites") : null;
  const submission = parseWithZod(formData, { schema: FavoriteFormSchema });
  const answer = (status: number, error: string) =>
    back ? redirectWithFlash(request, back, { kind: "error", message: error }) : data({ ok: false, error }, { status });
  if (submission.status !== "success") return answer(400, "Choose a product to add to or remove from your favourites");
  const { productId, intent } = submission.value;
  const result = await setFavorite({ db: getDb(), userId: user.id, productId, favorite: intent === "favorite" });
  if (!result.ok) {
    const { status, message } = CATALOG_ERRORS.favorite[result.error];
    return answer(status, message);
  }
  return back ? redirect(back) : { ok: true, favorite: result.favorite };
}

export default function FavoritesPage() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">My favourites</h1>
      <p className="mt-1 text-sm text-slate-600">
        Designs you keep for later. Bought patterns are in <Link to="/library" className="text-brand-700 underline">your library</Link>.
      </p>
      <div className="mt-6">
        <h2 className="sr-only">Favourite designs</h2>
        <ProductGrid products={items} empty="No favourites yet: tap the heart on a design to keep it here." />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
