import { z } from "zod";


import { jsonId } from "./json";
import { rowId } from "~/utils/ids";

const messageText = z
  .string({ required_error: "Please write a message", invalid_type_error: "Please write a message" })
  .trim()
  .min(1, "Please write a message")
  .max(2000, "A message can have at most 2000 characters");

/** Spec 2.3: the message text of a store page's 'Send a message' dialog and of a conversation's reply form. */
export const SendMessageSchema = z.object({ message: messageText });

/** A new conversation's form (/messages/new): the recipient (a user id) and the order it is about, if any. */
export const ComposeMessageSchema = z.object({
  message: messageText,
  to: z.coerce.number({ invalid_type_error: "Choose who to write to" }).int().positive("Choose who to write to").transform(rowId),
  orderId: z.coerce.number().int().positive().transform(rowId).optional(),
});

/**
 * POST /api/user/send-message: `to` is the recipient's user id (a store is addressed by its owner's id, as
 * everywhere), `message` the text, `order_id` optionally the order the message is about.
 */
export const ApiSendMessageSchema = z.object({
  to: jsonId("to"),
  message: messageText,
  order_id: jsonId("order_id").nullish(),
});

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} can have at most ${max} characters`).optional().default("");

/** Spec 5, Help: name, email and message required; email type; website must be a URL. */
export const HelpSchema = z.object({
  name: z.string({ required_error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name can have at most 100 characters"),
  email: z
    .string({ required_error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .email("Enter a valid email address")
    .max(200, "Email can have at most 200 characters"),
  message: z
    .string({ required_error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(5000, "Message can have at most 5000 characters"),
  social_media: optionalText(300, "Social media"),
  website: z
    .string()
    .trim()
    .max(300, "Website can have at most 300 characters")
    .refine((v) => v === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), "Website must be a URL (https://…)")
    .optional()
    .default(""),
});
export type HelpInput = z.infer<typeof HelpSchema>;

/** Which field of the help form shows each refusal of `submitHelpRequest` (the JSON face prefixes the text with it). */
/** Why a help request is refused (the codes of MESSAGING_ERRORS.help); declared beside the form, so that schemas
 * never import a model. */
export type HelpError = "resume-refused" | "resume-unstored" | "too-many";

export const HELP_ERROR_FIELDS: Record<HelpError, "resume" | null> = { "resume-refused": "resume", "resume-unstored": "resume", "too-many": null };

/**
 * The /settings face of the profile: a short public bio (the avatar is a file, checked on the server). The phone
 * is edited once, in the address form (decision 054).
 */
export const PublicProfileSchema = z.object({ bio: optionalText(300, "Bio") });

/** /settings: whether new messages are announced by email (an unchecked box is absent from the form). */
export const MessageEmailsSchema = z.object({ messageEmails: z.literal("on").optional() });
