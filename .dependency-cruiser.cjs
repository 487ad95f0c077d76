// The import rules `npm test` enforces (docs/architecture.md "Boundaries"): no cycles, type-only
// imports included; web features never import each other; shared code never imports a feature;
// the server's modules never reach back into the app that wires them, and reach into each other
// only through services and the allow-list below (docs/decisions/020-server-module-boundaries.md).

const serverModules = "^apps/server/src/modules/";
/** Test files and their helpers (fixtures, set-ups, kits) may use any module's files. */
const serverTestFiles = "(\\.test|\\.testing|\\.test-[a-z-]+|/test-(kit|tools))\\.ts$";
/**
 * What a module may import of another besides its services (`*.service.ts`) and types
 * (`*.types.ts`), every entry a file (or a folder) under modules/ that the module uses today.
 */
const moduleImports = {
  // The mailer and the house style of a mail.
  accounts: ["mail/mailer.ts", "mail/compose.ts"],
  // Max's tools and eval read candles the way the market module cuts them.
  assistant: ["market/ohlc-period.ts", "market/coingecko.ts"],
  // The importer writes articles, and their images, as the library and uploads store them.
  importer: [
    "articles/article-writes.ts",
    "uploads/image-variants.ts",
    "uploads/media-storage.ts",
    "uploads/storage.ts",
  ],
  // Issues are studio work (its access policy and audit log) mailed in bulk, linking articles.
  newsletter: [
    "access/",
    "distribution/distribution.sitemaps.ts",
    "mail/bulk-mailer.ts",
    "mail/compose.ts",
    "mail/mailer.ts",
  ],
  // Notification emails go out as the newsletter's do: its pool, pace, SMTP reading, bounce list
  // and signed links, in the house style of a mail; a comment's mentions link as in the thread.
  notifications: [
    "comments/comment-mentions.ts",
    "mail/bulk-mailer.ts",
    "mail/compose.ts",
    "mail/mailer.ts",
    "newsletter/delivery-messages.ts",
    "newsletter/delivery-tokens.ts",
    "newsletter/suppressions.repository.ts",
  ],
  // The studio writes articles as the importer does, and names members as sign-up does; the
  // moderation queue links a comment's mentions as the thread does.
  studio: [
    "access/",
    "comments/comment-mentions.ts",
    "accounts/display-names.ts",
    "articles/article-writes.ts",
    "articles/articles.repository.ts",
    "importer/importer.repository.ts",
  ],
  // A member's own profile reads their account's row and name rules.
  users: ["accounts/accounts.repository.ts", "accounts/display-names.ts"],
  // An article's images are uploaded under the studio's role check.
  uploads: ["access/studio-http.ts"],
};

/** One rule per module: its own files, any module's services and types, and its allow-list. */
const moduleRules = Object.entries(moduleImports).map(([name, allowed]) => ({
  name: `server-module-${name}`,
  comment: `modules/${name} imports of other modules only their services, types and: ${allowed.join(", ")}.`,
  severity: "error",
  from: { path: `${serverModules}${name}/`, pathNot: serverTestFiles },
  to: {
    path: serverModules,
    pathNot: [
      `${serverModules}${name}/`,
      `${serverModules}.+\\.(service|types)\\.ts$`,
      // A folder admits its files; a file only itself.
      ...allowed.map(
        (entry) =>
          `${serverModules}${entry.replaceAll(".", "\\.")}${entry.endsWith("/") ? "" : "$"}`,
      ),
    ],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...moduleRules,
    {
      name: "server-module-to-module",
      comment:
        "A module not in moduleImports imports of another only its services and types (docs/decisions/020-server-module-boundaries.md).",
      severity: "error",
      from: {
        path: `${serverModules}([^/]+)/`,
        pathNot: [
          serverTestFiles,
          ...Object.keys(moduleImports).map((n) => `${serverModules}${n}/`),
        ],
      },
      to: {
        path: serverModules,
        pathNot: [`${serverModules}$1/`, `${serverModules}.+\\.(service|types)\\.ts$`],
      },
    },
    {
      name: "no-circular",
      comment: "An import cycle, type-only or dynamic ones included: a layering fault.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "web-feature-to-feature",
      comment:
        "A web feature imports only its own files, components/, lib/ and contracts; what two features share moves to components/ or lib/, and routes compose features.",
      severity: "error",
      from: { path: "^apps/web/app/features/([^/]+)/" },
      to: { path: "^apps/web/app/features/", pathNot: "^apps/web/app/features/$1/" },
    },
    {
      name: "web-feature-to-app-layer",
      comment: "Features are composed by routes/, shell/ and root.tsx, never the other way round.",
      severity: "error",
      from: { path: "^apps/web/app/features/" },
      to: { path: "^apps/web/app/(routes/|shell/|root\\.tsx|routes\\.ts)" },
    },
    {
      name: "web-shared-to-features",
      comment: "components/ and lib/ know no feature and no page.",
      severity: "error",
      from: { path: "^apps/web/app/(components|lib)/" },
      to: { path: "^apps/web/app/(features|shell|routes)/" },
    },
    {
      name: "server-module-to-app",
      comment: "Modules and plugins are wired by app.ts and services.ts; they never import them.",
      severity: "error",
      from: { path: "^apps/server/src/(modules|plugins|db|http)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/server/src/(app|services)\\.ts$" },
    },
    {
      name: "contracts-stand-alone",
      comment: "The shared contracts import no app code.",
      severity: "error",
      from: { path: "^packages/contracts/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(node_modules|/build/|\\.react-router/)" },
    tsConfig: { fileName: "apps/web/tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
