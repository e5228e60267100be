import { Thumbnail } from "~/components/cart-rows";

/**
 * The head of one order's page, for the buyer (/purchase/{id}) and the seller (/sale/{id}): the product's picture,
 * "Order #id" as the page's heading, the badges (`paid` for the buyer, then the status) and what each side adds.
 */
export function OrderPanel({
  titleId,
  orderId,
  media,
  name,
  paid = false,
  status,
  children,
}: {
  titleId: string;
  orderId: number;
  media: string | null;
  name: string;
  paid?: boolean;
  status: { label: string; testId: string };
  children: React.ReactNode;
}) {
  return (
    <section className="card flex flex-col gap-6 p-6 sm:flex-row" aria-labelledby={titleId}>
      <Thumbnail media={media} alt={name} />
      <div className="flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 id={titleId} className="text-xl font-bold tracking-tight">
            Order #{orderId}
          </h1>
          {paid ? <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">PAID</span> : null}
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700" data-testid={status.testId}>
            {status.label}
          </span>
        </div>
        {children}
      </div>
    </section>
  );
}
