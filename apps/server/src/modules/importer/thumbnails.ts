// Draws our own SVG thumbnails and avatars for imported articles and rasterises SVGs to WebP.
import { createHash } from "node:crypto";
import sharp from "sharp";

/** Card and link-preview size (the Open Graph 1.91:1 ratio), in pixels. */
export const THUMBNAIL_SIZE = { width: 1200, height: 630 } as const;
/** Author avatars are square, in pixels. */
export const AVATAR_SIZE = { width: 256, height: 256 } as const;

/** The rasterising settings, part of every media key: changing them gives new URLs. */
export const RASTER_RECIPE = "webp-q82-effort2-cover-v1";

/** Largest SVG we agree to rasterise, in bytes: a thumbnail is a few kilobytes. */
const MAX_SVG_BYTES = 2 * 1024 * 1024;

interface Palette {
  from: string;
  to: string;
  accent: string;
  ink: string;
}

const PALETTES: Record<string, Palette> = {
  "ethereum.org": { from: "#1e1b4b", to: "#3730a3", accent: "#a5b4fc", ink: "#ffffff" },
  "Bitcoin Optech": { from: "#1c1917", to: "#7c2d12", accent: "#fdba74", ink: "#ffffff" },
};
const DEFAULT_PALETTE: Palette = {
  from: "#0f172a",
  to: "#134e4a",
  accent: "#5eead4",
  ink: "#ffffff",
};

const FONT = "Inter, 'Liberation Sans', Arial, 'DejaVu Sans', sans-serif";

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Greedy word wrap to lines of at most `width` characters; long words are cut. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width - 1) + "-");
      word = word.slice(width - 1);
      line = "";
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Wraps a title into at most 4 lines, choosing the largest font size that fits. */
function layoutTitle(title: string): { size: number; lines: string[] } {
  for (const size of [68, 60, 52, 46]) {
    // ~0.58 em per character is a safe average for bold sans-serif faces.
    const lines = wrap(title, Math.floor(1040 / (size * 0.58)));
    if (lines.length <= (size >= 60 ? 3 : 4)) return { size, lines };
  }
  const lines = wrap(title, Math.floor(1040 / (46 * 0.58)));
  const kept = lines.slice(0, 4);
  if (lines.length > 4) kept[3] = `${kept[3]?.replace(/\W*$/, "")}…`;
  return { size: 46, lines: kept };
}

/**
 * An SVG thumbnail of 1200×630 for an article: the source's colours, a label line such as
 * "RESEARCH · ETHEREUM.ORG", the title in large type and a few circles placed from a hash of
 * `seed` (the slug) so cards from one source do not all look the same. Text is escaped.
 */
export function renderThumbnailSvg(input: {
  title: string;
  label: string;
  sourceName: string;
  seed: string;
}): string {
  const p = PALETTES[input.sourceName] ?? DEFAULT_PALETTE;
  const h = createHash("sha256").update(input.seed).digest();
  const byte = (i: number) => h[i % h.length] ?? 0;
  const circles = [0, 1, 2]
    .map((i) => {
      const cx = 760 + (byte(i * 3) / 255) * 440;
      const cy = (byte(i * 3 + 1) / 255) * 630;
      const r = 90 + (byte(i * 3 + 2) / 255) * 200;
      return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="none" stroke="${p.accent}" stroke-opacity="${(0.18 + i * 0.08).toFixed(2)}" stroke-width="${2 + i * 2}"/>`;
    })
    .join("");
  const { size, lines } = layoutTitle(input.title);
  const lineHeight = Math.round(size * 1.18);
  const top = 315 - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  const title = lines
    .map(
      (l, i) =>
        `<text x="80" y="${Math.round(top + i * lineHeight)}" font-family="${FONT}" font-weight="700" font-size="${size}" fill="${p.ink}">${escapeXml(l)}</text>`,
    )
    .join("");
  const label = escapeXml(`${input.label} · ${input.sourceName}`.toUpperCase());
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`,
    `<rect width="1200" height="630" fill="url(#bg)"/>`,
    circles,
    `<rect x="80" y="78" width="56" height="6" rx="3" fill="${p.accent}"/>`,
    `<text x="80" y="128" font-family="${FONT}" font-size="26" letter-spacing="3" fill="${p.accent}">${label}</text>`,
    title,
    `<text x="80" y="572" font-family="${FONT}" font-size="24" fill="${p.ink}" fill-opacity="0.7">${escapeXml(input.sourceName)}</text>`,
    `</svg>`,
  ].join("");
}

/** A square SVG avatar with the initials of `name` on the source's colours. */
export function renderAvatarSvg(name: string): string {
  const p = PALETTES[name.replace(/ contributors$/, "")] ?? DEFAULT_PALETTE;
  const initials =
    name
      .split(/\s+/)
      .filter((w) => /^[A-Za-z0-9]/.test(w) && w !== "contributors")
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join("") || "?";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`,
    `<rect width="256" height="256" fill="url(#bg)"/>`,
    `<circle cx="128" cy="128" r="96" fill="none" stroke="${p.accent}" stroke-opacity="0.5" stroke-width="4"/>`,
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="88" fill="${p.ink}">${escapeXml(initials)}</text>`,
    `</svg>`,
  ].join("");
}

/** A raster image ready to store. */
export interface RasterImage {
  bytes: Buffer;
  mime: "image/webp";
  width: number;
  height: number;
}

/**
 * Rasterises an SVG to WebP of exactly `size` (cropped to cover, centred). The SVG is rendered
 * at a density that gives at least `size` pixels, so small artboards stay sharp.
 * @throws Error when the input is larger than 2 MB or is not an image sharp can read.
 */
export async function rasteriseSvg(
  svg: Buffer | string,
  size: { width: number; height: number },
): Promise<RasterImage> {
  const input = typeof svg === "string" ? Buffer.from(svg) : svg;
  if (input.length > MAX_SVG_BYTES) throw new Error(`SVG larger than ${MAX_SVG_BYTES} bytes`);
  const meta = await sharp(input).metadata();
  const scale = Math.max(
    size.width / (meta.width || size.width),
    size.height / (meta.height || size.height),
  );
  const density = Math.min(72 * Math.max(scale, 1), 72 * 8);
  const bytes = await sharp(input, { density })
    .resize(size.width, size.height, { fit: "cover", position: "centre" })
    .webp({ quality: 82, effort: 2 })
    .toBuffer();
  return { bytes, mime: "image/webp", width: size.width, height: size.height };
}
