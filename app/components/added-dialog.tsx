import { Link } from "@remix-run/react";

/**
 * 'Item added to cart' with Continue Shopping and View Cart. Server-rendered after the add redirect, so it is
 * the same choice with JavaScript on (a modal) and off (on the page).
 */
export function AddedToCartDialog({ productId, productName }: { productId: number; productName: string }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="added-title" className="card w-full max-w-sm p-6 text-center">
        <h2 id="added-title" className="text-lg font-semibold">
          Item added to cart
        </h2>
        <p className="mt-2 text-sm text-slate-600">{productName}</p>
        <div className="mt-6 flex justify-center gap-3">
          <Link to={`/product/${productId}`} className="btn-secondary">
            Continue Shopping
          </Link>
          <Link to="/cart" className="btn" autoFocus>
            View Cart
          </Link>
        </div>
      </div>
    </div>
  );
}
