// buildApp(config): the table of contents of the server (docs/architecture.md "A request's path"):
// the framework's settings, the cross-cutting plugins, then every module's routes, then the pages.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { ViteDevServer } from "vite";
import type { Config } from "./config.ts";
import { type Db, openDb } from "./db/client.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { responseSerializerCompiler } from "./http/routes.ts";
import { NotFoundError } from "./errors.ts";
import { accountSecurityRoutes } from "./modules/accounts/account-security.routes.ts";
import { accountsRoutes } from "./modules/accounts/accounts.routes.ts";
import { googleRoutes } from "./modules/accounts/google.routes.ts";
import { passwordResetRoutes } from "./modules/accounts/password-reset.routes.ts";
import { analyticsRoutes } from "./modules/analytics/analytics.routes.ts";
import { articlesRoutes } from "./modules/articles/articles.routes.ts";
import type { Clock } from "./modules/articles/articles.service.ts";
import { assistantRoutes } from "./modules/assistant/assistant.routes.ts";
import { commentsRoutes } from "./modules/comments/comments.routes.ts";
import { distributionRoutes } from "./modules/distribution/distribution.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import type { DeliveryTuning } from "./modules/newsletter/delivery.worker.ts";
import { marketRoutes } from "./modules/market/market.routes.ts";
import { issuesRoutes } from "./modules/newsletter/issues.routes.ts";
import { newsletterRoutes } from "./modules/newsletter/newsletter.routes.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import { reactionsRoutes } from "./modules/reactions/reactions.routes.ts";
import { searchRoutes } from "./modules/search/search.routes.ts";
import { studioRoutes } from "./modules/studio/studio.routes.ts";
import { filesRoutes } from "./modules/uploads/files.routes.ts";
import { uploadRoutes } from "./modules/uploads/upload.routes.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { viewerRoutes } from "./modules/viewer/viewer.routes.ts";
import { apiDocs } from "./plugins/api-docs.ts";
import authPlugin from "./plugins/auth.ts";
import controlCharacters from "./plugins/control-characters.ts";
import errorHandler, { frameworkErrorOptions } from "./plugins/error-handler.ts";
import metricsPlugin from "./plugins/metrics.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import requestId, { requestIdOptions, requestScopedLog } from "./plugins/request-id.ts";
import responseCache from "./plugins/response-cache.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { registerWeb } from "./plugins/web.ts";
import { closeServices, createServices, type Services, startServices } from "./services.ts";

/** What buildApp can take besides the config (tests and the dev server set these). */
export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share a prepared one). */
  db?: Db;
  /** The clock deciding what is published and when (tests move it). */
  clock?: Clock;
  /** Serve pages: "build" from apps/web/build, a Vite dev server, or false for the API only. */
  web?: "build" | ViteDevServer | false;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Use this model for Max instead of the configured one (tests use the AI SDK's mock model). */
  languageModel?: LanguageModelV4;
  /** The newsletter delivery worker's times (tests shorten retries and leases). */
  newsletterDelivery?: Partial<DeliveryTuning>;
}

/** How often, as a share of the request timeout, Node closes connections past it. */
const CHECK_SHARE = 0.25;

/** The built Fastify app. */
export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Every module's HTTP routes; each route declares its own schemas, rate limits (`config.rateLimits`,
 * http/rate-limits.ts) and cache policy.
 */
