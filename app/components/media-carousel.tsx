import { useRef } from "react";

import { useHydrated } from "~/components/use-hydrated";
import { isImageFile } from "~/utils/catalog";
import { fileUrl, HIGH_PRIORITY, imageSrcSet } from "~/utils/media";

/**
 * Images and muted looping videos side by side in a scroll-snapping strip: it swipes and scrolls
 * with CSS alone (and with the arrow keys once focused: the strip is a labelled, focusable region),
 * each picture carries a '1 of N' mark; with JavaScript it also gets Previous/Next arrows.
 * The first image is fetched with high priority (it is the page's largest paint).
 */
export function MediaCarousel({
  media,
  label,
  sizes = "(min-width: 768px) 50vw, 100vw",
  aspect = "aspect-[4/5]",
  width = 800,
  height = 1000,
  priority = false,
}: {
  media: string[];
  label: string;
  /** The page's main image: fetch the first one with high priority. */
  priority?: boolean;
  sizes?: string;
  aspect?: string;
  /** Intrinsic size of the images, so the page does not shift while they load. */
  width?: number;
  height?: number;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  if (!media.length) return <div className={`${aspect} w-full rounded-lg bg-slate-100`} aria-hidden="true" />;
  const step = (direction: 1 | -1) => {
    const el = strip.current;
    if (!el) return;
    const width = el.clientWidth;
    const next = Math.round(el.scrollLeft / width) + direction;
    el.scrollTo({ left: ((next + media.length) % media.length) * width, behavior: "smooth" });
  };
  return (
    <div className="relative">
      <div
        ref={strip}
        role="region"
        aria-roledescription="gallery"
        aria-label={label}
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth rounded-lg bg-slate-100 [scrollbar-width:thin] focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
      >
        <ul aria-label={label} className="flex w-full">
          {media.map((name, i) => (
            <li key={name} className={`${aspect} relative w-full shrink-0 snap-center`}>
              {isImageFile(name) ? (
                <img
                  src={fileUrl(name, 800)}
                  srcSet={imageSrcSet(name, [400, 800, 1200])}
                  sizes={sizes}
                  width={width}
                  height={height}
                  alt={`${label} ${i + 1} of ${media.length}`}
                  loading={i === 0 ? "eager" : "lazy"}
                  decoding="async"
                  {...(priority && i === 0 ? HIGH_PRIORITY : {})}
                  className="h-full w-full object-cover"
                />
              ) : (
                <video
                  src={fileUrl(name)}
                  muted
                  loop
                  autoPlay
                  playsInline
                  preload="metadata"
                  aria-label={`${label} ${i + 1} of ${media.length}`}
                  className="h-full w-full object-cover"
                >
                  <track kind="captions" />
                </video>
              )}
              {media.length > 1 ? (
                <span
                  aria-hidden="true"
                  className="absolute bottom-2 left-2 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white"
                >
                  {i + 1} of {media.length}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {hydrated && media.length > 1 ? (
        <>
          <ArrowButton label="Previous image" onClick={() => step(-1)} className="left-2" path="M15 6l-6 6 6 6" />
          <ArrowButton label="Next image" onClick={() => step(1)} className="right-2" path="M9 6l6 6-6 6" />
        </>
      ) : null}
    </div>
  );
}

function ArrowButton({ label, onClick, className, path }: { label: string; onClick: () => void; className: string; path: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d={path} />
      </svg>
    </button>
  );
}
