import { FileField } from "../form-fields";
import { HeldFiles } from "../held-files";
import { SizeChartFields } from "../size-chart-fields";
import { designFieldId } from "./field-ids";
import type { DesignFormProps } from "./types";
import { fileUrl } from "~/utils/media";

import { KeptMedia } from "~/components/kept-media";
import { CardSection } from "~/components/card-section";

const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp,image/bmp";
const MEDIA_ACCEPT = `${IMAGE_ACCEPT},video/mp4,video/webm,video/quicktime`;

/** The design's images and videos (kept ones with their positions, new ones), its size chart image and table. */
export function MediaFields(props: Pick<DesignFormProps, "values" | "errors" | "media" | "sizeChart" | "chart" | "held">) {
  const { values, errors, media, sizeChart } = props;

  return (
    <CardSection id="media-heading" title="Images and videos" className="card space-y-4 p-6">
      <p className="text-sm text-slate-600">At least one and at most 10 images or videos; change the numbers to reorder them.</p>
      <KeptMedia keep={values.keep} media={media} />
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
