/**
 * The fit domain's error codes (issue 24), with the status and text both faces answer (the /settings form and the
 * JSON calls read this one table). Model functions return the codes only.
 */
import { answers, type ErrorAnswer } from "~/models/answers";
import type { SizeAdviceError } from "~/models/fit/advice.server";
import type { SaveMeasurementsError } from "~/models/fit/measurements.server";

export const FIT_ERRORS: {
  saveMeasurements: Record<SaveMeasurementsError, ErrorAnswer>;
  sizeAdvice: Record<SizeAdviceError, ErrorAnswer>;
} = {
  saveMeasurements: {
    ...answers(400, { invalid: "Please check your measurements." }),
    ...answers(403, { "account-closed": "This account is closed." }),
    ...answers(429, { "rate-limited": "You have changed your measurements 10 times today: try again tomorrow." }),
  },
  sizeAdvice: {
    ...answers(404, { "product-not-found": "Product not found" }),
    // 409: the call is right, the state is not there yet (the seller may add a chart, the buyer measurements).
    ...answers(409, {
      "no-size-chart": "This design has no size chart to advise from.",
      "no-measurements": "Add your measurements first (in /settings or with update-measurements).",
    }),
  },
};
