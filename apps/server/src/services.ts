// createServices(db, config): every module's service, wired once; the one place that knows them all
// (docs/architecture.md "Services"). The app, the command-line tools and the tests share it.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { createMetrics } from "./metrics.ts";
import { createGoogleSignIn } from "./modules/accounts/google.ts";
import { createAccountsService } from "./modules/accounts/accounts.service.ts";
import { createEmailVerificationService } from "./modules/accounts/email-verification.ts";
import { createPasswordChangeService } from "./modules/accounts/password-change.ts";
import { createPasswordResetService } from "./modules/accounts/password-reset.ts";
import { createSessionTokens } from "./modules/accounts/sessions.ts";
import { createAnalyticsService } from "./modules/analytics/analytics.service.ts";
import {
  type Clock,
  createArticlesService,
  systemClock,
} from "./modules/articles/articles.service.ts";
import { createCoinMentions } from "./modules/articles/coin-mentions.ts";
import { createPublicationApi } from "./modules/articles/publication-api.ts";
import { createLibraryMemo } from "./modules/articles/library-memo.ts";
import { createReadNext } from "./modules/articles/read-next.ts";
import { createLanguageModel } from "./modules/assistant/assistant.model.ts";
import { createAssistantService } from "./modules/assistant/assistant.service.ts";
import { createCommentsService } from "./modules/comments/comments.service.ts";
import { createMailer } from "./modules/mail/mailer.ts";
import { createCoinImages } from "./modules/market/coin-image.service.ts";
import { createMarketPages } from "./modules/market/market-pages.service.ts";
import { createMarketService } from "./modules/market/market.service.ts";
import type { DeliveryTuning } from "./modules/newsletter/delivery.worker.ts";
import { createNewsletterSending } from "./modules/newsletter/newsletter-sending.ts";
import { moveSubscription } from "./modules/newsletter/member-subscription.ts";
import { createNewsletterService } from "./modules/newsletter/newsletter.service.ts";
import { createNotificationEmailsService } from "./modules/notifications/notification-emails.service.ts";
import { createNotificationMailWorker } from "./modules/notifications/notification-mail.worker.ts";
import { createNotificationsService } from "./modules/notifications/notifications.service.ts";
import { createReactionsService } from "./modules/reactions/reactions.service.ts";
import { createSearchService } from "./modules/search/search.service.ts";
import { createChangeBroadcast } from "./plugins/change-broadcast.ts";
import {
  createCommentingBans,
  createModerationRecord,
} from "./modules/studio/moderation.service.ts";
import { createPublicationWatch } from "./modules/studio/publication-watch.ts";
import { createStudioService } from "./modules/studio/studio.service.ts";
import { closeMediaStorage, createMediaStorage } from "./modules/uploads/media-storage.ts";
import { createUploadService } from "./modules/uploads/upload.service.ts";
import { createUsersService } from "./modules/users/users.service.ts";
import { createViewerService } from "./modules/viewer/viewer.service.ts";
import { createRateLimitFactory, createRateLimits } from "./plugins/rate-limit.ts";
import type { ServiceLog } from "./plugins/request-id.ts";
import { resolveSecret } from "./secrets.ts";

/** What createServices can take instead of building it from the config. */
export interface ServiceOverrides {
  clock?: Clock | undefined;
  languageModel?: LanguageModelV4 | undefined;
  logger?: Pick<ServiceLog, "warn" | "error">;
  /** The newsletter delivery worker's times (tests shorten retries and leases). */
  newsletterDelivery?: Partial<DeliveryTuning> | undefined;
}

/** Every wired service, by module (the app decorates itself with it as `app.services`). */
export type Services = ReturnType<typeof createServices>;

declare module "fastify" {
  interface FastifyInstance {
    /** The wired services, for the CLI, the seeder and tests. */
    services: Services;
  }
}

/**
 * What every module shares: the clock, the secret, the metrics (observing `db`), the rate limits'
 * store and the table's limiters on it (http/rate-limits.ts), the change broadcast between
 * processes, mail and a logger.
 */
