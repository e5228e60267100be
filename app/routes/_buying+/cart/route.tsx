import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { CartRowItem, CartTotals } from "~/components/cart-rows";
import { ErrorList, Spinner, useFieldIds } from "~/components/forms";
import { ImportNotice } from "~/components/import-notice";
import { isProfileComplete } from "~/models/accounts/profile.server";
import { getCartView } from "~/models/buying/cart.server";
import { DIGITAL_CONSENT_LABEL, needsDigitalConsent } from "~/models/buying/consent";
import { sweepExpiredCheckouts } from "~/models/buying/checkout.server";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { addAction, checkoutAction, discountAction, removeAction, type CheckoutProblem, type DiscountProblem } from "~/routes/_buying+/cart/actions.server";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { getCartOwner } from "~/auth/viewer.server";
import { getUser } from "~/auth/viewer.server";

export const meta: MetaFunction = () => [{ title: "Cart · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await getUser(request);
  if (user) await sweepExpiredCheckouts({ db, userId: user.id });
  const cart = await getCartView({ db, owner: await getCartOwner(request) });
  // A code entered earlier that no longer applies (ended, used up, its designs gone) says why, at its field.
  const discountNote = cart.discount?.error ? BUYING_ERRORS.discount[cart.discount.error].message : null;
  return {
    cart,
    discountNote,
    loggedIn: Boolean(user),
    profileComplete: user ? isProfileComplete(user) : true,
    /** The profile's company name, the VAT number row's default (issue 46, item 1). */
    companyName: user?.companyName ?? "",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "add") return addAction(request, formData);
  if (intent === "remove") return removeAction(request, formData);
  if (intent === "checkout") return checkoutAction(request, formData);
  if (intent === "apply-discount" || intent === "remove-discount") return discountAction(request, formData);
  return data({ problem: "other" as const, message: "Unknown action" }, { status: 400 });
}

export default function CartPage() {
  const { cart, discountNote, loggedIn, profileComplete, companyName } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const problem = answer && "problem" in answer ? answer : undefined;
  const discountProblem = answer && "field" in answer ? answer : undefined;
  const navigation = useNavigation();
  const checkingOut = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const empty = cart.lines.length === 0;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 id="cart-heading" tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
        Your cart
      </h1>
      {empty ? (
        <p className="mt-8 text-slate-600">
          Your cart is empty.{" "}
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            Start shopping!
          </Link>
        </p>
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <ul className="divide-y divide-slate-200" aria-label="Cart items">
            {cart.lines.map((row) => (
              <CartRowItem key={row.id} row={{ ...row, lineCents: row.shown.cents, priceNote: row.shown.note }} error={problem?.problem === "line" && problem.lineId === row.id ? problem.message : undefined} />
            ))}
          </ul>
          <aside className="card h-fit space-y-4 p-6" aria-label="Order total">
            <CartTotals {...cart} />
            <ImportNotice text={cart.importNotice} />
            <DiscountCodeForm applied={cart.discount} problem={discountProblem} note={discountNote} />
            <CheckoutProblemNote problem={problem} loggedIn={loggedIn} profileComplete={profileComplete} />
            <Form method="post">
              <input type="hidden" name="intent" value="checkout" />
              {needsDigitalConsent(cart.lines) ? <DigitalConsentBox error={problem?.problem === "consent" ? problem.message : undefined} /> : null}
              {loggedIn && cart.tax.mode === "vat" && cart.tax.country ? (
                <VatNumberField
                  error={problem?.problem === "vat_number" ? problem.message : undefined}
                  companyError={problem?.problem === "company_name" ? problem.message : undefined}
                  value={problem && "vatNumber" in problem ? problem.vatNumber : undefined}
                  company={problem && "companyName" in problem ? problem.companyName : companyName}
                />
              ) : null}
              <button type="submit" className="btn w-full" disabled={checkingOut}>
                <Spinner show={checkingOut} />
                Checkout
              </button>
            </Form>
          </aside>
        </div>
      )}
    </div>
  );
}

