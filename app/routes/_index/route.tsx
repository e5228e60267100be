import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogView } from "~/components/catalog-view";
import { loadCatalogPage, serverTimingHeaders } from "~/routes/_index/catalog-page.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadCatalogPage(request, "explore");

export const headers = serverTimingHeaders;

export const meta: MetaFunction = () => [{ title: "Shop designs, patterns and apparel · Patternhouse" }];

export default function Explore() {
  const data = useLoaderData<typeof loader>();
  return <CatalogView title="Explore designs" {...data} />;
}
