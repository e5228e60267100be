import { useEffect, useState } from "react";

import type { Flash } from "~/utils/cookie-session.server";

/** A one-time note after a redirect. Without JavaScript it stays; with it, it vanishes after `ms`. */
export function FlashNote({ flash, ms = 3000 }: { flash: Flash | null; ms?: number }) {
  const [visible, setVisible] = useState(Boolean(flash));
  useEffect(() => {
    setVisible(Boolean(flash));
    if (!flash) return;
    const timer = setTimeout(() => setVisible(false), ms);
    return () => clearTimeout(timer);
  }, [flash, ms]);
  if (!flash || !visible) return null;
  return <Note kind={flash.kind}>{flash.message}</Note>;
}

export function Note({ kind, children, id }: { kind: "success" | "error"; children: React.ReactNode; id?: string }) {
  return (
    <div
      id={id}
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-md border px-4 py-3 text-sm ${
        kind === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-800"
      }`}
    >
      {children}
    </div>
  );
}
