import { z } from "zod";

/** Spec 2.3: the message text of a store page's 'Send a message' dialog. */
export const SendMessageSchema = z.object({
  message: z
    .string({ required_error: "Please write a message" })
    .trim()
    .min(1, "Please write a message")
    .max(2000, "A message can have at most 2000 characters"),
});
