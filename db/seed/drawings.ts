/** The demo images, drawn as SVG and encoded as WebP: product silhouettes, size charts, banners and avatars. */
import sharp from "sharp";

import type { Asset } from "./uploads";
import { SIZE_CHARTS, type ChartKind, type Color, type Shape } from "./words";

const WEBP = { quality: 78, effort: 2 } as const;
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function webpAsset(key: string, svg: string, originalName: string): Promise<Asset> {
  const data = await sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
  return { key, data, originalName: `${originalName}.webp`, contentType: "image/webp", kind: "media" };
}

export const SHAPE_LABELS: Record<Shape, string> = {
  top: "Tops",
  dress: "Dresses",
  pants: "Pants",
  skirt: "Skirts",
  jacket: "Outerwear",
  pet: "Pets",
  cushion: "Home",
  tote: "Accessories",
  curtain: "Curtains",
};

/** Garment silhouettes on an 800x1000 canvas. */
function shapeSvg(shape: Shape, c: Color): string {
  const outline = (d: string) =>
    `<path d="${d}" fill="${c.main}" stroke="${c.ink}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="3" stroke-dasharray="14 10" transform="translate(400 500) scale(0.92) translate(-400 -500)"/>`;
  switch (shape) {
    case "top":
      return outline("M300 180 Q400 250 500 180 L640 240 L720 420 L620 460 L580 380 L580 800 L220 800 L220 380 L180 460 L80 420 L160 240 Z");
    case "dress":
      return outline("M320 160 Q400 220 480 160 L520 190 L500 420 L640 820 L160 820 L300 420 L280 190 Z");
    case "pants":
      return outline("M250 160 L550 160 L600 840 L450 840 L400 380 L350 840 L200 840 Z");
    case "skirt":
      return outline("M280 220 L520 220 L520 270 L650 780 L150 780 L280 270 Z");
    case "jacket":
      return (
        outline("M310 170 L400 300 L490 170 L620 220 L720 700 L630 720 L580 420 L580 820 L220 820 L220 420 L170 720 L80 700 L180 220 Z") +
        `<line x1="400" y1="300" x2="400" y2="820" stroke="${c.ink}" stroke-width="5"/>` +
        [380, 480, 580, 680].map((y) => `<circle cx="425" cy="${y}" r="10" fill="${c.ink}"/>`).join("")
      );
    case "pet":
      return (
        `<g fill="#9a8f84" stroke="${c.ink}" stroke-width="4">` +
        `<rect x="250" y="560" width="44" height="200" rx="18"/><rect x="330" y="570" width="44" height="190" rx="18"/>` +
        `<rect x="460" y="570" width="44" height="190" rx="18"/><rect x="540" y="560" width="44" height="200" rx="18"/>` +
        `<path d="M190 470 Q120 420 140 360" fill="none" stroke-width="22" stroke-linecap="round"/>` +
        `<path d="M530 450 L600 340 L680 390 L610 500 Z"/><circle cx="640" cy="350" r="80"/><ellipse cx="690" cy="285" rx="28" ry="58"/></g>` +
        outline("M190 520 Q200 400 400 390 Q600 400 610 520 Q600 640 400 650 Q200 640 190 520 Z")
      );
    case "cushion":
      return (
        outline("M200 290 Q400 250 600 290 Q640 500 600 710 Q400 750 200 710 Q160 500 200 290 Z") +
        `<circle cx="400" cy="500" r="16" fill="${c.ink}"/>`
      );
    case "tote":
      return (
        `<path d="M300 390 Q300 200 400 200 Q500 200 500 390" fill="none" stroke="${c.ink}" stroke-width="22"/>` +
        outline("M220 380 L580 380 L610 830 L190 830 Z")
      );
    case "curtain":
      return (
        `<rect x="110" y="170" width="580" height="14" rx="7" fill="${c.ink}"/>` +
        outline("M140 190 L380 190 L340 840 L140 840 Z") +
        outline("M420 190 L660 190 L660 840 L460 840 Z")
      );
  }
}

