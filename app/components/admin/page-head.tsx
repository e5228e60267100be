import { Link } from "@remix-run/react";

import { CardSection } from "~/components/card-section";
import { Note } from "~/components/flash";

/** The head of an admin record page (order, store, user): the link back to its list, then the page's heading. */
export function AdminPageTitle({ id, back, children }: { id: string; back: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <>
      <p className="text-sm">
        <Link to={back.to} className="text-brand-700 hover:underline">
          {`← ${back.label}`}
        </Link>
      </p>
      <h1 id={id} className="mt-2 text-2xl font-bold tracking-tight">
        {children}
      </h1>
    </>
  );
}

/** An action's refusal at the head of an admin page; nothing when there is none. */
export function AdminError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="mt-4">
      <Note kind="error">{message}</Note>
    </div>
  );
}

/** A card of an admin record page, labelled by its heading. */
export function AdminSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <CardSection id={id} title={title} className="card mt-6 p-6">
      {children}
    </CardSection>
  );
}
