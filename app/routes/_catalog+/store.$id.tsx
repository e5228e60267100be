import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { MakeGallery } from "~/components/makes/make-gallery";
import { MediaCarousel } from "~/components/media-carousel";
import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-card";
import { SendMessageDialog } from "~/components/send-message";
import { CATALOG_ERRORS } from "~/models/catalog/errors";
import { setFollowing } from "~/models/catalog/follows.server";
import { getStorePage, storePageView, type StoreViewer } from "~/models/catalog/stores.server";
import { listStoreMakes, pageParam, toMakeCard } from "~/models/makes/gallery.server";
import { MESSAGING_ERRORS } from "~/models/messaging/errors.server";
import { sendMessageAndNotify } from "~/models/messaging/messages.server";
import { SendMessageSchema } from "~/schemas/messages";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { publicOrigin } from "~/utils/mail.server";
import { fileUrl } from "~/utils/media";
import { getUser } from "~/auth/viewer.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { requireUser } from "~/auth/guards.server";

function ownerIdOf(params: { id?: string }): number {
  return idParam(params.id);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ownerId = ownerIdOf(params);
  const user = await getUser(request);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const found = await getStorePage({ db: getDb(), ownerId, viewerId: user?.id, page });
  invariantResponse(found, "Not found", { status: 404 });
  // Makes of the store's patterns (issue 37), paged by plain links (?makes=N).
  const makes = await listStoreMakes({ db: getDb(), storeId: found.store.id, viewerId: user?.id ?? null, page: pageParam(new URL(request.url).searchParams.get("makes")) });
  return { ...storePageView(found, user?.id), makes: { ...makes, makes: makes.makes.map(toMakeCard) }, viewerId: user?.id ?? null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ownerId = ownerIdOf(params);
  const user = await requireUser(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const back = `/store/${ownerId}`;
  if (intent === "follow" || intent === "unfollow") {
    const result = await setFollowing({ db: getDb(), userId: user.id, ownerId, follow: intent === "follow" });
    if (!result.ok) return redirectWithFlash(request, back, { kind: "error", message: CATALOG_ERRORS.follow[result.error].message });
    return redirect(back);
  }
  if (intent === "message") {
    // The store is messaged through its owner: `to` is the owner's user id (decision 050).
    const submission = parseWithZod(formData, { schema: SendMessageSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
    const result = await sendMessageAndNotify({
      db: getDb(),
      senderId: user.id,
      to: ownerId,
      content: submission.value.message,
      origin: publicOrigin(request),
    });
    if (!result.ok) {
      const { status, message } = MESSAGING_ERRORS.send[result.error];
      return data({ result: submission.reply({ formErrors: [message] }), sent: false }, { status });
    }
    // With JavaScript the dialog says so and moves on after 1 second; without, straight to /messages.
    if (formData.get("js") === "1") return { result: submission.reply({ resetForm: true }), sent: true };
    return redirect("/messages");
  }
  invariantResponse(false, "Unknown intent", { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.store.name || "Store"} · Patternhouse` : "Store not found · Patternhouse" },
  { name: "description", content: data?.store.bio ?? "" },
];

export default function StorePage() {
  const { ownerId, store, media, followersCount, isFollowing, viewer, designs, makes, viewerId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const here = `/store/${ownerId}`;
  const loginHref = `/login?redirectTo=${encodeURIComponent(here)}`;
  const name = store.name.trim() || "Store Name Unavailable";
  return (
    <section className="mx-auto max-w-7xl px-4 py-6">
      {media.length ? (
        <MediaCarousel media={media} label={`${name} gallery`} aspect="aspect-[12/5]" width={1200} height={500} sizes="(min-width: 1280px) 1248px, 100vw" />
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-4">
        {store.avatar ? (
          <img src={fileUrl(store.avatar, 200)} width={80} height={80} alt="" className="h-20 w-20 rounded-full border border-slate-200" />
        ) : (
          <span className="block h-20 w-20 rounded-full bg-slate-200" />
        )}
        <div className="flex-1">
          <h1 className="text-2xl font-bold tracking-tight">{name}</h1>
          <p className="text-sm text-slate-600" data-testid="followers">
            {followersCount} {followersCount === 1 ? "follower" : "followers"}
          </p>
        </div>
        <FollowControl viewer={viewer} isFollowing={isFollowing} loginHref={loginHref} />
      </div>
      <p className="mt-4 max-w-3xl whitespace-pre-line text-slate-700">{store.bio.trim() || "No bio available"}</p>
      {viewer !== "owner" ? (
        <div className="mt-4 max-w-xl">
          <SendMessageDialog
            loggedIn={viewer === "user"}
            loginHref={loginHref}
            cancelHref={here}
            lastResult={actionData?.result}
          />
        </div>
      ) : null}
      <h2 className="mt-8 text-lg font-semibold">Designs</h2>
      <div className="mt-4">
        <ProductGrid products={designs.items} empty="No products found" />
      </div>
      <Pagination page={designs.page} pageCount={designs.pageCount} href={(page) => `?page=${page}`} />
      {makes.total > 0 ? (
        <MakeGallery
          title="Makes of this store's patterns"
          gallery={makes}
          viewerId={viewerId}
          showProduct
        />
      ) : null}
    </section>
  );
}

function FollowControl({ viewer, isFollowing, loginHref }: { viewer: StoreViewer; isFollowing: boolean; loginHref: string }) {
  if (viewer === "owner") {
    return (
      <Link to="/store-settings" className="btn-secondary">
        Store settings
      </Link>
    );
  }
  if (viewer === "visitor") {
    return (
      <p className="text-sm">
        <span>Please login to follow this store</span>{" "}
        <Link to={loginHref} className="font-medium text-brand-700 hover:underline">
          Log in
        </Link>
      </p>
    );
  }
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={isFollowing ? "unfollow" : "follow"} />
      <button type="submit" className={isFollowing ? "btn-secondary" : "btn"}>
        {isFollowing ? "Unfollow" : "Follow"}
      </button>
    </Form>
  );
}
