/**
 * The testing domain's error codes (issue 37, tester calls), with the status and text both faces answer:
 * /my-tester-calls, /tester-call/{id} and the JSON calls read this one table. Models return the codes only.
 */
import { answers, type ErrorAnswer } from "~/models/answers";
import type { ApplyError, ChooseError } from "~/models/testing/applications.server";
import type { EditCallError, OpenCallError } from "~/models/testing/calls.server";
import type { FeedbackError } from "~/models/testing/feedback.server";

export const TESTING_ERRORS: {
  open: Record<OpenCallError, ErrorAnswer>;
  edit: Record<EditCallError, ErrorAnswer>;
  close: Record<"call-not-found" | "closed", ErrorAnswer>;
  apply: Record<ApplyError, ErrorAnswer>;
  choose: Record<ChooseError, ErrorAnswer>;
  feedback: Record<FeedbackError, ErrorAnswer>;
} = {
  open: {
    ...answers(404, { "product-not-found": "Design not found" }),
    ...answers(409, {
      "not-a-draft": "A tester call is opened on a draft: this design is published.",
      "call-open": "This draft already has an open tester call: edit or close it first.",
    }),
    ...answers(400, {
      "not-downloadable": "Tester calls are for Digital patterns: testers get the draft's files.",
      "closes-in-past": "The closing date has passed: choose today or a later day.",
      "unknown-sizes": "Choose the sizes among the pattern's sizes.",
    }),
  },
  edit: {
    ...answers(404, { "call-not-found": "Tester call not found" }),
    ...answers(409, {
      closed: "This tester call is closed.",
      "testers-chosen": "Testers are chosen: the call can no longer be changed.",
    }),
    ...answers(400, {
      "closes-in-past": "The closing date has passed: choose today or a later day.",
      "unknown-sizes": "Choose the sizes among the pattern's sizes.",
    }),
  },
  close: {
    ...answers(404, { "call-not-found": "Tester call not found" }),
    ...answers(409, { closed: "This tester call is closed." }),
  },
  apply: {
    ...answers(404, { "call-not-found": "Tester call not found" }),
    ...answers(409, { closed: "This tester call is closed.", "already-applied": "You have already applied to this call." }),
    ...answers(400, { "own-call": "You cannot apply to your own tester call.", "invalid-size": "Choose one of the call's sizes." }),
  },
  choose: {
    ...answers(404, { "call-not-found": "Tester call not found" }),
    ...answers(400, { "not-applicants": "Choose testers among the call's applicants." }),
    ...answers(409, { "too-many-testers": "That is more testers than the call asks for.", closed: "The design is published: its call is over." }),
  },
  feedback: {
    ...answers(404, { "call-not-found": "Tester call not found" }),
    ...answers(403, { "not-a-tester": "Only the call's chosen testers send feedback." }),
    ...answers(400, { "invalid-size": "Choose one of the call's sizes." }),
  },
};

/** The text of an unknown-sizes refusal, naming the sizes the pattern does not have and the ones it has. */
export function unknownSizesMessage({ unknown, allowed }: { unknown: string[]; allowed: string[] }): string {
  return `${unknown.join(", ")} ${unknown.length === 1 ? "is not a size" : "are not sizes"} of this pattern: choose among ${allowed.join(", ")}.`;
}
