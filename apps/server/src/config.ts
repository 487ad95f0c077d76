// One zod schema over process.env -> frozen Config. Nothing else reads process.env
// (docs/architecture.md#conventions).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The repository root: defaults for data, content and the web build are relative to it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const httpUrl = z
  .string()
  .url()
  .regex(/^https?:\/\//i, "must be an http(s) URL");
const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Worker processes on this machine sharing PORT (node:cluster, cluster.ts); 1: one process.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default(path.join(repoRoot, "data")),
  DATABASE_URL: z.string().url().optional(),
  // `npm run backup` writes each backup to <BACKUP_DIR>/<UTC timestamp> (docs/deploy/backups.md).
  BACKUP_DIR: z.string().optional(),
  // Unset: http://<host>:<PORT> (defaultPublicUrl); production warns at start (main.ts).
  PUBLIC_URL: z.string().url().optional(),
  SITE_NAME: z.string().min(1).default("Crypto Pragmatist"),
  // An external newsletter for Subscribe; unset: the built-in one
  // (docs/product/newsletter.md#newsletter-sending).
  NEWSLETTER_URL: z.string().url().optional(),
  NEWSLETTER_POSTAL_ADDRESS: z.string().trim().max(300).optional(),
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  NEWSLETTER_TRACKING: bool.default(false),
  // How long an "at once" notification email waits for more (docs/product/accounts.md#notification-emails).
  NOTIFICATION_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(180),
  NEWSLETTER_LINK_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$/, "must be host names")))
    .default([]),
  // The partner enquiry form; unset, About and Services show no enquiry button.
  PARTNER_FORM_URL: z.string().url().optional(),
  SEED_DEMO_CONTENT: bool.default(true),
  TRUST_PROXY: bool.default(false),
  APP_SECRET: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  RESPONSE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  // The longest a client may take to send a whole request (headers and body): a 408 after it.
  // 60 s: a 5 MB upload over a 1 Mbit/s phone link takes about 40.
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  // GET /metrics (docs/decisions/006-metrics.md): on only with a token, sent as a Bearer token.
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,256}$/, "must be 32 to 256 printable characters without spaces")
    .optional(),
  // Mail: SMTP when set (smtp://user:pass@host:587, smtps://…:465), else an outbox folder.
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // Google sign-in (docs/product/api.md#api-google): enabled when both are set. The endpoints are
  // overridable so tests (and an OIDC-compatible stand-in) can point elsewhere.
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER_URL: z.string().url().default("https://accounts.google.com"),
  GOOGLE_AUTHORIZATION_URL: z
    .string()
    .url()
    .default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_JWKS_URL: z.string().url().default("https://www.googleapis.com/oauth2/v3/certs"),
  // Max (docs/product/max.md#max-models): any OpenAI-compatible chat-completions service; the
  // offline model when unset.
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  // Market data: CoinGecko's API with a key, else the dated offline snapshot.
  COINGECKO_API_KEY: z.string().optional(),
  COINGECKO_PLAN: z.enum(["demo", "pro"]).default("demo"),
  COINGECKO_BASE_URL: z.string().url().optional(),
  // The plan's rate limit, shared by every process (docs/product/max.md#market-data): a demo key
  // allows about 30 calls a minute.
  COINGECKO_CALLS_PER_MINUTE: z.coerce.number().int().min(3).max(10_000).default(30),
  // Analytics: the Google Analytics tag is added only when set (first-party page views always).
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,12}$/, "must look like G-XXXXXXX")
    .optional(),
  // Media in S3-compatible object storage when S3_BUCKET is set, else DATA_DIR/uploads.
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  // AWS's bucket naming rules (lower case, digits, dots, hyphens; 3 to 63 characters).
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a valid bucket name")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PUBLIC_URL: httpUrl.optional(),
});

/** The S3 settings that make no sense alone: each needs S3_BUCKET (checked by loadConfig). */
const S3_NEEDS_BUCKET = [
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_PUBLIC_URL",
] as const;

/** The language model behind Max; null selects the built-in offline model. */
export type LlmConfig = Readonly<{ baseUrl: string; apiKey: string | undefined; model: string }>;

/** CoinGecko API access; null serves the offline snapshot. */
export type CoinGeckoConfig = Readonly<{
  apiKey: string;
  plan: "demo" | "pro";
  /** Overrides the plan's host (tests point it at a loopback server). */
  baseUrl: string | undefined;
  /** Calls to CoinGecko allowed a minute, across every process (the plan's rate limit). */
  callsPerMinute: number;
}>;

/** S3-compatible object storage for media (modules/uploads/s3-storage.ts); null keeps local disk. */
export type S3Config = Readonly<{
  /** The service's URL (MinIO, R2, ...); undefined: AWS's endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Static keys; undefined: the SDK's default chain (instance role, shared config). */
  credentials: Readonly<{ accessKeyId: string; secretAccessKey: string }> | undefined;
  /** `<endpoint>/<bucket>/<key>` URLs instead of `<bucket>.<endpoint>/<key>` (MinIO, s3rver). */
  forcePathStyle: boolean;
  /** Base URL readers fetch objects from (bucket website, CDN), no trailing slash; undefined:
   * the app serves `/uploads/<key>` from the bucket. */
  publicUrl: string | undefined;
}>;

