/** Drafts (decision 106): the badge a seller sees on a draft, the preview banner, and the Publish / Unpublish form. */
import { Form } from "@remix-run/react";

export function DraftBadge({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-900 ${className}`}>
      Draft
    </span>
  );
}

/**
 * Publish (a draft) or Unpublish (a published design): a plain form post to /my-designs, so it works without
 * JavaScript; `redirectTo` is where the seller lands afterwards (the page the button sits on).
 */
export function PublishForm({ productId, draft, redirectTo, name }: { productId: number; draft: boolean; redirectTo: string; name: string }) {
  return (
    <Form method="post" action="/my-designs" className="inline">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="intent"
        value={draft ? "publish" : "unpublish"}
        className={draft ? "btn" : "btn-secondary"}
        aria-label={draft ? `Publish ${name}` : `Unpublish ${name}`}
      >
        {draft ? "Publish" : "Unpublish"}
      </button>
    </Form>
  );
}

/** Shown above a draft's product page to its seller, the only one who can open it. */
export function DraftPreviewBanner({ productId, name }: { productId: number; name: string }) {
  return (
    <div role="status" className="mb-6 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <DraftBadge />
      <p className="flex-1">
        <strong>Preview: this is how buyers will see it.</strong> This design is a draft: buyers cannot find, open or buy it
        until you publish it.
      </p>
      <PublishForm productId={productId} draft redirectTo={`/product/${productId}`} name={name} />
    </div>
  );
}
