/**
 * The tax domain's error codes (decision 123), with the status and text both faces answer: the invoice, receipt and
 * credit note, and the administrator's quarterly report. Model functions return the codes only.
 */
import { answers, type ErrorAnswer } from "~/models/answers";

export const TAX_ERRORS: {
  invoice: Record<"not-found", ErrorAnswer>;
  receipt: Record<"not-found", ErrorAnswer>;
  creditNote: Record<"not-found", ErrorAnswer>;
  report: Record<"bad-quarter", ErrorAnswer>;
} = {
  invoice: answers(404, { "not-found": "Invoice not found" }),
  receipt: answers(404, { "not-found": "Receipt not found" }),
  creditNote: answers(404, { "not-found": "Credit note not found" }),
  report: answers(400, { "bad-quarter": "quarter: Use a quarter like 2026-Q4" }),
};
