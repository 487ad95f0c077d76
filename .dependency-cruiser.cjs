// The import rules `npm test` enforces (docs/architecture.md "Boundaries"): no cycles, type-only
// imports included; web features never import each other; shared code never imports a feature;
// the server's modules never reach back into the app that wires them.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
