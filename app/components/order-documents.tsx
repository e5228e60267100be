import type { OrderDocuments } from "~/models/tax/invoices.server";

/**
 * An order's papers (decision 151), each its own PDF: the platform's invoice when it lists the order, the store's
 * receipt of its own sale, and the credit note of a refund. Nothing when the order has none (a tester's copy).
 */
export function OrderDocumentLinks({ orderId, documents }: { orderId: number; documents: OrderDocuments }) {
  const links = [
    documents.invoice ? { href: `/purchase/${orderId}/invoice.pdf`, label: "Invoice (PDF)", testId: "invoice-link" } : null,
    documents.receipt ? { href: `/purchase/${orderId}/receipt.pdf`, label: `Receipt from ${documents.receipt.seller} (PDF)`, testId: "receipt-link" } : null,
    documents.creditNote ? { href: `/purchase/${orderId}/credit-note.pdf`, label: "Credit note (PDF)", testId: "credit-note-link" } : null,
  ].filter((l) => l !== null);
  if (links.length === 0) return null;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {links.map((l) => (
        <a key={l.href} href={l.href} className="font-medium text-brand-700 underline" data-testid={l.testId}>
          {l.label}
        </a>
      ))}
    </p>
  );
}
