// HTTP for sign-up, sign-in, sign-out and "who am I" (docs/product/api.md#api-auth).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  authResponseSchema,
  loginBodySchema,
  ownUserSchema,
  registerBodySchema,
} from "@pragmatist/contracts";
import { clearSessionCookie, requireUser, setSessionCookie } from "../../plugins/auth.ts";
import type { AccountsService } from "./accounts.service.ts";
import { authRoute } from "./auth-http.ts";
import type { EmailVerificationService } from "./email-verification.ts";
import { DEVICE_COOKIE, setDeviceCookie } from "./device-cookies.ts";
import { errorResponses } from "../../http/responses.ts";

const errors = errorResponses(400, 401, 403, 429);

/** What the sign-up and sign-in routes call. */
interface AccountsRoutesDeps {
  accounts: AccountsService;
  emailVerification: Pick<EmailVerificationService, "mailAfterSignUp">;
  secureCookies: boolean;
}

/** Registers /api/auth/local/register, /api/auth/local, /api/auth/logout and /api/users/me. */
export function accountsRoutes(app: FastifyInstance, deps: AccountsRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, emailVerification, secureCookies } = deps;

  r.post(
    "/api/auth/local/register",
    authRoute(["register"], {
      summary:
        "Sign up with username, email and password; answers { jwt, user }, sets the session cookie and mails a link to verify the email",
      body: registerBodySchema,
      response: { 200: authResponseSchema, ...errors },
    }),
    async (req, reply) => {
      const { session, device } = await accounts.register(req.body);
      // After the answer: the sign-up never waits for, nor fails on, the mailer.
      emailVerification.mailAfterSignUp(session.user.id, req.log);
      setSessionCookie(reply, session.jwt, secureCookies);
      setDeviceCookie(reply, device, secureCookies);
      return session;
    },
  );

  r.post(
    "/api/auth/local",
    authRoute(["login-ip", "login-account", "login-device"], {
      summary:
        "Sign in with identifier (email) and password; answers { jwt, user } and sets the session cookie",
      body: loginBodySchema,
      response: { 200: authResponseSchema, ...errors },
    }),
    async (req, reply) => {
      const client = { device: req.cookies[DEVICE_COOKIE] };
      const { session, device } = await accounts.login(req.body, client);
      setSessionCookie(reply, session.jwt, secureCookies);
      setDeviceCookie(reply, device, secureCookies);
      return session;
    },
  );

  r.post(
    "/api/auth/logout",
    {
      schema: {
        tags: ["auth"],
        summary:
          "Signs out everywhere: revokes every session token of the member and clears the cookie",
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (req, reply) => {
      if (req.user) await accounts.logout(req.user.id);
      clearSessionCookie(reply, secureCookies);
      return { ok: true as const };
    },
  );

  r.get(
    "/api/users/me",
    {
      schema: {
        tags: ["users"],
        summary: "The signed-in member, with email and role",
        response: { 200: ownUserSchema, ...errors },
      },
    },
    async (req) => accounts.me(requireUser(req).id),
  );
}
