/**
 * The tax domain's error codes (decision 123), with the status and text both faces answer: the invoice and the
 * administrator's quarterly report. Model functions return the codes only.
 */
import { answers, type ErrorAnswer } from "~/models/answers";

export const TAX_ERRORS: {
  invoice: Record<"not-found", ErrorAnswer>;
  report: Record<"bad-quarter", ErrorAnswer>;
} = {
  invoice: answers(404, { "not-found": "Invoice not found" }),
  report: answers(400, { "bad-quarter": "quarter: Use a quarter like 2026-Q4" }),
};
