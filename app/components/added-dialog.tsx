import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { useHydrated } from "~/components/use-hydrated";

/**
 * 'Item added to cart' with Continue Shopping and View Cart, shown on the product's page after the add
 * redirect (not on the cart itself). With JavaScript it is a real modal (`<dialog>` opened with showModal: focus moves into
 * it, Escape closes it, the page behind is inert, focus returns where it was, or to the product's
 * heading). Without JavaScript it is the same choice as a panel over the page.
 */
export function AddedToCartDialog({
  productId,
  productName,
  returnFocusTo,
}: {
  productId: number;
  productName: string;
  /** Where focus goes when the dialog closes if nothing was focused before (e.g. the page heading). */
  returnFocusTo?: () => HTMLElement | null;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!hydrated || !dialog) return;
    const previous = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // The main choice gets focus (React's autoFocus ran while the dialog was still closed).
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    const onClose = () => {
      const target = previous?.isConnected ? previous : (returnFocusTo?.() ?? null);
      target?.focus();
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [hydrated, returnFocusTo]);

  const content = (
    <>
      <h2 id="added-title" className="text-lg font-semibold">
        Item added to cart
      </h2>
      <p className="mt-2 text-sm text-slate-600">{productName}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to={`/product/${productId}`} className="btn-secondary">
          Continue Shopping
        </Link>
        <Link to="/cart" className="btn" autoFocus data-autofocus>
          View Cart
        </Link>
      </div>
    </>
  );

  if (hydrated) {
    return (
      <dialog
        ref={ref}
        aria-labelledby="added-title"
        className="card w-full max-w-sm p-6 text-center backdrop:bg-slate-900/40"
      >
        {content}
      </dialog>
    );
  }
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4">
      <div role="dialog" aria-labelledby="added-title" className="card w-full max-w-sm p-6 text-center">
        {content}
      </div>
    </div>
  );
}
