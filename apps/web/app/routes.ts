// Explicit route table: it reads like the spec's route table (§2).
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/_shell.tsx", [
    index("routes/home.tsx"),
    route("ecosystems", "routes/ecosystems.tsx"),
    route("market-reports", "routes/market-reports.tsx"),
    route("assistant", "routes/assistant.tsx"),
    route("authors/:username", "routes/author.tsx"),
    route("categories/:slug", "routes/category.tsx"),
  ]),
  route("p/:slug", "routes/article.tsx"),
  route("about", "routes/about.tsx"),
  route("services", "routes/services.tsx"),
  route("error", "routes/error.tsx"),
  route("login", "routes/login.tsx"),
  route("passreset", "routes/passreset.tsx"),
  route("connect/google/redirect", "routes/google-redirect.tsx"),
  route("account", "routes/account.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