function createFoundation(db: Db, config: Config, overrides: ServiceOverrides) {
  const clock = overrides.clock ?? systemClock;
  const secret = resolveSecret(config.appSecret, config.dataDir);
  const now = () => clock.now();
  const log = overrides.logger ?? { warn() {}, error() {} };
  const metrics = createMetrics(db);
  const onRedisError = (err: unknown) => {
    metrics.redisErrors.inc({ client: "rate-limit" });
    log.warn({ err }, "Redis (rate limits) failed; limits fall back to this process's memory");
  };
  // Tells the other processes on this database of a change readers see (Redis, PostgreSQL
  // LISTEN/NOTIFY or the cluster's IPC), so they empty their response caches too.
  const changeBroadcast = createChangeBroadcast({
    db,
    redisUrl: config.redisUrl,
    databaseUrl: config.databaseUrl,
    onError(err, transport) {
      if (transport === "redis") metrics.redisErrors.inc({ client: "change-broadcast" });
      log.warn({ err, transport }, "cache notices between processes failed; caches expire by TTL");
    },
  });
  const limitStore = createRateLimitFactory(config.redisUrl, onRedisError);
  return {
    clock,
    now,
    secret,
    log,
    metrics,
    changeBroadcast,
    limitStore,
    limits: createRateLimits(limitStore),
    sessions: createSessionTokens(secret, now),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      metrics,
    }),
  };
}
type Foundation = ReturnType<typeof createFoundation>;

/**
 * Accounts, password reset and change, email verification, Google sign-in and the newsletter: who
 * the readers are.
 */
function createReaderServices(db: Db, config: Config, f: Foundation) {
  const { limits, now, mailer } = f;
  const site = { publicUrl: config.publicUrl, siteName: config.siteName };
  const accounts = createAccountsService(db, {
    sessions: f.sessions,
    limits,
    now,
    secret: f.secret,
    siteName: config.siteName,
  });
  return {
    accounts,
    passwordReset: createPasswordResetService(db, {
      mailer,
      limits,
      now,
      secret: f.secret,
      ...site,
    }),
    passwordChange: createPasswordChangeService(db, { mailer, limits, now, ...site }),
    emailVerification: createEmailVerificationService(db, {
      mailer,
      limits,
      now,
      ...site,
      emailMoved: moveSubscription,
    }),
    newsletter: createNewsletterService(db, { mailer, limits, now, secret: f.secret, ...site }),
    google: createGoogleSignIn(db, {
      config: config.google,
      publicUrl: config.publicUrl,
      accounts,
      limits,
      now,
    }),
  };
}

/**
 * Articles, search, uploads, reactions, comments and their notifications, analytics, the studio,
 * and the viewer (the reader's own marks on it): what is published.
 */
function createPublishingServices(
  db: Db,
  config: Config,
  f: Foundation,
  readers: ReturnType<typeof createReaderServices>,
) {
  const { limits, now } = f;
  // Local disk, or the S3 bucket when S3_BUCKET is set; `/uploads/*` is served from it (app.ts).
  const media = createMediaStorage(config);
  // Answers derived from the published library, kept until it changes (docs/scale.md#library-memo).
  const memo = createLibraryMemo(db.kysely, () => f.clock.now().toISOString());
  const articles = createArticlesService(db, f.clock, memo);
  const search = createSearchService(db, { now });
  // What the article page offers after the text (docs/product/reader.md#read-next).
  const readNext = createReadNext({ k: db.kysely, articles, search, now, memo });
  const analytics = createAnalyticsService(db, {
    articles,
    limits,
    secret: f.secret,
    now,
    publicUrl: config.publicUrl,
  });
  const uploads = createUploadService(db, {
    storage: media,
    limits,
    now,
  });
  // What readers can see changed: cached public pages are dropped (plugins/response-cache.ts),
  // in this process and, through the broadcast, in every other one on this database.
  const publication = createPublicationWatch(db, now, f.changeBroadcast);
  const reactions = createReactionsService(db, { now });
  const notifications = createNotificationsService(db, { now });
  const notificationEmails = createNotificationEmailsService(db, { secret: f.secret, now });
  const comments = createCommentsService(db, {
    limits,
    now,
    bans: createCommentingBans(db),
    emails: readers.accounts,
    // A moderator's hide, unhide or delete is audited and answers the comment's reports, from
    // whichever route it comes (the studio's or the comment manager's).
    moderation: createModerationRecord(),
    // Replies, mentions and new comments on one's article, written with the comment.
    notices: notifications.notices,
    changed: () => publication.changed(),
  });
  const studio = createStudioService(db, {
    publication,
    search,
    uploads,
    comments,
    newsletter: readers.newsletter,
    analytics,
    now,
  });
  const users = createUsersService(db, { reactions, uploads, now, siteName: config.siteName });
  const viewer = createViewerService({
    accounts: readers.accounts,
    reactions,
    comments,
    newsletter: readers.newsletter,
    notifications,
  });
  return {
    media,
    articles,
    search,
    readNext,
    analytics,
    uploads,
    reactions,
    comments,
    notifications,
    notificationEmails,
    studio,
    users,
    viewer,
  };
}

