// Explicit route table: it reads like the product's route table (docs/product/site.md#route-table).
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * The route table: the listings, author, category and tag pages inside the shared layout
 * (routes/_shell.tsx), the article, static, account and auth pages, the studio with its screens,
 * and the splat 404 last.
 */
export default [
  layout("routes/_shell.tsx", [
    index("routes/home.tsx"),
    route("ecosystems", "routes/ecosystems.tsx"),
    route("market-reports", "routes/market-reports.tsx"),
    route("markets", "routes/markets.tsx"),
    route("markets/:id", "routes/coin.tsx"),
    route("assistant", "routes/assistant.tsx"),
    route("authors/:username", "routes/author.tsx"),
    route("categories/:slug", "routes/term.tsx", { id: "category" }),
    route("tags/:slug", "routes/term.tsx", { id: "tag" }),
    route("newsletter", "routes/newsletter.tsx"),
    route("newsletter/:slug", "routes/newsletter-issue.tsx"),
  ]),
  route("p/:slug", "routes/article.tsx"),
  route("about", "routes/about.tsx"),
  route("services", "routes/services.tsx"),
  route("error", "routes/error.tsx"),
  route("login", "routes/login.tsx"),
  route("passreset", "routes/passreset.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("subscription/:action", "routes/subscription.tsx"),
  route("connect/google/redirect", "routes/google-redirect.tsx"),
  route("account", "routes/account.tsx"),
  route("account/notifications", "routes/account.notifications.tsx"),
  // The editorial studio (docs/product/studio.md#studio): signed-in staff only, checked by the
  // layout's loader.
  route("studio", "routes/studio.tsx", [
    index("routes/studio.articles.tsx"),
    route("articles/:id", "routes/studio.article.tsx"),
    route("moderation", "routes/studio.moderation.tsx"),
    route("members", "routes/studio.members.tsx"),
    route("newsletter", "routes/studio.newsletter.tsx"),
    route("newsletter/new", "routes/studio.newsletter.new.tsx"),
    route("newsletter/:id", "routes/studio.newsletter.issue.tsx"),
    route("subscribers", "routes/studio.subscribers.tsx"),
    route("audit", "routes/studio.audit.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
