/**
 * The makes domain's error codes (issue 37), with the status and text both faces answer: /my-makes, the product
 * page's report form, the seller's hide toggle and the JSON calls read this one table. Models return the codes only.
 */
import { answers, type ErrorAnswer } from "~/models/answers";
import type { MakeError } from "~/models/makes/makes.server";
import type { HideMakeError, ReportMakeError } from "~/models/makes/moderation.server";
import type { SizesFromMakesResult } from "~/models/makes/sizes.server";

type SizesFromMakesError = Extract<SizesFromMakesResult, { ok: false }>["error"];

export const MAKES_ERRORS: {
  make: Record<MakeError, ErrorAnswer>;
  report: Record<ReportMakeError, ErrorAnswer>;
  hide: Record<HideMakeError, ErrorAnswer>;
  sizes: Record<SizesFromMakesError, ErrorAnswer>;
} = {
  make: {
    ...answers(404, { "product-not-found": "Pattern not found", "make-not-found": "Make not found" }),
    ...answers(403, { "not-allowed": "Only a buyer or a tester of this pattern can post a make of it." }),
    ...answers(400, {
      "invalid-size": "Choose one of this pattern's sizes.",
      "no-photos": "Add at least one photo of your make.",
      "too-many-photos": "A make has 6 photos at most.",
      photos: "A photo was refused: see the photos field.",
    }),
  },
  report: {
    ...answers(404, { "make-not-found": "Make not found" }),
    ...answers(400, { "own-make": "You cannot report your own make." }),
    ...answers(409, { "already-reported": "You have already reported this make." }),
    ...answers(429, { "rate-limited": "You have sent 5 reports today: try again tomorrow." }),
  },
  hide: {
    ...answers(404, { "make-not-found": "Make not found" }),
    ...answers(403, { "not-seller": "Only the pattern's seller can hide a make of it." }),
  },
  sizes: answers(429, { "rate-limited": "You have asked for size advice from makes too often: try again in an hour." }),
};