/** Market data and Max, the assistant, over the configured (or the offline) model. */
function createAssistantServices(
  db: Db,
  config: Config,
  f: Foundation,
  publishing: ReturnType<typeof createPublishingServices>,
  languageModel: LanguageModelV4 | undefined,
) {
  const { now, log, metrics } = f;
  const market = createMarketService({
    coinGecko: config.coinGecko,
    redisUrl: config.redisUrl,
    now,
    logger: log,
    metrics,
  });
  const model =
    languageModel ??
    createLanguageModel(config.llm, { knownCoins: () => market.knownCoins(), now });
  const assistant = createAssistantService({
    db,
    model,
    market,
    articles: publishing.articles,
    limits: f.limits,
    now,
    siteName: config.siteName,
    timeoutMs: config.llmTimeoutMs,
    log,
    metrics,
  });
  const marketPages = createMarketPages(market);
  const coinImages = createCoinImages(market, config.siteName);
  // The coins articles name, for article and coin pages (docs/product/reader.md#article-coins).
  const coinMentions = createCoinMentions({ articles: publishing.articles, marketPages });
  return { market, marketPages, coinImages, coinMentions, assistant };
}

/**
 * Wires every service over `db` from `config` (overrides for tests: a clock, a model, a logger).
 * Also builds `api`, the publication as the web app's loaders read it. What it opens (Redis,
 * the mail transport, the publication watch) is released by closeServices.
 */
export function createServices(db: Db, config: Config, overrides: ServiceOverrides = {}) {
  const foundation = createFoundation(db, config, overrides);
  const readers = createReaderServices(db, config, foundation);
  const publishing = createPublishingServices(db, config, foundation, readers);
  const max = createAssistantServices(db, config, foundation, publishing, overrides.languageModel);
  // Newsletter issues and their delivery worker (docs/product/newsletter.md#newsletter-sending),
  // started by startServices.
  const sending = createNewsletterSending(db, {
    settings: { ...config, ...config.newsletter },
    mailer: foundation.mailer,
    limitStore: foundation.limitStore,
    limits: foundation.limits,
    now: foundation.now,
    secret: foundation.secret,
    log: foundation.log,
    tuning: overrides.newsletterDelivery,
  });
  // Notification emails, sent through the same pool and pace (docs/product/accounts.md#notification-emails).
  const notificationMail = createNotificationMailWorker(db, {
    ...sending.bulk,
    site: { publicUrl: config.publicUrl, siteName: config.siteName, secret: foundation.secret },
    delaySeconds: config.newsletter.notificationDelaySeconds,
    now: foundation.now,
    log: foundation.log,
  });
  const api = createPublicationApi(
    {
      name: config.siteName,
      publicUrl: config.publicUrl,
      // Unset NEWSLETTER_URL: Subscribe leads to the built-in newsletter's page.
      newsletterUrl: config.newsletterUrl ?? "/newsletter",
      partnerFormUrl: config.partnerFormUrl ?? null,
      gaMeasurementId: config.gaMeasurementId,
    },
    {
      ...publishing,
      newsletterIssues: sending.issues,
      marketPages: max.marketPages,
      coinMentions: max.coinMentions,
    },
  );
  const { secret, limitStore, limits, sessions, mailer, metrics, changeBroadcast } = foundation;
  const newsletterIssues = sending.issues;
  const newsletterDelivery = sending.delivery;
  return {
    db,
    secret,
    limitStore,
    limits,
    sessions,
    mailer,
    metrics,
    changeBroadcast,
    ...readers,
    ...publishing,
    ...max,
    newsletterIssues,
    newsletterDelivery,
    notificationMail,
    api,
  };
}

/**
 * Connects what the services need before the first request: Redis, the publication watch (and
 * its broadcast between processes); then starts the newsletter delivery worker, the notification
 * email worker and, with live market data, its background refresh (docs/product/markets.md#live-refresh).
 */
export async function startServices(services: Services): Promise<void> {
  await services.limitStore.ready();
  await services.studio.publication.start();
  services.newsletterDelivery.start();
  services.notificationMail.start();
  services.market.start();
}

/**
 * Releases what the services hold open (Redis and PostgreSQL listening connections, the mail
 * transport, the publication watch's timer, the metrics' watch on the database), so a
 * command-line tool or a closed app lets the process exit. The database is the caller's.
 */
export async function closeServices(services: Services): Promise<void> {
  // First: messages in flight finish and claimed deliveries go back while the database is open;
  // notification emails before the newsletter's worker closes the pool they share.
  await services.notificationMail.stop();
  await services.newsletterDelivery.stop();
  services.studio.publication.stop();
  services.metrics.close();
  services.mailer.close();
  closeMediaStorage(services.media);
  await Promise.all([
    services.limitStore.close(),
    services.market.close(),
    services.changeBroadcast.close(),
  ]);
}