function registerModules(app: FastifyInstance, services: Services, config: Config) {
  const { secureCookies } = config;
  const redis = { name: "redis", check: () => services.limitStore.ping() };
  const storage = { name: "storage", check: () => services.media.ping() };
  healthRoutes(app, { db: services.db, checks: config.redisUrl ? [redis, storage] : [storage] });
  filesRoutes(app, { storage: services.media });
  articlesRoutes(app, { articles: services.articles });
  searchRoutes(app, { search: services.search });
  accountsRoutes(app, {
    accounts: services.accounts,
    emailVerification: services.emailVerification,
    secureCookies,
  });
  accountSecurityRoutes(app, {
    accounts: services.accounts,
    passwordChange: services.passwordChange,
    emailVerification: services.emailVerification,
    secureCookies,
  });
  usersRoutes(app, { users: services.users, secureCookies });
  uploadRoutes(app, { uploads: services.uploads });
  reactionsRoutes(app, { reactions: services.reactions });
  commentsRoutes(app, { comments: services.comments });
  viewerRoutes(app, { viewer: services.viewer });
  notificationsRoutes(app, services);
  studioRoutes(app, { studio: services.studio });
  passwordResetRoutes(app, {
    passwordReset: services.passwordReset,
    accounts: services.accounts,
    secureCookies,
  });
  newsletterRoutes(app, { newsletter: services.newsletter });
  issuesRoutes(app, { issues: services.newsletterIssues });
  googleRoutes(app, { google: services.google, secureCookies });
  distributionRoutes(app, {
    articles: services.articles,
    newsletterArchive: (page) => services.newsletterIssues.archive(page),
    marketCoins: () => services.marketPages.listCoinIds(),
    config,
  });
  analyticsRoutes(app, { analytics: services.analytics });
  marketRoutes(app, { pages: services.marketPages, images: services.coinImages });
  assistantRoutes(app, { assistant: services.assistant, secret: services.secret, secureCookies });
  // Unknown API paths are JSON 404s, never a page from the pages' catch-all.
  app.all("/api/*", async (req) => {
    throw new NotFoundError(`Route ${req.method} ${req.url.split("?")[0]} not found`);
  });
}

/**
 * Builds the Fastify app: opens and migrates the database (unless given one), wires the services
 * (services.ts), registers the plugins and every module, then the pages. The caller listens
 * (main.ts) or injects (tests); closing the app releases the services (and the database it opened).
 */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const db = options.db ?? openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (!options.db) await migrateToLatest(db);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(options.logStream && { stream: options.logStream }) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within REQUEST_TIMEOUT_SECONDS (Fastify turns Node's own limit
    // off by default); Node looks for late ones every CHECK_SHARE of that (at most 5 s), and
    // enforces neither limit while its headers' limit (60 s by default) is the longer one.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(5_000, config.requestTimeoutMs * CHECK_SHARE),
    },
    routerOptions: { maxParamLength: 300 },
    ...frameworkErrorOptions, // the router's and Node's parser's refusals: the Strapi error body
    ...requestIdOptions, // X-Request-Id when sane, else a random UUID
    // While closing (SIGTERM), a request already on an open connection is served, with
    // `Connection: close`, instead of refused with 503: a proxy may not resend a refused POST
    // (docs/deploy/README.md "Rolling restarts").
    return503OnClosing: false,
  });
  const { clock, languageModel, newsletterDelivery } = options;
  const logger = requestScopedLog(app.log); // service log lines carry the request's id
  const services = createServices(db, config, {
    clock,
    languageModel,
    logger,
    newsletterDelivery,
  });
  await startServices(services);
  app.setValidatorCompiler(validatorCompiler).setSerializerCompiler(responseSerializerCompiler);

  await app.register(requestId);
  await app.register(errorHandler);
  await app.register(controlCharacters);
  await app.register(metricsPlugin, { metrics: services.metrics, token: config.metricsToken });
  // First, so a cached answer skips cookie parsing, session checks and header building; a
  // publish, an unpublish or a scheduled time passing (the publication watch) empties it.
  await app.register(responseCache, {
    ttlSeconds: config.responseCacheSeconds,
    isStale: () => services.studio.publication.stale(),
    onLookup: (result) => services.metrics.responseCacheLookup(result),
    serializerCompiler: responseSerializerCompiler,
  });
  await app.register(authPlugin, { db, sessions: services.sessions, publicUrl: config.publicUrl });
  await app.register(securityHeaders, { secureCookies: config.secureCookies });
  await app.register(apiDocs, { siteName: config.siteName });
  await app.register(rateLimitPlugin, { limits: services.limits });
  registerModules(app, services, config);
  if (options.web) {
    await registerWeb(app, {
      api: services.api,
      viewer: (id) => services.accounts.me(id).catch(() => null),
      secret: services.secret,
      buildDir: config.webBuildDir,
      devServer: options.web === "build" ? undefined : options.web,
    });
  }
  // One hook, in order: onClose hooks run last-registered first, and the services (the newsletter
  // worker giving back its claims) still need the database.
  app.addHook("onClose", async () => {
    await closeServices(services);
    if (!options.db) await db.close();
  });
  app.decorate("services", services);
  return app;
}