/** The discount code field: a plain form post (works without JavaScript); the code applied, with a Remove button. */
function DiscountCodeForm({
  applied,
  problem,
  note,
}: {
  applied: { code: string; cents: number; error: string | null } | null;
  problem?: DiscountProblem;
  note: string | null;
}) {
  const navigation = useNavigation();
  const applying = navigation.state !== "idle" && navigation.formData?.get("intent") === "apply-discount";
  const errors = problem ? [problem.message] : note ? [note] : undefined;
  const { id, errorId, aria } = useFieldIds("discount-code", errors);
  return (
    <div className="space-y-2">
      <Form method="post" className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium">
          Discount code
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            name="discount_code"
            className="input min-w-0 flex-1"
            defaultValue={applied?.code ?? ""}
            maxLength={32}
            autoComplete="off"
            {...aria}
          />
          <button type="submit" name="intent" value="apply-discount" className="btn-secondary" disabled={applying}>
            <Spinner show={applying} />
            Apply
          </button>
        </div>
        <ErrorList id={errorId} errors={errors} />
      </Form>
      {applied ? (
        <Form method="post">
          <button type="submit" name="intent" value="remove-discount" className="text-sm text-brand-700 underline">
            Remove code {applied.code}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** A business buyer's VAT number (decision 123): optional; a valid one of another member state is a reverse charge. */
/**
 * A business buyer's row (decision 123, issue 46 item 1): its VAT number, confirmed with VIES or HMRC at checkout, and
 * the company's name for the invoice (the profile's by default).
 */
function VatNumberField({ error, companyError, value, company }: { error?: string; companyError?: string; value?: string; company?: string }) {
  return (
    <fieldset className="mb-4 space-y-2">
      <legend className="text-sm font-medium">Buying as a business (optional)</legend>
      <BusinessInput idBase="company-name" name="company_name" label="Company name" value={company} maxLength={120} autoComplete="organization" error={companyError} />
      <BusinessInput idBase="vat-number" name="vat_number" label="VAT number" value={value} maxLength={20} autoComplete="off" error={error} />
      <p className="text-xs text-slate-500">
        An EU or UK business buying downloads gives its VAT number: once the EU&apos;s VIES or HMRC confirms it, no VAT is charged (reverse charge) and the
        invoice names the company.
      </p>
    </fieldset>
  );
}

/** One input of the business row, its refusal shown and announced at it. */
function BusinessInput({
  idBase,
  name,
  label,
  value,
  maxLength,
  autoComplete,
  error,
}: {
  idBase: string;
  name: string;
  label: string;
  value?: string;
  maxLength: number;
  autoComplete: string;
  error?: string;
}) {
  const { id, errorId, aria } = useFieldIds(idBase, error ? [error] : undefined);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm">
        {label}
      </label>
      <input id={id} name={name} className="input w-full" defaultValue={value ?? ""} maxLength={maxLength} autoComplete={autoComplete} {...aria} />
      <ErrorList id={errorId} errors={error ? [error] : undefined} />
    </div>
  );
}

/** The download consent box (decision 107): unticked by default, its refusal shown and announced at it. */
function DigitalConsentBox({ error }: { error?: string }) {
  const { id, errorId, aria } = useFieldIds("digital-consent", error ? [error] : undefined);
  return (
    <div className="mb-4">
      <label htmlFor={id} className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" id={id} name="digital_consent" className="mt-0.5 h-4 w-4 accent-brand-600" {...aria} />
        <span>{DIGITAL_CONSENT_LABEL}</span>
      </label>
      <ErrorList id={errorId} errors={error ? [error] : undefined} />
    </div>
  );
}

function CheckoutProblemNote({
  problem,
  loggedIn,
  profileComplete,
}: {
  problem?: CheckoutProblem;
  loggedIn: boolean;
  profileComplete: boolean;
}) {
  if (problem?.problem === "login" || (problem && !loggedIn)) {
    return (
      <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <p>{problem.message}</p>
        <Link to="/login?redirectTo=%2Fcart" className="btn mt-3 w-full">
          Log in
        </Link>
      </div>
    );
  }
  if (problem?.problem === "profile" || (loggedIn && !profileComplete)) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700">
        Your profile is incomplete: a shipping address and phone number are needed to check out.{" "}
        <Link to="/settings?redirectTo=%2Fcart" className="underline">
          Complete your profile in Settings
        </Link>
      </p>
    );
  }
  if (problem && problem.problem !== "consent" && problem.problem !== "vat_number" && problem.problem !== "line") {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
        {problem.message}
      </p>
    );
  }
  return null;
}
