// Vite: React Router's plugin, Tailwind CSS 4, and in dev our Fastify server in front of Vite.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import interSubsets from "@fontsource-variable/inter/unicode.json" with { type: "json" };
import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { generateFontFace, getMetricsForFamily, readMetrics } from "fontaine";
import subsetFont from "subset-font";
import { defineConfig, type Plugin, type Rolldown } from "vite";

const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * Vite wraps every dynamic `import()` of the browser build in its `__vitePreload` helper (0.7 KiB
 * gzip, in the importing chunk even with `modulePreload: false`, because it also loads the chunk's
 * CSS). Our lazy chunks (components/ui/lazy-load.tsx: the footer, the comments panel, dialogs)
 * import no CSS, and the few small chunks they share beyond the page's own (the dialog primitive,
 * the formats, the controls' icons) follow them one request later, for parts that hydrate below the
 * fold or dialogs fetched when reached for, so a plain `import()` is enough: this keeps the article
 * page under its 120 KiB budget (docs/decisions/017-no-ui-kit.md). The build fails if a lazily loaded
 * chunk ever brings CSS of its own.
 */
function plainDynamicImports(): Plugin {
  return {
    name: "pragmatist:plain-dynamic-imports",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? "export const __vitePreload = (load) => load();" : null),
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const lazy of chunk.dynamicImports) {
          const target = bundle[lazy];
          if (target?.type === "chunk" && target.viteMetadata?.importedCss.size) {
            this.error(`${lazy} imports CSS: a plain import() would not load it`);
          }
        }
      }
    },
  };
}

/** The face every page's first paint waits for (preloaded by root.tsx) and the weights it is used at. */
const TEXT_FONT = "inter-latin-wght-normal.woff2";
/** Tailwind's font-normal, -medium, -semibold and -bold: the only weights the pages use (app.css). */
const TEXT_WEIGHTS = { min: 400, max: 700 };

/** The characters of a CSS `unicode-range` list ("U+0000-00FF,U+0131"). */
function unicodeRangeText(ranges: string): string {
  let text = "";
  for (const range of ranges.split(",")) {
    const [from = "", to = from] = range.replace("U+", "").split("-");
    for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++) {
      text += String.fromCodePoint(code);
    }
  }
  return text;
}

/**
 * Cuts the Latin text font of the browser build to what the pages use (harfbuzz through
 * `subset-font`): the characters of Fontsource's own `latin` unicode-range, every OpenType
 * feature (tabular figures included), and the weight axis narrowed from 100-900 to 400-700. The
 * file every first paint waits for drops from 48 to about 28 KiB (Lighthouse LCP). The
 * asset keeps its name, hashed from the original font, of which the subset is a pure function. The
 * build fails if the font is no longer in it, so the saving cannot silently disappear.
 */
