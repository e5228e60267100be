import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";

import { Note } from "~/components/flash";
import { ErrorList, Field, FormErrors, SubmitButton } from "~/components/forms";
import { helpAnswer } from "~/models/messaging/errors.server";
import { submitHelpRequest } from "~/models/messaging/help.server";
import { HELP_ERROR_FIELDS, HelpSchema } from "~/schemas/messages";
import { clientKeyOf } from "~/auth/login.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/mail.server";
import { HELP_SENT } from "~/utils/messages";
import { getUser } from "~/auth/viewer.server";
import { readPageMultipart } from "~/utils/multipart.server";

/** The form's fields: the shared schema and, for visitors, the résumé file (checked on the server by content). */
const HelpFormSchema = HelpSchema.extend({ resume: z.any().optional() });

/** Spec 9: the help success message hides after 4500 ms (with JavaScript; without, it stays). */
const SENT_NOTE_MS = 4500;

export const meta: MetaFunction = () => [{ title: "Help · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return {
    visitor: !user,
    defaults: user ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : { name: "", email: "" },
    sent: new URL(request.url).searchParams.get("sent") === "1",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await getUser(request);
  const upload = await readPageMultipart(request, { maxFiles: 1 });
  try {
    const submission = parseWithZod(upload.fields, { schema: HelpSchema });
    const tooLarge = upload.problems.find((p) => p.field === "resume");
    if (submission.status !== "success" || tooLarge) {
      return data(submission.reply({ fieldErrors: tooLarge ? { resume: [tooLarge.message] } : undefined }), { status: 400 });
    }
    // Portfolio, social media and website are the visitors' fields (spec 2.3).
    const resume = user ? null : (upload.files.find((f) => f.field === "resume") ?? null);
    const { social_media, website, ...rest } = submission.value;
    const result = await submitHelpRequest({
      db: getDb(),
      input: user ? rest : { ...rest, socialMedia: social_media, website },
      resume,
      userId: user?.id ?? null,
      clientKey: clientKeyOf(request),
      origin: publicOrigin(request),
    });
    if (!result.ok) {
      const { status, message } = helpAnswer(result);
      const field = HELP_ERROR_FIELDS[result.error];
      const errors = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
      return data(submission.reply(errors), { status });
    }
    return redirect("/help?sent=1");
  } finally {
    await upload.cleanup();
  }
}

export default function HelpPage() {
  const { visitor, defaults, sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useForm<z.input<typeof HelpFormSchema>>({
    id: "help",
    lastResult,
    constraint: getZodConstraint(HelpFormSchema),
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HelpFormSchema }),
  });
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">Help</h1>
      <p className="mt-2 text-slate-600">
        Questions about an order, a pattern or your account? Designers who would like to sell here and want to ask
        first: tell us about your work{visitor ? " and attach your portfolio or résumé" : ""}.
      </p>
      {sent ? <SentNote key={location.key} /> : null}
      <Form method="post" action="/help" encType="multipart/form-data" {...getFormProps(form)} key={sent ? location.key : "form"} className="mt-6 space-y-4">
        <Field label="Name" inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} errors={fields.name.errors} />
        <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
        <div>
          <label htmlFor={fields.message.id} className="label">
            Message
          </label>
          <textarea
            {...getTextareaProps(fields.message)}
            rows={6}
            className="input mt-1"
            aria-invalid={fields.message.errors ? true : undefined}
            aria-describedby={fields.message.errors ? fields.message.errorId : undefined}
          />
          <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        {visitor ? (
          <>
            <Field
              label="Portfolio / résumé (PDF, DOC, DOCX or an image, up to 25 MB)"
              inputProps={{
                ...getInputProps(fields.resume, { type: "file" }),
                accept: ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/*",
              }}
              errors={fields.resume.errors}
            />
            <Field label="Social media" inputProps={getInputProps(fields.social_media, { type: "text" })} errors={fields.social_media.errors} />
            <Field
              label="Website"
              inputProps={{ ...getInputProps(fields.website, { type: "url" }), placeholder: "https://" }}
              errors={fields.website.errors}
            />
          </>
        ) : null}
        <FormErrors form={form} />
        <SubmitButton submitting={submitting}>
          Send
        </SubmitButton>
      </Form>
    </div>
  );
}

function SentNote() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), SENT_NOTE_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="mt-6">
      <Note kind="success">{HELP_SENT}</Note>
    </div>
  );
}
