import { Link } from "@remix-run/react";

import { PRODUCT_MESSAGES } from "~/schemas/selling";

/** Spec 5: uploading a design requires a store. */
export function StoreFirst() {
  return (
    <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
      <span>Please setup your store first</span>{" "}
      <Link to="/store-settings" className="font-medium underline">
        Set up your store
      </Link>
    </p>
  );
}

/** Spec 5: a complete profile is needed to upload designs; a red prompt links to /settings. */
export function IncompleteProfile({ redirectTo = "/create-design" }: { redirectTo?: string }) {
  return (
    <p role="alert" className="mb-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
      {PRODUCT_MESSAGES.incompleteProfile}{" "}
      <Link to={`/settings?redirectTo=${encodeURIComponent(redirectTo)}`} className="font-medium underline">
        Complete your profile in Settings
      </Link>
    </p>
  );
}