function subsetTextFont(): Plugin {
  return {
    name: "pragmatist:subset-text-font",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    async generateBundle(_, bundle) {
      const fonts = Object.values(bundle).filter(
        (file): file is Rolldown.OutputAsset =>
          file.type === "asset" && file.names.includes(TEXT_FONT),
      );
      if (fonts.length === 0) this.error(`${TEXT_FONT} is not in the browser build`);
      for (const font of fonts) {
        font.source = await subsetFont(
          Buffer.from(font.source),
          unicodeRangeText(interSubsets.latin),
          { targetFormat: "woff2", variationAxes: { wght: TEXT_WEIGHTS } },
        );
      }
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of
 * the browser build; the server sends them as they are (`@fastify/static` `preCompressed`), so
 * assets are compressed once here, at the highest levels, and never per request (scripts and
 * styles travel at a quarter of their size or less: Lighthouse "Enable text compression"). Runs after the server build,
 * the last step, because React Router writes the browser manifest into the client folder then.
 */
function precompressAssets(): Plugin {
  let clientDir: string | undefined;
  return {
    name: "pragmatist:precompress-assets",
    apply: "build",
    writeBundle: {
      sequential: true,
      order: "post",
      async handler() {
        const { consumer, root, build } = this.environment.config;
        if (consumer === "client") {
          clientDir = path.resolve(root, build.outDir);
          return;
        }
        if (!clientDir) return;
        const dir = clientDir;
        const files: string[] = [];
        for await (const file of fs.glob("**/*.{js,mjs,css,svg,json,txt,xml,html,webmanifest}", {
          cwd: dir,
        })) {
          files.push(file);
        }
        await Promise.all(
          files.map(async (file) => {
            const source = await fs.readFile(path.join(dir, file));
            if (source.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await fs.writeFile(path.join(dir, `${file}.br`), br);
            await fs.writeFile(path.join(dir, `${file}.gz`), gz);
          }),
        );
      },
    },
  };
}

/**
 * The local fonts Inter's stand-in is made from, first found first: Android's Roboto, Windows'
 * Segoe UI and Arial, Apple's Helvetica Neue, and Noto Sans (Linux, ChromeOS). Each must be in
 * fontaine's metrics table (Capsize's).
 */
const TEXT_FONT_FALLBACKS = ["Roboto", "Segoe UI", "Helvetica Neue", "Arial", "Noto Sans"];
/** The family of the stand-in, named in app.css's `--font-sans` right after Inter. */
const TEXT_FONT_STAND_IN = "Inter Variable fallback";

/**
 * Appends to app.css the stand-in for Inter while it loads (docs/decisions/011): one
 * `@font-face` per local font of TEXT_FONT_FALLBACKS, sized by fontaine to the metrics of the
 * Latin face the text is set in (average width, ascent, descent, line gap), so that the swap to
 * Inter moves nothing. The faces give no weight range: bold text is the local font made bold, as
 * before. Declared last to first, since the last matching face is tried first.
 */
function textFontStandIn(): Plugin {
  return {
    name: "pragmatist:text-font-stand-in",
    enforce: "pre",
    async transform(code, id) {
      // The stylesheet itself, not the module `?url` (or `?raw`, `?inline`) makes of it.
      const [file = "", query = ""] = id.split("?");
      if (!/[\\/]app[\\/]app\.css$/.test(file) || /(^|&)(url|raw|inline)\b/.test(query)) return;
      const inter = await readMetrics(
        new URL(import.meta.resolve(`@fontsource-variable/inter/files/${TEXT_FONT}`)),
      );
      if (!inter) this.error(`no metrics in ${TEXT_FONT}`);
      const faces: string[] = [];
      for (const font of [...TEXT_FONT_FALLBACKS].reverse()) {
        const metrics = await getMetricsForFamily(font);
        if (!metrics) this.error(`fontaine has no metrics for ${font}`);
        faces.push(generateFontFace(inter, { name: TEXT_FONT_STAND_IN, font, metrics }));
      }
      return `${code}\n${faces.join("")}`;
    },
  };
}

export default defineConfig({
  plugins: [
    plainDynamicImports(),
    subsetTextFont(),
    precompressAssets(),
    textFontStandIn(),
    tailwindcss(),
    reactRouter(),
    fastifyReactRouterDev({ entry: "../server/src/dev.ts", externalizeServerEntryImports: false }),
  ],
  // `npm run dev` serves the whole app (API and pages, with hot reload) on PORT like `npm start`.
  // Generated route types are for the type checker only; a change there must not restart the app.
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    watch: { ignored: ["**/.react-router/**"] },
  },
  build: {
    // No dependency lists for dynamic imports: the plain helper above does not use them.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for what every page loads: React and the router together, and the
        // app's shell (the root route, header, menus, the primitives and helpers every page uses),
        // instead of two dozen tiny modules each paying its own compression overhead. What not every
        // page uses stays with the pages that do: the studio's primitives (forms, tables,
        // pagination, confirmation, badges, notes, times), the API client, the card labels, the
        // formats and the controls' icons; and what loads on demand (the footer, dialogs, a
        // member's picture and bell; components/ui/lazy-load.tsx) has chunks of its own. Keeps the article
        // page's initial JavaScript under its 120 KiB gzip budget (docs/decisions/017-no-ui-kit.md).
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
            {
              name: "shell",
              test: /(apps[\\/]web[\\/]app[\\/](root\.|shell[\\/](?!sidebar|nav\.|not-found\.|error-screen|suggestions|mobile-menu-drawer|site-footer|notifications-bell|theme-switch)|components[\\/](by-viewer|logo|new-tab-link|newsletter-link)\.|components[\\/]ui[\\/](button|icons|lazy-load|skeleton)\.|lib[\\/](analytics|events|external-link|fetch-json|meta|nonce|safe-url|site-data|thumbnail-sources|viewer)\.)|packages[\\/]contracts[\\/]src[\\/](member-hint|safe-redirect)\.)/,
            },
            {
              // The date and number formats (lib/format.ts with the rules it re-exports from
              // contracts) in one chunk, for the footer, the listings, the comments and Max.
              name: "format",
              test: /(apps[\\/]web[\\/]app[\\/]lib|packages[\\/]contracts[\\/]src)[\\/]format\./,
            },
          ],
        },
      },
    },
  },
});
