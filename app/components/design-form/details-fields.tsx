import { useState } from "react";

import { ErrorList, Field, useFieldIds, type ListOfErrors } from "../forms";
import { TextArea } from "../form-fields";
import { designFieldId } from "./field-ids";
import type { DesignFormProps } from "./types";
import { DESC_MAX, MIN_PRICE, NAME_MAX, PRODUCT_TYPE_OPTIONS } from "~/schemas/selling";
import { DEFAULT_SUBCATEGORIES, DESIGN_CATEGORIES, HOME_SUBCATEGORIES, PETS_SUBCATEGORIES, subcategoriesFor } from "~/utils/catalog";

import { CardSection } from "~/components/card-section";

const SUBCATEGORY_GROUPS = [
  { label: "Women, Men, Gender Neutral, Teens, Kids", categories: ["women", "men", "gender-neutral", "Teens", "Kids"], items: DEFAULT_SUBCATEGORIES },
  { label: "Home", categories: ["Home"], items: HOME_SUBCATEGORIES },
  { label: "Pets", categories: ["Pets"], items: PETS_SUBCATEGORIES },
] as const;

/**
 * The design's details: name, description with its characters-left counter, price, availability, category and
 * subcategory (with JavaScript, the subcategories follow the category), terms.
 */
export function DesignDetailsFields({
  values,
  errors,
  hydrated,
  category1,
  onTypeChange,
  onCategoryChange,
}: {
  values: DesignFormProps["values"];
  errors: DesignFormProps["errors"];
  hydrated: boolean;
  category1: string;
  onTypeChange: (type: string) => void;
  onCategoryChange: (category1: string) => void;
}) {
  const [descLength, setDescLength] = useState(values.desc.length);
  const groups = hydrated && category1 ? SUBCATEGORY_GROUPS.filter((g) => (g.categories as readonly string[]).includes(category1)) : SUBCATEGORY_GROUPS;

  return (
    <CardSection id="details-heading" title="Design details" className="card space-y-4 p-6">
      <Field
        label="Name"
        inputProps={{ name: "name", id: designFieldId("name"), defaultValue: values.name, required: true, maxLength: NAME_MAX }}
        hint={`At most ${NAME_MAX} characters.`}
        errors={errors.name}
      />
      <TextArea
        label="Description"
        name="desc"
        id={designFieldId("desc")}
        rows={4}
        required
        maxLength={DESC_MAX}
        defaultValue={values.desc}
        onChange={(e) => setDescLength(e.currentTarget.value.length)}
        errors={errors.desc}
        footerId="desc-counter"
        footer={
          <p id="desc-counter" className="mt-1 text-xs text-slate-500" aria-live="polite">
            {Math.max(0, DESC_MAX - descLength)} characters left (at most {DESC_MAX})
          </p>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Price ($)"
          inputProps={{ name: "price", id: designFieldId("price"), type: "number", min: MIN_PRICE, step: "0.01", defaultValue: values.price, required: true, inputMode: "decimal" }}
          hint={`At least $${MIN_PRICE}.00.`}
          errors={errors.price}
        />
        <Select
          label="Availability"
          name="type"
          id={designFieldId("type")}
          defaultValue={values.type}
          onChange={(e) => onTypeChange(e.currentTarget.value)}
          errors={errors.type}
          required
        >
          {PRODUCT_TYPE_OPTIONS.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </Select>
        <Select
          label="Category"
          name="category1"
          id={designFieldId("category1")}
          defaultValue={values.category1}
          onChange={(e) => onCategoryChange(e.currentTarget.value)}
          errors={errors.category1}
          required
        >
          {DESIGN_CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </Select>
        <Select
          label="Subcategory"
          name="category2"
          id={designFieldId("category2")}
          defaultValue={hydrated && category1 && !subcategoriesFor(category1).some((c) => c.id === values.category2) ? "" : values.category2}
          key={hydrated ? category1 : "all"}
          errors={errors.category2}
          required
        >
          {groups.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.items.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </div>
      <TextArea label="Terms & Conditions (optional)" name="terms" id={designFieldId("terms")} rows={3} maxLength={2000} defaultValue={values.terms} errors={errors.terms} />
    </CardSection>
  );
}

function Select({
  label,
  errors,
  children,
  ...props
}: { label: string; errors?: ListOfErrors; children: React.ReactNode } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const { id, errorId, aria } = useFieldIds(props.id, errors);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select {...props} id={id} className="input mt-1" {...aria}>
        <option value="">Select…</option>
        {children}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
