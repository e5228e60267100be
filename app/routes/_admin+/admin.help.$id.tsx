import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { getHelpRequest } from "~/models/messaging/help.server";
import { getFileRecord } from "~/models/files/store.server";
import { getDb } from "~/utils/db.server";
import { formatMessageDate } from "~/utils/dates";
import { fileUrl } from "~/utils/media";
import { invariantResponse } from "~/utils/invariant";
import { requireAdmin } from "~/auth/guards.server";
import { lookupId } from "~/utils/ids";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Help request #${data.id} · Admin · Patternhouse` : "Help request not found · Patternhouse" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const found = await getHelpRequest({ db, id: lookupId(params.id) });
  invariantResponse(found, "Not found", { status: 404 });
  const resume = found.resumeFile ? await getFileRecord({ db, name: found.resumeFile }) : undefined;
  return {
    id: found.id,
    date: formatMessageDate(found.createdAt),
    name: found.name,
    email: found.email,
    message: found.message,
    socialMedia: found.socialMedia,
    website: found.website,
    userId: found.userId,
    // The résumé is private: GET /api/files/{name} serves it to administrators only.
    resume: resume ? { href: fileUrl(resume.name), originalName: resume.originalName, size: resume.size } : null,
  };
}

export default function AdminHelpRequest() {
  const r = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl">
      <Link to="/admin/help" className="text-sm text-slate-600 hover:text-brand-700">
        ← Help requests
      </Link>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Help request #{r.id}</h1>
      <dl className="mt-6 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-500">Received (UTC)</dt>
        <dd>{r.date}</dd>
        <dt className="text-slate-500">Name</dt>
        <dd>{r.name}</dd>
        <dt className="text-slate-500">Email</dt>
        <dd>
          <a href={`mailto:${r.email}`} className="text-brand-700 hover:underline">
            {r.email}
          </a>
        </dd>
        {r.userId !== null ? (
          <>
            <dt className="text-slate-500">Account</dt>
            <dd>
              <Link to={`/admin/user/${r.userId}`} className="text-brand-700 hover:underline">
                User #{r.userId}
              </Link>
            </dd>
          </>
        ) : null}
        <dt className="text-slate-500">Social media</dt>
        <dd>{r.socialMedia || "—"}</dd>
        <dt className="text-slate-500">Website</dt>
        <dd>
          {r.website ? (
            <a href={r.website} className="text-brand-700 hover:underline" rel="noreferrer noopener nofollow" target="_blank">
              {r.website}
            </a>
          ) : (
            "—"
          )}
        </dd>
        <dt className="text-slate-500">Portfolio / résumé</dt>
        <dd>
          {r.resume ? (
            <a href={r.resume.href} className="text-brand-700 hover:underline" download>
              Download {r.resume.originalName}
            </a>
          ) : (
            "—"
          )}
        </dd>
      </dl>
      <h2 className="mt-8 text-lg font-semibold">Message</h2>
      <p className="mt-2 whitespace-pre-line rounded-md border border-slate-200 p-4">{r.message}</p>
    </div>
  );
}
