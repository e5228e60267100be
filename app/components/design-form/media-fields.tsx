import { FileField } from "../form-fields";
import { HeldFiles } from "../held-files";
import { MediaThumb } from "../media-thumb";
import { SizeChartFields } from "../size-chart-fields";
import { designFieldId } from "./field-ids";
import type { DesignFormProps } from "./types";
import { fileUrl } from "~/utils/media";

import { CardSection } from "~/components/card-section";

const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp,image/bmp";
const MEDIA_ACCEPT = `${IMAGE_ACCEPT},video/mp4,video/webm,video/quicktime`;

/** The design's images and videos (kept ones with their positions, new ones), its size chart image and table. */
export function MediaFields(props: Pick<DesignFormProps, "values" | "errors" | "media" | "sizeChart" | "chart" | "held">) {
  const { values, errors, media, sizeChart } = props;
  const mediaById = new Map(media.map((m) => [m.id, m.media]));

  return (
    <CardSection id="media-heading" title="Images and videos" className="card space-y-4 p-6">
      <p className="text-sm text-slate-600">At least one and at most 10 images or videos; change the numbers to reorder them.</p>
      {values.keep.length ? (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {values.keep.map((row, i) => {
            const name = mediaById.get(row.id);
            if (!name) return null;
            return (
              <li key={row.id} className="space-y-2">
                <MediaThumb name={name} className="h-28 w-full" />
                <input type="hidden" name={`keep[${i}].id`} value={row.id} />
                <label className="flex items-center gap-2 text-sm">
                  Position
                  <input type="number" name={`keep[${i}].position`} defaultValue={row.position} min={1} max={99} className="input w-16" />
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={`keep[${i}].remove`} defaultChecked={row.remove} /> Remove
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
      <FileField
        label={media.length ? "Add images or videos" : "Images or videos"}
        name="media"
        id={designFieldId("media")}
        multiple
        accept={MEDIA_ACCEPT}
        hint="JPEG, PNG, GIF, WebP, BMP, MP4, WebM or MOV; each file at most 25MB."
        errors={errors.media}
      />
      <HeldFiles held={props.held} field="media" />
      <div>
        <h3 className="text-sm font-semibold">Size chart</h3>
        {sizeChart ? (
          <a href={fileUrl(sizeChart)} className="mt-2 inline-block">
            <img src={fileUrl(sizeChart, 200)} alt="Current size chart" width={160} height={120} className="h-32 w-auto rounded-md border border-slate-200" />
          </a>
        ) : null}
        <FileField
          label={sizeChart ? "Replace size chart image" : "Size chart image"}
          name="sizeChart"
          id={designFieldId("sizeChart")}
          accept={IMAGE_ACCEPT}
          hint="Required. An image, at most 25MB."
          errors={errors.sizeChart}
        />
        <HeldFiles held={props.held} field="sizeChart" />
      </div>
      {props.chart ? <SizeChartFields chart={props.chart} errors={errors} /> : null}
    </CardSection>
  );
}
