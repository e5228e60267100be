import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";

import { ApparelFields } from "./design-form/apparel-fields";
import { DesignDetailsFields } from "./design-form/details-fields";
import { designFieldId, designFieldLabel } from "./design-form/field-ids";
import { MediaFields } from "./design-form/media-fields";
import { PatternFields } from "./design-form/pattern-fields";
import type { DesignFormProps } from "./design-form/types";
import { ErrorList, Spinner } from "./forms";
import { useHydrated } from "./use-hydrated";

/**
 * The design form of /create-design and /edit-product/{id} (spec 5). Without JavaScript every section is
 * shown, with headings saying which availability it belongs to; with JavaScript the sections that do not
 * apply are hidden, the subcategories follow the category and the characters-left counter counts live.
 */
export function DesignForm(props: DesignFormProps) {
  // A new answer of the action starts the form afresh from the values it returned.
  return <DesignFormFields key={props.formKey} {...props} />;
}

function DesignFormFields(props: DesignFormProps) {
  const { mode, values, errors, media, sizeChart, patternFile, pattern } = props;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [type, setType] = useState(values.type);
  const [category1, setCategory1] = useState(values.category1);
  const showPattern = !hydrated || type === "Pattern" || type === "";
  const showApparel = !hydrated || type !== "Pattern";
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-8"
      aria-describedby={hasErrors ? "design-form-errors" : undefined}
    >
      {hasErrors ? (
        <div id="design-form-errors" role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p>Please correct the fields marked below. Nothing was saved.</p>
          {props.filesDropped ? <p>Files that were refused were not kept: choose them again, or others, before saving.</p> : null}
          {props.held?.length ? <p>The files that passed their checks are kept for your next save, listed at their fields.</p> : null}
          <ErrorList errors={errors.form} />
          {/* The fields to correct, each linked: the form is long and the page loads at its top (issue 34, item 15). */}
          <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="design-error-links">
            {[...new Set(Object.keys(errors).filter((key) => errors[key]?.length))].flatMap((key) => {
              const label = designFieldLabel(key);
              return label ? (
                <li key={key}>
                  <a href={`#${designFieldId(key)}`} className="underline">
                    {label}
                  </a>
                </li>
              ) : [];
            })}
          </ul>
        </div>
      ) : props.notice ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {props.notice}
        </p>
      ) : null}

      <DesignDetailsFields
        values={values}
        errors={errors}
        hydrated={hydrated}
        category1={category1}
        onTypeChange={setType}
        onCategoryChange={setCategory1}
      />

      <MediaFields values={values} errors={errors} media={media} sizeChart={sizeChart} chart={props.chart} held={props.held} />

      {showPattern ? (
        <PatternFields
          hydrated={hydrated}
          values={values}
          errors={errors}
          patternFile={patternFile}
          pattern={pattern}
          held={props.held}
          layoutHint={props.layoutHint}
        />
      ) : null}

      {showApparel ? <ApparelFields hydrated={hydrated} values={values} errors={errors} /> : null}

      <div className="flex flex-wrap items-center gap-4">
        {/* Two submit buttons (decision 106): with JavaScript off the one pressed sends its intent. */}
        {props.draft ? (
          <>
            <button type="submit" name="intent" value="publish" className="btn" disabled={submitting}>
              <Spinner show={submitting && navigation.formData?.get("intent") === "publish"} />
              Save and publish
            </button>
            <button type="submit" name="intent" value="save" className="btn-secondary" disabled={submitting}>
              <Spinner show={submitting && navigation.formData?.get("intent") === "save"} />
              Save draft
            </button>
          </>
        ) : (
          <>
            <button type="submit" name="intent" value="save" className="btn" disabled={submitting}>
              <Spinner show={submitting && navigation.formData?.get("intent") === "save"} />
              {mode === "create" ? "Create Design" : "Save"}
            </button>
            <button type="submit" name="intent" value="draft" className="btn-secondary" disabled={submitting}>
              <Spinner show={submitting && navigation.formData?.get("intent") === "draft"} />
              Save as draft
            </button>
          </>
        )}
        {mode === "edit" && props.productId ? (
          <Link to={`/edit-product/${props.productId}?remove=1`} className="btn-secondary text-red-700">
            Remove
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
