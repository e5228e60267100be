/**
 * What the reader found in the current pattern file, on the seller's edit screen (decision 100): every warning of
 * the reading, the pieces by size (laid on the grain, unfolded when cut on the fold), the fabric per material and
 * width, and the "Read as" form that reads the file again in the units the seller chooses. Server-rendered plain
 * tables and a plain form: all of it works without JavaScript; the tables scroll inside their own box on a phone.
 */
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { ErrorList, Spinner } from "./forms";
import { TableScroll } from "./table-scroll";
import type { PieceFact } from "~/models/patterns/pieces";
import type { PatternUnits, UnitsSource } from "~/models/patterns/types";
import { PATTERN_UNITS_CHOICES } from "~/schemas/selling";

import { CardSection } from "~/components/card-section";

export type PatternReading = {
  units: PatternUnits | null;
  unitsSource: UnitsSource | null;
  /** The "Read as" choice in force: the seller's units, or 'file'. */
  unitsChoice: PatternUnits | "file";
  warnings: string[];
  pieceList: PieceFact[];
  /**
   * The fabric to buy per material, size and width (mm, margin included): from the cutting layouts on the seller's
   * widths (`source` "layout"), the area estimate where a layout is not ready ("estimate"; also when no source).
   */
  fabricByWidth: { material: string; size: string; widthMm: number; lengthMm: number; fits: boolean; source?: "layout" | "estimate" }[];
};

const UNIT_NAMES: Record<PatternUnits, string> = { mm: "millimetres", cm: "centimetres", in: "inches" };
const SOURCE_TEXT: Record<UnitsSource, string> = {
  header: "as the file's header says",
  text: "as the file's Units text says",
  inferred: "worked out from the size of the pieces",
  seller: "as you chose",
};

const mm = (n: number) => n.toFixed(1);
/** The length to buy in metres, up to the next 0.1 m (as the product page rounds). */
const metres = (lengthMm: number) => (Math.ceil(lengthMm / 100 - 1e-9) / 10).toFixed(1);

export function PatternReadingPanel({ reading, sizes, errors }: { reading: PatternReading; sizes: string[]; errors?: string[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "units";
  const materials = [...new Set(reading.fabricByWidth.map((f) => f.material))];
  const widths = [...new Set(reading.fabricByWidth.map((f) => f.widthMm))];
  const fabricOf = new Map(reading.fabricByWidth.map((f) => [`${f.material}\u0000${f.widthMm}\u0000${f.size}`, f]));
  return (
    <CardSection id="pattern-reading-heading" title="What we read from the pattern file" className="card mt-6 min-w-0 space-y-4 p-6">
      {reading.units && reading.unitsSource ? (
        <p className="text-sm" data-testid="pattern-units">
          Read in {UNIT_NAMES[reading.units]}, {SOURCE_TEXT[reading.unitsSource]}.
        </p>
      ) : null}
      {reading.warnings.length ? (
        <ul aria-label="Warnings about the reading" className="list-disc space-y-1 rounded border border-amber-300 bg-amber-50 p-3 pl-8 text-sm text-amber-900">
          {reading.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}

      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="pattern-units" className="label">
            Read as
          </label>
          <select
            id="pattern-units"
            name="units"
            defaultValue={reading.unitsChoice}
            className="input"
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? "pattern-units-error" : "pattern-units-hint"}
          >
            {PATTERN_UNITS_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" name="intent" value="units" className="btn-secondary" disabled={busy}>
          <Spinner show={busy} /> Read the file again
        </button>
        <p id="pattern-units-hint" className="w-full text-xs text-slate-500">
          If the pieces come out too small or too large, choose the units the file was drawn in.
        </p>
        <ErrorList id="pattern-units-error" errors={errors} />
      </Form>

      <h3 className="font-medium">Pieces</h3>
      <p className="text-xs text-slate-500">Width × height in mm as laid on the grain (unfolded when cut on the fold), and the notches, per size.</p>
      <SizeTable
        label="Pieces by size"
        testId="pattern-pieces"
        columns={["Piece", "Cut", "On fold", "Material"]}
        sizes={sizes}
        rows={reading.pieceList.map((p, i) => ({
          key: `${p.name}-${i}`,
          name: p.name,
          cells: (
            <>
              <td className="whitespace-nowrap py-2 pr-4">{p.cutText}</td>
              <td className="py-2 pr-4">{p.onFold ? "Yes" : "No"}</td>
              <td className="py-2 pr-4">{p.material}</td>
            </>
          ),
          bySize: (s) => {
            const cell = p.sizes[s];
            return cell ? (
              <>
                {mm(cell.widthMm)} × {mm(cell.heightMm)}
                <span className="block text-xs text-slate-500">
                  {cell.notches} {cell.notches === 1 ? "notch" : "notches"}
                </span>
              </>
            ) : null;
          },
        }))}
      />

      <h3 className="font-medium">Fabric needed</h3>
      <p className="text-xs text-slate-500">
        Metres to buy per material and fabric width, from each size&rsquo;s cutting layout, margin included: the figures buyers see.
      </p>
      <SizeTable
        label="Fabric needed by size"
        testId="pattern-fabric"
        columns={["Material", "Width"]}
        sizes={sizes}
        rows={materials.flatMap((m) =>
          widths.map((w) => ({
            key: `${m}-${w}`,
            name: m,
            cells: <td className="whitespace-nowrap py-2 pr-4">{w / 10} cm</td>,
            bySize: (s) => {
              const f = fabricOf.get(`${m}\u0000${w}\u0000${s}`);
              if (!f) return null;
              return `${f.source === "layout" ? "" : "≈ "}${metres(f.lengthMm)} m${f.fits ? "" : " *"}`;
            },
          })),
        )}
      />
      {reading.fabricByWidth.some((f) => f.source !== "layout") ? (
        <p className="text-xs text-slate-500">≈ An estimate from the pieces&rsquo; area: the layout of that size and width is still being prepared.</p>
      ) : null}
      {reading.fabricByWidth.some((f) => !f.fits) ? (
        <p className="text-xs text-slate-500">* A piece is wider than this fabric: the length is a lower bound.</p>
      ) : null}
    </CardSection>
  );
}

type SizeRow = {
  key: string;
  /** The row's heading (its first cell). */
  name: string;
  /** The cells between the heading and the sizes. */
  cells: ReactNode;
  /** What the row says for a size; null shows a dash. */
  bySize: (size: string) => ReactNode;
};

/** A table with a row per thing read (its heading, its own cells) and a column per size, scrolling in its own box. */
function SizeTable({ label, testId, columns, sizes, rows }: { label: string; testId: string; columns: string[]; sizes: string[]; rows: SizeRow[] }) {
  return (
    <TableScroll label={label}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="py-2 pr-4">
                {c}
              </th>
            ))}
            {sizes.map((s) => (
              <th key={s} scope="col" className="whitespace-nowrap py-2 pr-4">
                {s}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="py-2 pr-4 font-medium">
                {row.name}
              </th>
              {row.cells}
              {sizes.map((s) => (
                <td key={s} className="whitespace-nowrap py-2 pr-4 tabular-nums">
                  {row.bySize(s) ?? "—"}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
