/** The design form's props (design-form.tsx) and what its pattern section shows of the current version. */
import type { HeldFileView } from "../held-files";
import type { PatternReading } from "../pattern-reading";
import type { SizeChartFormProps } from "../size-chart-fields";
import type { DesignFormValues } from "~/schemas/selling";

export type DesignFormProps = {
  mode: "create" | "edit";
  productId: number | null;
  /** Edit mode: the design is a draft (decision 106); its buttons save it as one or publish it. */
  draft?: boolean;
  /** The form as typed (strings), shown again with its errors after a refused save. */
  values: DesignFormValues;
  /** What blank layout boxes mean (the standard widths and gap), from the server. */
  layoutHint?: string;
  errors: Record<string, string[]>;
  media: { id: number; media: string }[];
  sizeChart: string | null;
  patternFile: string | null;
  /** The size chart as data (decision 113): the table's sizes and values, below the size chart image. */
  chart?: SizeChartFormProps;
  /** The current pattern version as read from its file (edit mode): preview, units note, changes against the last one. */
  pattern?: PatternSummary | null;
  notice: string | null;
  filesDropped: boolean;
  /** Files kept from the last try (issue 34, item 16), sent back as `held` fields until saved. */
  held?: HeldFileView[];
  /** A re-render key: changes with every answer of the action, so the fields show what it returned. */
  formKey: string;
};

export type PatternSummary = {
  versionLine: string;
  pieceCount: number;
  sizes: string[];
  previewUrl: string;
  /** The new outline over the previous version's, when there is one. */
  compareUrl: string | null;
  previousVersion: number | null;
  /** Said when the file did not name its units. */
  unitsNote: string | null;
  /** The stored file could not be read (never for files uploaded through this form). */
  unreadable: boolean;
} & PatternReading;
