import { Link } from "@remix-run/react";

export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="mb-6 text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </div>
    </div>
  );
}

export function LegalLine() {
  return (
    <p className="mt-4 text-center text-xs text-slate-500">
      By continuing you agree to our{" "}
      <Link to="/terms" className="underline">
        Terms &amp; Conditions
      </Link>{" "}
      and{" "}
      <Link to="/privacy" className="underline">
        Privacy Policy
      </Link>
      .
    </p>
  );
}
