/** How each size is drawn in a print file: its colour, its dash pattern and its name. */
import { CUSTOM_SIZE, CUSTOM_SIZE_LABEL } from "../interpolate";
import { K } from "./paper";

const PALETTE: [number, number, number][] = [
  [0.8, 0.1, 0.1],
  [0.1, 0.35, 0.8],
  [0.05, 0.5, 0.2],
  [0.85, 0.45, 0],
  [0.5, 0.15, 0.65],
  [0, 0.52, 0.58],
  [0.75, 0.1, 0.5],
  [0.45, 0.32, 0.1],
  [0.3, 0.3, 0.3],
  [0.55, 0.55, 0],
  [0.95, 0.25, 0.45],
  [0.2, 0.45, 0.35],
  [0.3, 0.3, 0.75],
  [0.65, 0.35, 0.25],
  [0.1, 0.6, 0.85],
];

export function sizeColour(i: number, dark: boolean, size?: string): [number, number, number] {
  const c = size === CUSTOM_SIZE ? CUSTOM_COLOUR : PALETTE[i % PALETTE.length];
  return dark ? (c.map((v) => v + (1 - v) * 0.5) as [number, number, number]) : c;
}

/**
 * The buyer's own size (made to measure, decision 114): a size named `custom` drawn last (over the graded sizes),
 * solid, in a colour of its own, thicker, and named "Your size" wherever sizes are named.
 */
const CUSTOM_COLOUR: [number, number, number] = [0.9, 0, 0.35];
export const sizeLabel = (size: string) => (size === CUSTOM_SIZE ? CUSTOM_SIZE_LABEL : `Size ${size}`);
export const sizeName = (size: string) => (size === CUSTOM_SIZE ? CUSTOM_SIZE_LABEL : size);
export const sizeList = (sizes: string[]) => sizes.map(sizeName).join(", ");

/**
 * Each size's cut line in black and white (decision 098): its own dash pattern (mm, for the print's 0.8 pt line),
 * cycling; the sample size (else the first) solid. Dots are zero-length dashes drawn by the round caps.
 */
const DASHES_MM: number[][] = [
  [],
  [6, 2],
  [6, 1.5, 0, 1.5],
  [6, 1.5, 0, 1.5, 0, 1.5],
  [0, 1.2],
  [3, 1.5],
  [6, 1.5, 2.5, 1.5],
  [10, 2, 0, 2, 0, 2, 0, 2],
];

/** The dash pattern of each size (in pt, projector files twice as long): the sample size solid, then the cycle. */
export function sizeDashes(sizes: string[], sample: string | undefined, projector: boolean): number[][] {
  const first = Math.max(0, sample ? sizes.indexOf(sample) : 0);
  return sizes.map((size, i) => {
    if (size === CUSTOM_SIZE) return [];
    const rank = i === first ? 0 : i < first ? i + 1 : i;
    return DASHES_MM[rank % DASHES_MM.length].map((v) => v * K * (projector ? 2 : 1));
  });
}
