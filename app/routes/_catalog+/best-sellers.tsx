import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogView } from "~/components/catalog-view";
import { loadCatalogPage, serverTimingHeaders } from "~/routes/_catalog+/catalog-page.server";

/** Everything but patterns, best sellers first. */
export const loader = ({ request }: LoaderFunctionArgs) => loadCatalogPage(request, "best-sellers");

export const headers = serverTimingHeaders;

export const meta: MetaFunction = () => [
  { title: "Best selling designs · Patternhouse" },
  {
    name: "description",
    content: "The best selling apparel, accessories, home goods and pet items from independent designers on Patternhouse.",
  },
];

export default function BestSellers() {
  const data = useLoaderData<typeof loader>();
  return <CatalogView title="Best Selling Designs" {...data} />;
}
