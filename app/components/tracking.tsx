/** The carrier's tracking link as a row of a tracking list (<dl>), on the buyer's purchase and the seller's sale pages. */
export function TrackingLinkRow({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <>
      <dt className="text-slate-500">Link</dt>
      <dd>
        <a href={url} className="text-brand-700 hover:underline" rel="noreferrer noopener" target="_blank">
          Track on the carrier's site
        </a>
      </dd>
    </>
  );
}