/** Sending newsletter issues (docs/product/newsletter.md#newsletter-sending). */
export type NewsletterConfig = Readonly<{
  /** NEWSLETTER_POSTAL_ADDRESS: the publication's postal address in every issue's footer. */
  postalAddress: string | undefined;
  /** NEWSLETTER_RATE_PER_MINUTE: messages a minute over SMTP, shared by every process. */
  ratePerMinute: number;
  /** NEWSLETTER_TRACKING: count clicks through `/r/{token}` (off by default). */
  tracking: boolean;
  /** NEWSLETTER_LINK_HOSTS: hosts (`host` or `host:port`) `/r/{token}` may send to besides PUBLIC_URL's. */
  linkHosts: readonly string[];
  /** NOTIFICATION_EMAIL_DELAY_SECONDS: how long an "at once" notification email waits for more. */
  notificationDelaySeconds: number;
}>;

/** Google OAuth 2.0 / OpenID Connect client settings; null when sign-in with Google is off. */
export type GoogleConfig = Readonly<{
  clientId: string;
  clientSecret: string;
  /** Expected `iss` of the ID token. */
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  jwksUrl: string;
}>;

/** The server's settings, read once from the environment by `loadConfig`. */
export type Config = Readonly<{
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** WEB_CONCURRENCY: worker processes sharing the port (cluster.ts); 1 runs no cluster. */
  webConcurrency: number;
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where `npm run backup` puts backups without a folder argument (default `<dataDir>/backups`). */
  backupDir: string;
  /** Absolute base of links in mails, feeds and pages, without a trailing slash. */
  publicUrl: string;
  /** Whether PUBLIC_URL was set (else publicUrl is defaultPublicUrl(host, port)). */
  publicUrlSet: boolean;
  siteName: string;
  /** NEWSLETTER_URL: an external newsletter Subscribe leads to; undefined: the built-in one. */
  newsletterUrl: string | undefined;
  newsletter: NewsletterConfig;
  /** PARTNER_FORM_URL; undefined: no enquiry button (there is no default form). */
  partnerFormUrl: string | undefined;
  seedDemoContent: boolean;
  trustProxy: boolean;
  appSecret: string | undefined;
  redisUrl: string | undefined;
  /**
   * Seconds a public page or API read is reused for every reader, signed in or not (decision 008,
   * docs/architecture.md#caching); 0 = off.
   */
  responseCacheSeconds: number;
  /**
   * Milliseconds a client has to send a whole request, headers and body, before a 408 and the
   * connection closed: a trickled body cannot hold a connection (OWASP DoS).
   */
  requestTimeoutMs: number;
  /** The Bearer token GET /metrics requires; undefined: no /metrics (404). */
  metricsToken: string | undefined;
  /** SMTP connection URL; undefined writes mails to `<dataDir>/outbox/` instead. */
  smtpUrl: string | undefined;
  /** The From header of every mail, e.g. `"Crypto Pragmatist" <no-reply@localhost>`. */
  mailFrom: string;
  google: GoogleConfig | null;
  llm: LlmConfig | null;
  /** Milliseconds one request to the language model may take before it is abandoned. */
  llmTimeoutMs: number;
  coinGecko: CoinGeckoConfig | null;
  s3: S3Config | null;
  gaMeasurementId: string | undefined;
  /** Session cookies are Secure when the public URL is https. */
  secureCookies: boolean;
  webBuildDir: string;
  demoContentDir: string;
}>;

/** Where a serving process records the address it serves, in its DATA_DIR (main.ts). */
export const servedUrlPath = (dataDir: string) => path.join(dataDir, "served-url.txt");

/**
 * The config of a command-line tool: `loadConfig`'s, except that when PUBLIC_URL
 * is not set, the address the server on the same DATA_DIR last said it serves, so the links a tool
 * mails (an invitation) lead to that server (`PORT=4400 npm start`, then `npm run user:role`
 * without PORT). @throws Error as loadConfig does.
 */
export function loadToolConfig(env: Record<string, string | undefined> = process.env): Config {
  const config = loadConfig(env);
  if (config.publicUrlSet) return config;
  let served: string;
  try {
    served = fs.readFileSync(servedUrlPath(config.dataDir), "utf8").trim();
  } catch {
    return config; // no server has run on this DATA_DIR yet
  }
  if (!/^https?:\/\/[^\s/]+$/.test(served)) return config;
  return Object.freeze({
    ...config,
    publicUrl: served,
    secureCookies: served.startsWith("https:"),
  });
}

