import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

import { RequestIdContext } from "~/utils/request-id";

// A page rendered as the 500 page names its request; the same id is rendered again at hydration.
const requestId = { current: document.querySelector("[data-request-id]")?.textContent ?? undefined };

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestIdContext.Provider value={requestId}>
        <RemixBrowser />
      </RequestIdContext.Provider>
    </StrictMode>,
  );
});
