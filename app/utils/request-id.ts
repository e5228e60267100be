import { createContext } from "react";

/**
 * The id of the request a page was rendered for, shown on the 500 page so a user can quote it (decision 095). The
 * server provides it (entry.server.tsx, from the request's context); the browser reads it back from that page at
 * hydration (entry.client.tsx), so both render the same. It is a holder, not a value: the error page clears it once
 * shown, so an error met later in the browser never shows the id of the request that loaded the page.
 */
export type RequestIdHolder = { current?: string };

export const RequestIdContext = createContext<RequestIdHolder>({});
