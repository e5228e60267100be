import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { desc, eq, isNull } from "drizzle-orm";

import { productMedia, products, stores } from "../../db/schema";
import { getDb } from "../utils/db.server";
import { formatCents } from "../utils/money";

export async function loader(_: LoaderFunctionArgs) {
  const db = getDb();
  const rows = db
    .select({ id: products.id, name: products.name, priceCents: products.priceCents, storeName: stores.name })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(isNull(products.removedAt))
    .orderBy(desc(products.createdAt))
    .limit(24)
    .all();
  const media = new Map(
    db
      .select({ productId: productMedia.productId, media: productMedia.media })
      .from(productMedia)
      .orderBy(productMedia.position)
      .all()
      .reverse()
      .map((m) => [m.productId, m.media]),
  );
  return { products: rows.map((p) => ({ ...p, media: media.get(p.id) ?? null })) };
}

export default function Explore() {
  const { products: list } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Explore designs</h1>
      {list.length === 0 ? (
        <p className="mt-8 text-slate-600">No products found</p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-6 md:grid-cols-3">
          {list.map((p) => (
            <li key={p.id} className="card overflow-hidden">
              <Link to={`/product/${p.id}`} className="block">
                {p.media ? (
                  <img src={`/api/files/${p.media}`} alt="" width={400} height={500} loading="lazy" className="aspect-[4/5] w-full object-cover" />
                ) : null}
                <div className="p-3">
                  <h2 className="font-medium">{p.name}</h2>
                  <p className="text-sm text-slate-600">{p.storeName}</p>
                  <p className="mt-1 font-semibold">{formatCents(p.priceCents)}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
