import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { KeptMedia } from "~/components/kept-media";
import { CardSection } from "~/components/card-section";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, Spinner, SubmitButton } from "~/components/forms";
import { FileField, TextArea } from "~/components/form-fields";
import { ShippingRatesFields } from "~/components/shipping-rates-fields";
import { SellerPage } from "~/components/seller-tabs";
import { getStoreByOwner } from "~/models/catalog/stores.server";
import { getStoreMedia, payoutDetails } from "~/models/selling/stores.server";
import { shippingRatesForm } from "~/models/shipping/rates";
import { getShippingRates } from "~/models/shipping/rates.server";
import { getDb } from "~/utils/db.server";
import { fileUrl } from "~/utils/media";
import { requireUser } from "~/auth/guards.server";
import { MAX_MEDIA } from "~/utils/upload-limits";

import { shippingRatesAction, storeSettingsAction, type StoreFormValues } from "./actions.server";

export const meta: MetaFunction = () => [{ title: "Store Settings · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const store = await getStoreByOwner({ db, ownerId: user.id });
  if (!store) return { store: null, media: [], values: null, onboarded: false, shipping: null };
  const media = await getStoreMedia({ db, storeId: store.id });
  // The account number never reaches a browser: the field shows ****6789, which a save keeps as it is.
  const payout = payoutDetails(store);
  const rates = await getShippingRates({ db, storeId: store.id });
  const values: StoreFormValues = {
    name: store.name,
    bio: store.bio,
    ...payout,
    removeLogo: false,
    keep: media.map((m, i) => ({ id: m.id, position: String(i + 1), remove: false })),
  };
  return {
    store: { id: store.id, name: store.name, avatar: store.avatar, userId: store.userId, last4: store.accountLast4 },
    media,
    values,
    onboarded: store.stripeOnboarded,
    shipping: { values: shippingRatesForm(rates), set: rates !== null },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // The Shipping section is a form of its own (decision 108).
  if (new URL(request.url).searchParams.get("form") === "shipping") return shippingRatesAction(request, user);
  return storeSettingsAction(request, user);
}

const EMPTY: StoreFormValues = {
  name: "",
  bio: "",
  accountname: "",
  accountnumber: "",
  accountrouting: "",
  accounttype: "checking",
  removeLogo: false,
  keep: [],
};

export default function StoreSettingsPage() {
  const { store, media, values: saved, onboarded, shipping } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const actionData = answer && "values" in answer ? answer : undefined;
  const shippingAnswer = answer && "shipping" in answer ? answer.shipping : undefined;
  const navigation = useNavigation();
  const shippingSubmit = navigation.formAction?.includes("form=shipping") ?? false;
  const submitting = navigation.state === "submitting" && !shippingSubmit;
  const values = actionData?.values ?? saved ?? EMPTY;
  const errors: Record<string, string[]> = actionData?.errors ?? {};

  const body = (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-8"
      // A new answer (refused save) or newly saved values start the form afresh from them.
      key={actionData ? JSON.stringify(actionData) : JSON.stringify(saved)}
      aria-describedby={Object.keys(errors).length ? "store-form-errors" : undefined}
    >
      {Object.keys(errors).length ? (
        <p id="store-form-errors" role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          Please correct the fields marked below. Nothing was saved.
          {actionData?.filesDropped ? " Files you chose were not kept: choose them again." : null}
        </p>
      ) : null}
      <CardSection id="store-heading" title="Store" className="card space-y-4 p-6">
        <Field
          label="Store name"
          inputProps={{ name: "name", defaultValue: values.name, required: true, maxLength: 60, autoComplete: "organization" }}
          errors={errors.name}
        />
        <TextArea label="Bio" name="bio" defaultValue={values.bio} required maxLength={1000} rows={4} errors={errors.bio} />
        <div>
          <span className="label">Logo</span>
          <div className="mt-2 flex items-center gap-4">
            {store?.avatar ? (
              <img src={fileUrl(store.avatar, 200)} alt="Current logo" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
            ) : (
              <span className="block h-16 w-16 rounded-full bg-slate-200" aria-hidden="true" />
            )}
            {store?.avatar ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="removeLogo" defaultChecked={values.removeLogo} /> Remove logo
              </label>
            ) : null}
          </div>
          <FileField
            label={store?.avatar ? "Replace logo" : "Upload a logo"}
            name="avatar"
            accept="image/jpeg,image/png,image/gif,image/webp,image/bmp"
            hint="JPEG, PNG, GIF, WebP or BMP, at most 25MB."
            errors={errors.avatar}
          />
        </div>
      </CardSection>

      <CardSection id="media-heading" title="Images and videos" className="card space-y-4 p-6">
        <p className="text-sm text-slate-600">
          Up to {MAX_MEDIA} images or videos for your store page. Change the numbers to reorder them.
        </p>
        <KeptMedia keep={values.keep} media={media} />
        <FileField
          label="Add images or videos"
          name="images"
          multiple
          accept="image/jpeg,image/png,image/gif,image/webp,image/bmp,video/mp4,video/webm,video/quicktime"
          hint="Each file at most 25MB."
          errors={errors.images}
        />
      </CardSection>

      <CardSection id="payout-heading" title="Payout details" className="card space-y-4 p-6">
        <p className="text-sm text-slate-600">
          The bank account your balance is transferred to. The account number is stored encrypted and shown to others only as
          its last 4 digits{store?.last4 ? ` (****${store.last4})` : ""}.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Account name"
            inputProps={{ name: "accountname", defaultValue: values.accountname, maxLength: 100, autoComplete: "off" }}
            errors={errors.accountname}
          />
          <Field
            label="Account number"
            inputProps={{ name: "accountnumber", defaultValue: values.accountnumber, inputMode: "numeric", autoComplete: "off", maxLength: 20 }}
            errors={errors.accountnumber}
          />
          <Field
            label="Routing number"
            inputProps={{ name: "accountrouting", defaultValue: values.accountrouting, inputMode: "numeric", autoComplete: "off", maxLength: 9 }}
            errors={errors.accountrouting}
          />
          <fieldset>
            <legend className="label">Account type</legend>
            <div className="mt-2 flex gap-6 text-sm">
              {(["checking", "savings"] as const).map((t) => (
                <label key={t} className="flex items-center gap-2">
                  <input type="radio" name="accounttype" value={t} defaultChecked={values.accounttype === t} />
                  {t === "checking" ? "Checking" : "Savings"}
                </label>
              ))}
            </div>
            <ErrorList errors={errors.accounttype} />
          </fieldset>
        </div>
        <div className="rounded-md bg-slate-50 p-4 text-sm">
          {store ? (
            <>
              {/* Once the account is set up the same link reviews it ("Set up" read as a task still to do). */}
              <Link to="/my-finance-stripe" className="font-medium text-brand-700 underline">
                {onboarded ? "Review payment details" : "Set up payment details"}
              </Link>
              <p className="mt-1 text-slate-600">
                {onboarded
                  ? "Your payout account is set up with our payment provider."
                  : "Opens the payment provider's onboarding, where you confirm your identity and bank account to receive payouts."}
              </p>
            </>
          ) : (
            <p className="text-slate-600">Save your store first; then you can set up payment details with our payment provider.</p>
          )}
        </div>
      </CardSection>

      <SubmitButton submitting={submitting}>
        Save
      </SubmitButton>
    </Form>
  );

  return (
    <SellerPage title={store ? "Store Settings" : "Open your store"}>
      {store ? null : (
        <p className="mb-6 text-slate-700">
          Give your store a name and a bio, add a logo and pictures, and save: your store opens and you can upload designs.
        </p>
      )}
      {body}
      {store && shipping ? (
        <ShippingSection
          values={shippingAnswer?.values ?? shipping.values}
          errors={shippingAnswer?.errors ?? {}}
          set={shipping.set}
          submitting={navigation.state === "submitting" && shippingSubmit}
          formKey={shippingAnswer ? JSON.stringify(shippingAnswer) : JSON.stringify(shipping)}
        />
      ) : null}
    </SellerPage>
  );
}

function ShippingSection({
  values,
  errors,
  set,
  submitting,
  formKey,
}: {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  set: boolean;
  submitting: boolean;
  formKey: string;
}) {
  const refused = Object.keys(errors).length > 0;
  return (
    <Form method="post" action="/store-settings?form=shipping" key={formKey} className="mt-8" aria-describedby={refused ? "shipping-form-errors" : undefined}>
      <CardSection id="shipping-heading" title="Shipping" className="card space-y-4 p-6">
        <p className="text-sm text-slate-600">
          What buyers pay to have your made-to-order and ready-to-ship items posted, in dollars. Domestic means the buyer lives in
          the country of your profile. The item with the highest first-item rate is charged that rate once, every other item its
          additional rate. {set ? "" : "You have not set rates yet: your apparel ships free and its price includes shipping."} Printed
          patterns are shipped by the platform. No platform fee is taken on shipping.
        </p>
        {refused ? (
          <p id="shipping-form-errors" role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            Please correct the shipping rates marked below. Nothing was saved.
          </p>
        ) : null}
        <ErrorList errors={errors.form} />
        <ShippingRatesFields values={values} errors={errors} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save-shipping" className="btn" disabled={submitting}>
            <Spinner show={submitting} />
            Save shipping rates
          </button>
          {set ? (
            <button type="submit" name="intent" value="clear-shipping" className="btn-secondary" formNoValidate disabled={submitting}>
              Remove rates (ship free)
            </button>
          ) : null}
        </div>
      </CardSection>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
