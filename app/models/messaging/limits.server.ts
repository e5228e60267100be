/** The messaging limits (issue 14): per sender or address, counted in SQLite by `hit` (app/utils/rate-limit.server.ts). */
export const MESSAGE_LIMITS = {
  messagesPerMinute: 20,
  newConversationsPerHour: 10,
  helpRequestsPerHour: 5,
} as const;
