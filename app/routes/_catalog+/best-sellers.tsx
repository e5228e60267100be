import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

import { CatalogPage } from "~/components/catalog-view";
import { loadCatalogPage, serverTimingHeaders } from "~/routes/_catalog+/catalog-page.server";
import { pageMeta } from "~/utils/meta";

/** Everything but patterns, best sellers first. */
export const loader = ({ request }: LoaderFunctionArgs) => loadCatalogPage(request, "best-sellers");

export const headers = serverTimingHeaders;

export const meta: MetaFunction = () =>
  pageMeta("Best selling designs", "The best selling apparel, accessories, home goods and pet items from independent designers on Patternhouse.");

export default function BestSellers() {
  return <CatalogPage title="Best Selling Designs" />;
}
