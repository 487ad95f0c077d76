// A coin's Open Graph picture (docs/product/markets.md#coin-image), drawn with sharp, the image
// library the uploads already use: shapes and the price line as SVG, words as Pango text in Inter,
// the site's typeface (TrueType files from @expo-google-fonts/inter, so no system font is needed).
import { createRequire } from "node:module";
import sharp, { type OverlayOptions } from "sharp";
import {
  formatDateTimeUtc,
  formatSignedPercent,
  formatUsdPrice,
  type MarketSource,
} from "@pragmatist/contracts";

/** What the picture shows. */
export interface CoinImageInput {
  /** SITE_NAME, top left. */
  siteName: string;
  name: string;
  symbol: string;
  priceUsd: number | null;
  change24hPercent: number | null;
  /** USD prices along the line, oldest first, and the period they span; null: no line. */
  line: { prices: number[]; label: string } | null;
  /** When the figures were true (ISO 8601) and where they came from, for the footer. */
  asOf: string;
  source: MarketSource;
}

/** The picture's size in pixels: the 1.91:1 link previews expect (Open Graph, X's large card). */
export const COIN_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The site's light palette (apps/web/app/app.css). */
const COLOR = {
  surface: "#ffffff",
  page: "#f7f8fa",
  ink: "#14181f",
  muted: "#5b6473",
  line: "#e3e6eb",
  accent: "#0d6d65",
  up: "#15803d",
  down: "#b91c1c",
} as const;

const MARGIN = 72;
/** The line's panel: left, top, width, height. */
const PANEL = { x: 660, y: 170, w: 468, h: 290 } as const;
/** Points the line is drawn with at most (CoinGecko's 7-day sparkline has 168). */
const LINE_POINTS = 200;

const require = createRequire(import.meta.url);
const FONT = {
  regular: require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
  semibold: require.resolve("@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf"),
  bold: require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"),
};
const FONT_NAME = { regular: "Inter", semibold: "Inter SemiBold", bold: "Inter Bold" };

/** `text` with Pango markup's special characters escaped (names come from the data). */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A line of text, placed at its top-left corner (or, with `right`, its top-right corner). */
interface TextLayer {
  markup: string;
  weight: keyof typeof FONT;
  /** The font's size in pixels; smaller when the line would be wider than `maxWidth`. */
  size: number;
  top: number;
  left?: number;
  right?: number;
  maxWidth?: number;
}

