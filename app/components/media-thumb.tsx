import { isImageFile } from "~/utils/catalog";
import { fileUrl } from "~/utils/media";

/** A small preview of an uploaded image or video (spec 2.3: images by extension, otherwise a muted video). */
export function MediaThumb({ name, className = "h-24 w-24" }: { name: string; className?: string }) {
  return isImageFile(name) ? (
    <img src={fileUrl(name, 200)} alt="" width={96} height={96} loading="lazy" className={`${className} rounded-md object-cover`} />
  ) : (
    <video src={fileUrl(name)} muted loop playsInline preload="metadata" className={`${className} rounded-md bg-slate-900 object-cover`} />
  );
}
