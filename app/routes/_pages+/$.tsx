import { GeneralErrorBoundary } from "~/components/error-boundary";
import { invariantResponse } from "~/utils/invariant";

export async function loader() {
  invariantResponse(false, "Not found", { status: 404 });
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