/** `layer`'s line rendered by Pango at `size` pixels, and its size. */
function renderText(layer: TextLayer, size: number) {
  return sharp({
    text: {
      text: layer.markup,
      font: `${FONT_NAME[layer.weight]} ${size}`,
      fontfile: FONT[layer.weight],
      rgba: true,
      dpi: 72,
      wrap: "none",
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
}

/** Renders `layer` with Pango (shrunk to its `maxWidth`) and places it on the picture. */
async function composite(layer: TextLayer): Promise<OverlayOptions> {
  let { data, info } = await renderText(layer, layer.size);
  if (layer.maxWidth && info.width > layer.maxWidth) {
    ({ data, info } = await renderText(
      layer,
      Math.floor((layer.size * layer.maxWidth) / info.width),
    ));
  }
  const left = layer.right !== undefined ? layer.right - info.width : (layer.left ?? MARGIN);
  return { input: data, top: layer.top, left: Math.max(0, Math.round(left)) };
}

/** `prices` as an SVG path across the panel (the area under it too), evenly sampled. */
function linePaths(prices: number[]): { line: string; area: string } {
  const step = Math.max(1, Math.ceil(prices.length / LINE_POINTS));
  const points = prices.filter((_, i) => i % step === 0 || i === prices.length - 1);
  const low = Math.min(...points);
  const span = Math.max(...points) - low || 1;
  const pad = 24;
  const xy = points.map((p, i) => {
    const x = PANEL.x + pad + (i / Math.max(1, points.length - 1)) * (PANEL.w - 2 * pad);
    const y = PANEL.y + pad + (1 - (p - low) / span) * (PANEL.h - 2 * pad);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const line = `M${xy.join(" L")}`;
  const bottom = PANEL.y + PANEL.h - pad;
  const first = xy[0]?.split(",")[0] ?? PANEL.x;
  const last = xy.at(-1)?.split(",")[0] ?? PANEL.x;
  return { line, area: `${line} L${last},${bottom} L${first},${bottom} Z` };
}

/** The background: the accent bar, the line's panel with the line, the footer's rule. */
function background(input: CoinImageInput): Buffer {
  const { width, height } = COIN_IMAGE_SIZE;
  const prices = input.line?.prices ?? [];
  const rising = (prices.at(-1) ?? 0) >= (prices[0] ?? 0);
  const color = rising ? COLOR.up : COLOR.down;
  const paths = prices.length >= 2 ? linePaths(prices) : null;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="${width}" height="${height}" fill="${COLOR.surface}"/>
<rect width="${width}" height="10" fill="${COLOR.accent}"/>
<rect x="${PANEL.x}" y="${PANEL.y}" width="${PANEL.w}" height="${PANEL.h}" rx="16" fill="${COLOR.page}"/>
${
  paths
    ? `<path d="${paths.area}" fill="${color}" fill-opacity="0.10"/>
<path d="${paths.line}" fill="none" stroke="${color}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>`
    : ""
}
<rect x="${MARGIN}" y="526" width="${width - 2 * MARGIN}" height="2" fill="${COLOR.line}"/>
</svg>`;
  return Buffer.from(svg);
}

/**
 * The 24 h change as the pages show it (docs/product/limits.md#formats): signed, with ▲ or ▼ in
 * green or red; one that rounds to 0.00% without either; a missing one said to be missing.
 */
function changeMarkup(percent: number | null): string {
  const period = `<span foreground="${COLOR.muted}">  24 h</span>`;
  if (percent === null)
    return `<span foreground="${COLOR.muted}">24 h change not in the data</span>`;
  const text = formatSignedPercent(percent);
  if (text === "+0.00%" || text === "0.00%" || text === "-0.00%") {
    return `<span foreground="${COLOR.ink}">0.00%</span>${period}`;
  }
  const [arrow, color] = percent > 0 ? ["▲", COLOR.up] : ["▼", COLOR.down];
  return `<span foreground="${color}">${arrow} ${text}</span>${period}`;
}

/** The coin's name left of the line's panel: smaller when long, cut at 28 characters. */
function nameLayer(name: string): TextLayer {
  const cut = name.length > 28 ? `${name.slice(0, 27).trimEnd()}…` : name;
  const size = cut.length <= 12 ? 72 : cut.length <= 18 ? 56 : 44;
  return {
    markup: `<span foreground="${COLOR.ink}">${escapeMarkup(cut)}</span>`,
    weight: "bold",
    size,
    top: 176 + (72 - size) / 2,
    maxWidth: PANEL.x - MARGIN - 32,
  };
}

/** Every line of text on the picture. */
function textLayers(input: CoinImageInput): TextLayer[] {
  const muted = (text: string) => `<span foreground="${COLOR.muted}">${escapeMarkup(text)}</span>`;
  const price =
    input.priceUsd === null
      ? { markup: muted("No price in the data"), weight: "semibold" as const, size: 48 }
      : {
          markup: `<span foreground="${COLOR.ink}">${formatUsdPrice(input.priceUsd)}</span>`,
          weight: "bold" as const,
          size: 88,
          maxWidth: PANEL.x - MARGIN - 32,
        };
  const source = input.source === "coingecko" ? "CoinGecko" : "CoinGecko (offline snapshot)";
  const footer = `As of ${formatDateTimeUtc(input.asOf)} · Data provided by ${source}`;
  return [
    {
      markup: `<span foreground="${COLOR.accent}">${escapeMarkup(input.siteName)}</span>`,
      weight: "bold",
      size: 34,
      top: 52,
    },
    { markup: muted("Market Data"), weight: "semibold", size: 28, top: 56, right: 1200 - MARGIN },
    nameLayer(input.name),
    { markup: muted(input.symbol.toUpperCase()), weight: "semibold", size: 36, top: 268 },
    { ...price, top: 320 },
    { markup: changeMarkup(input.change24hPercent), weight: "semibold", size: 38, top: 430 },
    {
      markup: muted(input.line?.label ?? "No price history in the data"),
      weight: "regular",
      size: 24,
      top: PANEL.y + PANEL.h + 14,
      left: PANEL.x,
    },
    { markup: muted(footer), weight: "regular", size: 24, top: 552 },
  ];
}

/**
 * The coin's picture as a PNG of COIN_IMAGE_SIZE: the site's name, "Market Data", the coin's name
 * and ticker, its price and 24 h change, the line with its period, and the as-of line with the
 * source. Text is rendered with the bundled Inter; a name longer than 28 characters is cut.
 * @throws sharp's error when it cannot render (the route's 500).
 */
export async function renderCoinImage(input: CoinImageInput): Promise<Buffer> {
  const layers = await Promise.all(textLayers(input).map(composite));
  return sharp(background(input)).composite(layers).png({ compressionLevel: 9 }).toBuffer();
}