/**
 * The public URL a server answers on when PUBLIC_URL is not set: `http://<host>:<port>`, where a
 * wildcard host (0.0.0.0, ::, empty) is `localhost` and an IPv6 address is bracketed (RFC 3986
 * §3.2.2). Mails, feeds and canonical links then point where the server really listens.
 */
export function defaultPublicUrl(host: string, port: number): string {
  const name = ["", "0.0.0.0", "::", "[::]"].includes(host)
    ? "localhost"
    : host.includes(":") && !host.startsWith("[")
      ? `[${host}]`
      : host;
  return `http://${name}:${port}`;
}

/**
 * The object-storage settings: null without S3_BUCKET (local disk).
 * @throws Error when an S3 setting is given without S3_BUCKET, or only one of the two keys is.
 */
function s3Config(e: z.infer<typeof envSchema>): S3Config | null {
  if (!e.S3_BUCKET) {
    const orphan = S3_NEEDS_BUCKET.filter((name) => e[name] !== undefined);
    if (orphan.length)
      throw new Error(`Invalid configuration: ${orphan.join(", ")} need S3_BUCKET`);
    return null;
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error("Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
  }
  return Object.freeze({
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    credentials:
      accessKeyId && secretAccessKey ? Object.freeze({ accessKeyId, secretAccessKey }) : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
  });
}

/**
 * Reads the configuration from an environment (defaults: process.env). Every setting has a
 * working default for a fresh machine; `.env.example` lists them.
 * @throws Error listing each invalid variable, so start-up fails loudly and early.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (FOO=) means "not set", as in most twelve-factor tooling.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? defaultPublicUrl(e.HOST, e.PORT)).replace(/\/$/, "");
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    webConcurrency: e.WEB_CONCURRENCY,
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR === ":memory:" ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, "backups")),
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    siteName: e.SITE_NAME,
    newsletterUrl: e.NEWSLETTER_URL,
    newsletter: Object.freeze({
      postalAddress: e.NEWSLETTER_POSTAL_ADDRESS || undefined,
      ratePerMinute: e.NEWSLETTER_RATE_PER_MINUTE,
      tracking: e.NEWSLETTER_TRACKING,
      linkHosts: Object.freeze(e.NEWSLETTER_LINK_HOSTS),
      notificationDelaySeconds: e.NOTIFICATION_EMAIL_DELAY_SECONDS,
    }),
    partnerFormUrl: e.PARTNER_FORM_URL,
    seedDemoContent: e.SEED_DEMO_CONTENT,
    trustProxy: e.TRUST_PROXY,
    appSecret: e.APP_SECRET,
    redisUrl: e.REDIS_URL,
    responseCacheSeconds: e.RESPONSE_CACHE_SECONDS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${e.SITE_NAME.replace(/["\\\r\n]/g, "")}" <no-reply@localhost>`,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? Object.freeze({
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER_URL,
            authorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            jwksUrl: e.GOOGLE_JWKS_URL,
          })
        : null,
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? Object.freeze({ baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL })
        : null,
    llmTimeoutMs: e.LLM_TIMEOUT_MS,
    coinGecko: e.COINGECKO_API_KEY
      ? Object.freeze({
          apiKey: e.COINGECKO_API_KEY,
          plan: e.COINGECKO_PLAN,
          baseUrl: e.COINGECKO_BASE_URL,
          callsPerMinute: e.COINGECKO_CALLS_PER_MINUTE,
        })
      : null,
    s3: s3Config(e),
    gaMeasurementId: e.GA_MEASUREMENT_ID,
    secureCookies: publicUrl.startsWith("https://"),
    webBuildDir: path.join(repoRoot, "apps/web/build"),
    demoContentDir: path.join(repoRoot, "content/demo"),
  });
}

/** A setting worth an operator's attention, logged once at start (main.ts, cluster.ts). */
export interface StartupWarning {
  message: string;
  details: Record<string, unknown>;
}

/**
 * What the config allows but an operator should know: production without PUBLIC_URL (links in
 * mails and feeds point at the listening address), and several workers without REDIS_URL (each
 * keeps its own rate limits, newsletter pace, Max's credits and market-data cache; cache
 * invalidation still reaches every worker: PostgreSQL LISTEN/NOTIFY or the cluster's IPC).
 */
export function startupWarnings(config: Config): StartupWarning[] {
  const warnings: StartupWarning[] = [];
  if (config.nodeEnv === "production" && !config.publicUrlSet) {
    warnings.push({
      details: { publicUrl: config.publicUrl },
      message:
        "PUBLIC_URL is not set: mails, feeds and canonical links use the address the server listens on; set PUBLIC_URL to the site's public address",
    });
  }
  if (config.webConcurrency > 1 && !config.redisUrl) {
    warnings.push({
      details: { webConcurrency: config.webConcurrency },
      message:
        "WEB_CONCURRENCY > 1 without REDIS_URL: each worker keeps its own rate limits (NEWSLETTER_RATE_PER_MINUTE too), Max's credits and market-data cache, so a visitor gets them once per worker; set REDIS_URL to share them",
    });
  }
  return warnings;
}
