/**
 * The layout domain's error codes (issue 25, decision 130), with the status and text every face answers (the JSON
 * call, the product page, the edit screen). productLayout returns the codes only.
 */
import { answers, type ErrorAnswer } from "~/models/answers";
import type { ProductLayoutError } from "~/models/layout/layouts.server";
import { LAYOUT_WIDTH_RANGE_MM } from "~/utils/layout-settings";

export const LAYOUT_ERRORS: Record<ProductLayoutError, ErrorAnswer> = {
  ...answers(404, {
    not_found: "Product not found",
    no_pattern: "This pattern's file cannot be read, so it has no cutting layouts.",
  }),
  ...answers(400, {
    unknown_size: "This pattern has no such size.",
    unknown_material: "This size is not cut from that material.",
    bad_width: `The fabric width must be a whole number of millimetres from ${LAYOUT_WIDTH_RANGE_MM.min} to ${LAYOUT_WIDTH_RANGE_MM.max}.`,
  }),
  // 409: the call is right, the state is not there (made to measure off, no measurements, beyond the chart).
  ...answers(409, {
    no_measurements: "Your own size needs made to measure on this pattern and your measurements (in /settings or with update-measurements).",
    outside_chart: "Your measurements are beyond what this pattern's sizes can be graded to.",
  }),
  ...answers(422, { too_wide: "Some pieces are wider than this fabric" }),
  // One client's own queue is full (issue 34, item 4): its earlier layouts are still being prepared.
  ...answers(429, { client_busy: "Your earlier layouts are still being prepared. Please try again in a few seconds." }),
  ...answers(503, {
    busy: "Pattern files are being prepared for many people right now. Please try again in a few seconds.",
    limit: "This layout could not be prepared within the limits of pattern work. Please try again later, or a wider fabric.",
    // A product page does not wait for a layout to be computed (issue 34, item 2): it is computed on meanwhile.
    preparing: "The layout is being prepared. Reload the page in a few seconds.",
  }),
};

/** The too_wide text naming the pieces: "Some pieces are wider than this fabric: Front, Back". */
export function tooWideMessage(pieces: string[] | undefined): string {
  return pieces?.length ? `${LAYOUT_ERRORS.too_wide.message}: ${pieces.join(", ")}` : `${LAYOUT_ERRORS.too_wide.message}.`;
}
