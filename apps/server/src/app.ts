// buildApp(config): plugins, then every module registered explicitly (DESIGN.md: one screen).
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { ViteDevServer } from "vite";
import type { PublicationApi } from "@pragmatist/contracts";
import type { Config } from "./config.ts";
import { type Db, openDb } from "./db/client.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { articlesRoutes } from "./modules/articles/articles.routes.ts";
import {
  type Clock,
  createArticlesService,
  systemClock,
} from "./modules/articles/articles.service.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { uploadsRoutes } from "./modules/uploads/uploads.routes.ts";
import { uploadRoutes } from "./modules/uploads/upload.routes.ts";
import { createUploadService } from "./modules/uploads/upload.service.ts";
import { localMediaStorage } from "./modules/uploads/storage.ts";
import { reactionsRoutes } from "./modules/reactions/reactions.routes.ts";
import { createReactionsService } from "./modules/reactions/reactions.service.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { createUsersService } from "./modules/users/users.service.ts";
import { commentsRoutes } from "./modules/comments/comments.routes.ts";
import { createCommentsService } from "./modules/comments/comments.service.ts";
import { createSearchService } from "./modules/search/search.service.ts";
import { accountsRoutes } from "./modules/accounts/accounts.routes.ts";
import { createAccountsService } from "./modules/accounts/accounts.service.ts";
import { createSessionTokens } from "./modules/accounts/sessions.ts";
import { createGoogleSignIn } from "./modules/accounts/google.ts";
import { googleRoutes } from "./modules/accounts/google.routes.ts";
import { createPasswordResetService } from "./modules/accounts/password-reset.ts";
import { passwordResetRoutes } from "./modules/accounts/password-reset.routes.ts";
import { createMailer } from "./modules/mail/mailer.ts";
import { newsletterRoutes } from "./modules/newsletter/newsletter.routes.ts";
import { createNewsletterService } from "./modules/newsletter/newsletter.service.ts";
import { distributionRoutes } from "./modules/distribution/distribution.routes.ts";
import { analyticsRoutes } from "./modules/analytics/analytics.routes.ts";
import { createAnalyticsService } from "./modules/analytics/analytics.service.ts";
import { assistantRoutes } from "./modules/assistant/assistant.routes.ts";
import { createAssistantService } from "./modules/assistant/assistant.service.ts";
import { createLanguageModel } from "./modules/assistant/assistant.model.ts";
import { createMarketService } from "./modules/market/market.service.ts";
import { createCommentingBans } from "./modules/studio/moderation.service.ts";
import { createStudioService } from "./modules/studio/studio.service.ts";
import { studioRoutes } from "./modules/studio/studio.routes.ts";
import authPlugin from "./plugins/auth.ts";
import errorHandler from "./plugins/error-handler.ts";
import responseCache from "./plugins/response-cache.ts";
import { createRateLimitFactory } from "./plugins/rate-limit.ts";
import { registerWeb } from "./plugins/web.ts";
import { NotFoundError } from "./errors.ts";
import { resolveSecret } from "./secrets.ts";

const CACHEABLE_API = new Set([
  "/api/articles",
  "/api/articles/params",
  "/api/articles/populate-fuzzy",
  "/api/articles/count",
  "/api/fuzzy-search/search",
]);
const PRIVATE_PAGES = /^\/(account|login|passreset|connect|studio)(\/|\.data|$)/;

/** Server-rendered public pages (and their `.data` loader requests), not API or asset paths. */
function isPublicPage(path: string): boolean {
  return (
    !path.startsWith("/api/") &&
    !path.startsWith("/uploads/") &&
    !path.startsWith("/assets/") &&
    !PRIVATE_PAGES.test(path)
  );
}

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share a prepared one). */
  db?: Db;
  clock?: Clock;
  /** Serve pages: "build" from apps/web/build, a Vite dev server, or false for the API only. */
  web?: "build" | ViteDevServer | false;
  logger?: boolean;
  /** Use this model for Max instead of the configured one (tests use the AI SDK's mock model). */
  languageModel?: LanguageModelV4;
}

/** What createServices can take instead of building it from the config. */
export interface ServiceOverrides {
  clock?: Clock;
  languageModel?: LanguageModelV4;
  logger?: Pick<FastifyBaseLogger, "warn" | "error">;
}

export type Services = ReturnType<typeof createServices>;
export type App = Awaited<ReturnType<typeof buildApp>>;

declare module "fastify" {
  interface FastifyInstance {
    /** The wired services, for the CLI, the seeder and tests. */
    services: Services;
  }
}

