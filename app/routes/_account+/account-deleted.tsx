import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Account deleted · Patternhouse" }];

/** Where a user lands after deleting their account on /settings (logged out by then). */
export default function AccountDeleted() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Your account has been deleted</h1>
      <p className="mt-4 text-slate-700">
        Your personal data has been removed and you have been logged out. Orders and payments are kept, without your name
        or address, for the sellers&apos; and the tax records.
      </p>
      <p className="mt-6">
        <Link to="/" className="btn">
          Back to the shop
        </Link>
      </p>
    </div>
  );
}
