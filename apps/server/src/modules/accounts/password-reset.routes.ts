// HTTP for forgot-password and reset-password (docs/product/api.md#api-auth; Strapi v4 paths and
// bodies).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  forgotPasswordBodySchema,
  okResponseSchema,
  resetCodeBodySchema,
  resetPasswordBodySchema,
} from "@pragmatist/contracts";
import type { PasswordResetService } from "./password-reset.ts";
import { errorResponses } from "../../http/responses.ts";
import { setSessionCookie } from "../../plugins/auth.ts";
import type { AccountsService } from "./accounts.service.ts";
import { authRoute } from "./auth-http.ts";
import { DEVICE_COOKIE, setDeviceCookie } from "./device-cookies.ts";

const errors = errorResponses(400, 429);

/**
 * Registers POST /api/auth/forgot-password, /api/auth/reset-password and
 * /api/auth/reset-password/check. All are public and answer `{ ok: true }`; an invitation's
 * reset-password also sets the session and device cookies. On close the app waits for reset
 * mails already accepted.
 */
export function passwordResetRoutes(
  app: FastifyInstance,
  deps: { passwordReset: PasswordResetService; accounts: AccountsService; secureCookies: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { passwordReset, accounts, secureCookies } = deps;
  app.addHook("onClose", () => passwordReset.settle());

  r.post(
    "/api/auth/forgot-password",
    authRoute(["forgot-password-ip", "forgot-password-email"], {
      summary:
        "Mails a single-use reset link (30 minutes) when the account exists; the answer is the same either way",
      body: forgotPasswordBodySchema,
      response: { 200: okResponseSchema, ...errors },
    }),
    async (req) => {
      const device = req.cookies[DEVICE_COOKIE];
      await passwordReset.forgotPassword(req.body.email, { device, log: req.log });
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/reset-password",
    authRoute(["reset-password-ip"], {
      summary:
        "Sets a new password with the code from the reset mail; ends every session of the member (sign in again); an invitation's code signs the new member in (session cookie)",
      body: resetPasswordBodySchema,
      response: { 200: okResponseSchema, ...errors },
    }),
    async (req, reply) => {
      const { userId, invitation } = await passwordReset.resetPassword(req.body);
      if (invitation) {
        // An invitation's first password signs the new member in
        // (docs/product/accounts.md#password-reset).
        const { session, device } = await accounts.startSession(userId);
        setSessionCookie(reply, session.jwt, secureCookies);
        setDeviceCookie(reply, device, secureCookies);
      }
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/reset-password/check",
    authRoute(["reset-password-ip"], {
      summary:
        "Whether a mailed link's code can still set a password (asked before showing the form); spends nothing",
      body: resetCodeBodySchema,
      response: { 200: okResponseSchema, ...errors },
    }),
    async (req) => {
      await passwordReset.checkCode(req.body.code);
      return { ok: true as const };
    },
  );
}
