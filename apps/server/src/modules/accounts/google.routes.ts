// HTTP for sign-in with Google (docs/product/api.md#api-google): start, provider callback, our code
// exchange, and which providers are configured.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authProvidersSchema, authResponseSchema } from "@pragmatist/contracts";
import { NotFoundError } from "../../errors.ts";
import { setSessionCookie } from "../../plugins/auth.ts";
import { GOOGLE_FLOW_TTL_SECONDS, type GoogleSignIn, GoogleSignInRefused } from "./google.ts";
import { errorResponses } from "../../http/responses.ts";
import type { ZodRoutes } from "../../http/routes.ts";

/** The three flow cookies, scoped to the Google paths so no other request carries them. */
const FLOW_COOKIES = {
  state: "pragmatist_google_state",
  codeVerifier: "pragmatist_google_verifier",
  nonce: "pragmatist_google_nonce",
} as const;
const FLOW_PATH = "/api/connect/google";
/**
 * Where the browser lands after Google: the web trades the code there
 * (docs/product/accounts.md#google-redirect).
 */
const DONE_PATH = "/connect/google/redirect";
const FAILED_PATH = "/login?error=google";

/** GET /api/auth/providers. */
const providersSchema = {
  tags: ["auth"],
  summary: "Which sign-in providers are configured, so the web can hide the others",
  response: { 200: authProvidersSchema },
};

/** GET /api/connect/google. */
const startSchema = {
  tags: ["auth"],
  summary:
    "Starts sign-in with Google: redirects to Google's consent page (PKCE + state + nonce in 10-minute httpOnly cookies)",
  response: errorResponses(404),
};

/** GET /api/connect/google/callback. */
const callbackSchema = {
  tags: ["auth"],
  summary:
    "Google's redirect back: checks state, exchanges the code, verifies the ID token, then redirects to /connect/google/redirect?access_token=<our one-time code> (or /login?error=google)",
  // Google adds scope, authuser, prompt, hd …; unknown parameters are dropped.
  querystring: z.object({
    code: z.string().max(2048).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(256).optional(),
  }),
  response: errorResponses(404),
};

/** GET /api/auth/google/callback. */
const exchangeSchema = {
  tags: ["auth"],
  summary:
    "Trades the one-time code from /connect/google/redirect for { jwt, user } and sets the session cookie",
  querystring: z.object({ access_token: z.string().min(1).max(256) }),
  response: {
    200: authResponseSchema,
    ...errorResponses(400, 404, 429),
  },
};

/** What the Google routes share: the sign-in, the cookie flag and the flow cookies' options. */
interface GoogleRouteContext {
  google: GoogleSignIn;
  secureCookies: boolean;
  flowCookie: { httpOnly: true; sameSite: "lax"; secure: boolean; path: string };
}

/** GET /api/connect/google: sets the flow cookies and redirects to Google's consent page. */
function startRoute(r: ZodRoutes, { google, flowCookie }: GoogleRouteContext) {
  r.get("/api/connect/google", { schema: startSchema }, async (_req, reply) => {
    const flow = google.start();
    const options = { ...flowCookie, maxAge: GOOGLE_FLOW_TTL_SECONDS };
    reply.setCookie(FLOW_COOKIES.state, flow.state, options);
    reply.setCookie(FLOW_COOKIES.codeVerifier, flow.codeVerifier, options);
    reply.setCookie(FLOW_COOKIES.nonce, flow.nonce, options);
    reply.header("cache-control", "no-store");
    return reply.redirect(flow.url, 302);
  });
}

/**
 * GET /api/connect/google/callback: clears the flow cookies, finishes the sign-in and redirects to
 * DONE_PATH with our one-time code, or to FAILED_PATH (the reason only in the log).
 */
function callbackRoute(r: ZodRoutes, { google, flowCookie }: GoogleRouteContext) {
  const clearFlow = (reply: FastifyReply) => {
    for (const name of Object.values(FLOW_COOKIES)) reply.clearCookie(name, flowCookie);
  };
  r.get("/api/connect/google/callback", { schema: callbackSchema }, async (req, reply) => {
    if (!google.enabled) throw new NotFoundError("Google sign-in is not configured");
    const stored = {
      state: req.cookies[FLOW_COOKIES.state],
      codeVerifier: req.cookies[FLOW_COOKIES.codeVerifier],
      nonce: req.cookies[FLOW_COOKIES.nonce],
    };
    clearFlow(reply);
    reply.header("cache-control", "no-store");
    try {
      const { code: providerCode, state, error } = req.query;
      const code = await google.finish({ code: providerCode, state, error, stored });
      return reply.redirect(`${DONE_PATH}?access_token=${encodeURIComponent(code)}`, 302);
    } catch (err) {
      if (err instanceof GoogleSignInRefused)
        req.log.warn({ reason: err.reason, err: err.cause }, "google sign-in refused");
      else req.log.error({ err }, "google sign-in failed");
      return reply.redirect(FAILED_PATH, 302);
    }
  });
}

/** GET /api/auth/google/callback: trades our one-time code for a session (body and cookie). */
function exchangeRoute(r: ZodRoutes, { google, secureCookies }: GoogleRouteContext) {
  const options = {
    schema: exchangeSchema,
    config: { rateLimits: ["google-exchange-ip"] },
  } as const;
  r.get("/api/auth/google/callback", options, async (req, reply) => {
    const result = await google.exchange(req.query.access_token, req.ip);
    setSessionCookie(reply, result.jwt, secureCookies);
    // A session token in the body: never cached (RFC 6749 §5.1).
    reply.header("cache-control", "no-store");
    return result;
  });
}

/**
 * Registers GET /api/auth/providers, GET /api/connect/google, GET /api/connect/google/callback
 * and GET /api/auth/google/callback. The Google ones answer 404 when Google is not configured.
 */
export function googleRoutes(
  app: FastifyInstance,
  deps: { google: GoogleSignIn; secureCookies: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { google, secureCookies } = deps;
  const context: GoogleRouteContext = {
    google,
    secureCookies,
    flowCookie: { httpOnly: true, sameSite: "lax", secure: secureCookies, path: FLOW_PATH },
  };
  r.get("/api/auth/providers", { schema: providersSchema }, async () => ({
    google: google.enabled,
  }));
  startRoute(r, context);
  callbackRoute(r, context);
  exchangeRoute(r, context);
}
