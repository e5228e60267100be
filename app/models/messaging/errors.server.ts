/**
 * The messaging domain's error codes, with the status and text both faces answer (issue 20, item 2): the message
 * pages and help form show `message`, the JSON routes answer `status` with `{ error: message }`. Model functions
 * return the codes only (and, for a refused résumé, the file check's own words).
 */
import { answers, type ErrorAnswer } from "~/models/answers";
import { FILES_ERRORS } from "~/models/files/errors";
import type { HelpError, SubmitHelpResult } from "~/models/messaging/help.server";
import { MESSAGE_LIMITS } from "~/models/messaging/limits.server";
import { MAX_MESSAGE_LENGTH, type SendMessageError } from "~/models/messaging/messages.server";

export const MESSAGING_ERRORS: {
  send: Record<SendMessageError, ErrorAnswer>;
  read: Record<"not-found", ErrorAnswer>;
  help: Record<HelpError | "stuff-not-json", ErrorAnswer>;
} = {
  /** Reading a conversation: not a participant is not found. */
  read: answers(404, { "not-found": "Conversation not found" }),
  send: {
    ...answers(400, {
      empty: "Please write a message",
      "too-long": `A message can have at most ${MAX_MESSAGE_LENGTH} characters`,
      self: "You cannot send a message to yourself",
    }),
    ...answers(404, {
      "unknown-recipient": "This user does not exist",
      "order-not-found": "This order is not between you and this user",
      "not-found": "Conversation not found",
    }),
    ...answers(403, {
      blocked: "This message cannot be delivered: the recipient does not accept messages from you.",
      "blocked-by-you": "You have blocked this user. Unblock them to send a message.",
    }),
    ...answers(429, {
      "too-many-messages": `You can send at most ${MESSAGE_LIMITS.messagesPerMinute} messages a minute. Please wait a moment and try again.`,
      "too-many-conversations": `You can start at most ${MESSAGE_LIMITS.newConversationsPerHour} new conversations an hour. Please try again later.`,
    }),
  },
  help: {
    // The résumé's refusal says why in the file check's words (the result's `message`); this text is the fallback.
    ...answers(400, { "resume-refused": "The résumé could not be read.", "stuff-not-json": "stuff: not valid JSON" }),
    // The file store's bucket did not answer (decision 102): its words, at the résumé, with the résumé's 400.
    ...answers(400, { "resume-unstored": FILES_ERRORS.unavailable.message }),
    ...answers(429, { "too-many": `You can send at most ${MESSAGE_LIMITS.helpRequestsPerHour} requests an hour. Please try again later.` }),
  },
};

/** The status and text both faces answer a refused help request: the résumé's own words where the check gave some. */
export function helpAnswer(result: Extract<SubmitHelpResult, { ok: false }>): ErrorAnswer {
  const answer = MESSAGING_ERRORS.help[result.error];
  return "message" in result ? { status: answer.status, message: result.message } : answer;
}