/** Wires the services over a database; the one place that knows every module. */
export function createServices(db: Db, config: Config, overrides: ServiceOverrides = {}) {
  const clock = overrides.clock ?? systemClock;
  const log = overrides.logger ?? { warn() {}, error() {} };
  const secret = resolveSecret(config.appSecret, config.dataDir);
  const now = () => clock.now();
  const limits = createRateLimitFactory(config.redisUrl);
  const sessions = createSessionTokens(secret, now);
  const accounts = createAccountsService(db, { sessions, limits, now });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
  });
  const passwordReset = createPasswordResetService(db, {
    mailer,
    limits,
    now,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
  });
  const newsletter = createNewsletterService(db, {
    mailer,
    limits,
    now,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
  });
  const google = createGoogleSignIn(db, {
    config: config.google,
    publicUrl: config.publicUrl,
    accounts,
    limits,
    now,
  });
  const articles = createArticlesService(db, clock);
  const analytics = createAnalyticsService(db, {
    articles,
    limits,
    secret,
    now,
    publicUrl: config.publicUrl,
  });
  const search = createSearchService(db, { now });
  const storage = localMediaStorage(config.dataDir);
  const uploads = createUploadService(db, { storage, limits, now });
  const reactions = createReactionsService(db, { now });
  const users = createUsersService(db, { reactions, uploads, now });
  const comments = createCommentsService(db, { limits, now, bans: createCommentingBans(db) });
  const studio = createStudioService(db, {
    search,
    uploads,
    comments,
    newsletter,
    analytics,
    now,
  });
  const market = createMarketService({
    coinGecko: config.coinGecko,
    redisUrl: config.redisUrl,
    now,
    logger: log,
  });
  const assistant = createAssistantService({
    db,
    model:
      overrides.languageModel ??
      createLanguageModel(config.llm, { knownCoins: () => market.knownCoins(), now }),
    market,
    articles,
    search,
    limits,
    now,
    siteName: config.siteName,
    timeoutMs: config.llmTimeoutMs,
    log,
  });
  const api: PublicationApi = {
    site: {
      name: config.siteName,
      publicUrl: config.publicUrl,
      newsletterUrl: config.newsletterUrl,
      partnerFormUrl: config.partnerFormUrl,
      gaMeasurementId: config.gaMeasurementId,
    },
    listArticles: (q) => articles.list(q) as ReturnType<PublicationApi["listArticles"]>,
    findArticle: (slug) => articles.findBySlug(slug),
    countArticles: () => articles.count(),
    listTerms: (kind) => articles.listTerms(kind),
    findAuthor: (slug) => articles.findAuthor(slug),
    listComments: (slug, sort, viewerId) => comments.find(slug, sort, viewerId),
    async searchArticles(query, options) {
      const hits = await search.search(query, 100);
      return articles.listByIds(
        hits.map((h) => h.id),
        options,
      );
    },
  };
  return {
    db,
    secret,
    limits,
    sessions,
    accounts,
    mailer,
    passwordReset,
    newsletter,
    google,
    articles,
    analytics,
    search,
    uploads,
    reactions,
    users,
    comments,
    market,
    assistant,
    studio,
    api,
  };
}

/**
 * Releases what the services hold open (Redis connections, the mail transport, the publication
 * watch's timer), so a command-line tool or a closed app lets the process exit. The database is
 * the caller's.
 */
export async function closeServices(services: Services): Promise<void> {
  services.studio.publication.stop();
  services.mailer.close();
  await Promise.all([services.limits.close(), services.market.close()]);
}

/**
 * Builds the Fastify app: opens and migrates the database (unless given one), registers the
 * plugins and every module. The caller listens (main.ts) or injects (tests).
 */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const db = options.db ?? openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (!options.db) await migrateToLatest(db);
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
  });
  const services = createServices(db, config, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.languageModel ? { languageModel: options.languageModel } : {}),
    logger: app.log,
  });
  await services.limits.ready();
  await services.studio.publication.start();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  // Before the cache: a publish, an unpublish or a scheduled time passing drops cached pages.
  app.addHook("onRequest", async () => {
    if (services.studio.publication.stale()) app.responseCache.clear();
  });
  // First, so a cached answer skips cookie parsing, session checks and header building.
  await app.register(responseCache, {
    ttlSeconds: config.responseCacheSeconds,
    isCacheablePath: (path) =>
      CACHEABLE_API.has(path) || path.startsWith("/api/taxonomies/") || isPublicPage(path),
  });
  await app.register(authPlugin, { db, sessions: services.sessions, publicUrl: config.publicUrl });
  await app.register(helmet, {
    // Helmet's default policy for the API, its docs and files; pages replace it with a nonce-based
    // one (plugins/web.ts). Upgrading requests to https only when the site is served over https.
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests: config.secureCookies ? [] : null },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.siteName} API`,
        version: "1.0.0",
        description: "Strapi v4-style API of Pragmatist",
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  healthRoutes(app, { db });
  uploadsRoutes(app, { dataDir: config.dataDir });
  articlesRoutes(app, { articles: services.articles, search: services.search });
  accountsRoutes(app, { accounts: services.accounts, secureCookies: config.secureCookies });
  usersRoutes(app, { users: services.users, secureCookies: config.secureCookies });
  uploadRoutes(app, { uploads: services.uploads });
  reactionsRoutes(app, { reactions: services.reactions });
  commentsRoutes(app, { comments: services.comments });
  studioRoutes(app, { studio: services.studio });
  passwordResetRoutes(app, { passwordReset: services.passwordReset });
  newsletterRoutes(app, { newsletter: services.newsletter });
  googleRoutes(app, { google: services.google, secureCookies: config.secureCookies });
  distributionRoutes(app, { db, articles: services.articles, config });
  analyticsRoutes(app, { analytics: services.analytics });
  assistantRoutes(app, {
    assistant: services.assistant,
    secret: services.secret,
    secureCookies: config.secureCookies,
  });

  // Unknown API paths are JSON 404s, never a page from the catch-all below.
  app.all("/api/*", async (req) => {
    throw new NotFoundError(`Route ${req.method} ${req.url.split("?")[0]} not found`);
  });

  if (options.web) {
    await registerWeb(app, {
      api: services.api,
      viewer: (id) => services.accounts.me(id).catch(() => null),
      buildDir: config.webBuildDir,
      devServer: options.web === "build" ? undefined : options.web,
    });
  }
  app.addHook("onClose", () => closeServices(services));
  if (!options.db) app.addHook("onClose", () => db.close());
  app.decorate("services", services);
  return app;
}
