/**
 * The file store's answers (decision 102), read by every route that serves or stores a file, HTML and JSON alike:
 * `unavailable` when FILE_STORE_URL's bucket cannot be reached (FileStoreUnavailableError), with Retry-After.
 */
import { answers } from "~/models/answers";

export const FILES_ERRORS = {
  ...answers(503, { unavailable: "The file store cannot be reached right now. Please try again in a moment." }),
};
