/** The cut plans' refusals (issue 48, decision 156) with the status every face answers. */
import { answers, type ErrorAnswer } from "~/models/answers";

export const CUT_PLAN_ERRORS: Record<"not_found" | "busy", ErrorAnswer> = {
  ...answers(404, { not_found: "Cut plan not found" }),
  ...answers(429, { busy: "Your earlier cut plans are still being made. Please try again when one is done." }),
};