export function productImageSvg(shape: Shape, c: Color): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">
<defs><pattern id="dots" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="3" fill="${c.ink}" fill-opacity="0.12"/></pattern></defs>
<rect width="800" height="1000" fill="${c.bg}"/><rect width="800" height="1000" fill="url(#dots)"/>
${shapeSvg(shape, c)}
<text x="400" y="930" font-family="${FONT}" font-size="44" font-weight="bold" letter-spacing="6" text-anchor="middle" fill="${c.ink}">${escapeXml(SHAPE_LABELS[shape].toUpperCase())}</text>
</svg>`;
}

export function sizeChartSvg(kind: ChartKind): string {
  const chart = SIZE_CHARTS[kind];
  const [x0, y0, rowHeight, colWidth] = [40, 150, 72, 130];
  const cells = [chart.headers, ...chart.rows].flatMap((row, r) =>
    row.map((cell, col) => {
      const x = x0 + col * colWidth;
      const y = y0 + r * rowHeight;
      const fill = r === 0 ? "#2f3d29" : r % 2 ? "#ffffff" : "#f1f4ee";
      const ink = r === 0 ? "#ffffff" : "#1c1e21";
      return (
        `<rect x="${x}" y="${y}" width="${colWidth}" height="${rowHeight}" fill="${fill}" stroke="#c9d1c3"/>` +
        `<text x="${x + colWidth / 2}" y="${y + 46}" font-family="${FONT}" font-size="24" text-anchor="middle" fill="${ink}"${r === 0 || col === 0 ? ' font-weight="bold"' : ""}>${escapeXml(cell)}</text>`
      );
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
<rect width="600" height="600" fill="#ffffff"/>
<text x="40" y="80" font-family="${FONT}" font-size="36" font-weight="bold" fill="#1c1e21">${escapeXml(chart.title)}</text>
<text x="40" y="118" font-family="${FONT}" font-size="20" fill="#5b6157">${escapeXml(chart.unit)}</text>
${cells.join("\n")}
</svg>`;
}

export function bannerSvg(tagline: string, c: Color, motif: number): string {
  // Bold DejaVu Sans is about 0.62 em wide per character; the text box is 700 px wide.
  const fontSize = Math.min(56, Math.floor(700 / (0.62 * tagline.length)));
  const motifs = [
    `<pattern id="m" width="60" height="60" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="22" height="60" fill="${c.main}" fill-opacity="0.25"/></pattern>`,
    `<pattern id="m" width="70" height="70" patternUnits="userSpaceOnUse"><circle cx="35" cy="35" r="12" fill="${c.main}" fill-opacity="0.3"/></pattern>`,
    `<pattern id="m" width="120" height="60" patternUnits="userSpaceOnUse"><path d="M0 60 Q30 0 60 60 Q90 0 120 60" fill="none" stroke="${c.main}" stroke-opacity="0.35" stroke-width="6"/></pattern>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500" viewBox="0 0 1200 500">
<defs>${motifs[motif % motifs.length]}</defs>
<rect width="1200" height="500" fill="${c.bg}"/><rect width="1200" height="500" fill="url(#m)"/>
<rect x="80" y="150" width="780" height="200" rx="16" fill="#ffffff" fill-opacity="0.85"/>
<text x="120" y="245" font-family="${FONT}" font-size="${fontSize}" font-weight="bold" fill="${c.ink}">${escapeXml(tagline)}</text>
<text x="120" y="305" font-family="${FONT}" font-size="26" letter-spacing="4" fill="${c.ink}" fill-opacity="0.7">PATTERNHOUSE</text>
<circle cx="1030" cy="250" r="120" fill="${c.main}"/>
<circle cx="1030" cy="250" r="100" fill="none" stroke="#ffffff" stroke-width="4" stroke-dasharray="12 10"/>
</svg>`;
}

export function avatarSvg(initials: string, c: Color): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="#ffffff"/>
<circle cx="128" cy="128" r="124" fill="${c.main}"/>
<text x="128" y="152" font-family="${FONT}" font-size="84" font-weight="bold" text-anchor="middle" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
}
