// HTTP for the signed-in member's password and email, and for mailed email links
// (docs/product/accounts.md#account-security, docs/product/api.md#api-auth).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  authResponseSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  emailConfirmationBodySchema,
  emailConfirmationResponseSchema,
  okResponseSchema,
} from "@pragmatist/contracts";
import { errorResponses } from "../../http/responses.ts";
import { requireUser, setSessionCookie } from "../../plugins/auth.ts";
import type { AccountsService } from "./accounts.service.ts";
import { authRoute } from "./auth-http.ts";
import type { EmailVerificationService } from "./email-verification.ts";
import type { PasswordChangeService } from "./password-change.ts";

const errors = errorResponses(400, 401, 403, 429);

/** The services the routes call, and whether cookies are Secure. */
interface AccountSecurityDeps {
  accounts: AccountsService;
  passwordChange: PasswordChangeService;
  emailVerification: EmailVerificationService;
  secureCookies: boolean;
}

/**
 * Registers POST /api/auth/change-password, /api/auth/change-email,
 * /api/auth/send-email-confirmation (signed in: the member's own account only) and
 * /api/auth/email-confirmation (public: the mailed code is the proof). On close the app waits for
 * the mails already accepted.
 */
export function accountSecurityRoutes(app: FastifyInstance, deps: AccountSecurityDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, passwordChange, emailVerification, secureCookies } = deps;
  app.addHook("onClose", async () => {
    await Promise.all([passwordChange.settle(), emailVerification.settle()]);
  });

  r.post(
    "/api/auth/change-password",
    authRoute(["change-password-user"], {
      summary:
        "Changes the signed-in member's password (current password required); ends every other session and answers this one anew as { jwt, user } (cookie too)",
      body: changePasswordBodySchema,
      response: { 200: authResponseSchema, ...errors },
    }),
    async (req, reply) => {
      const user = requireUser(req);
      await passwordChange.changePassword(user.id, req.body, { log: req.log });
      // The token version moved on: this browser or client keeps its place with a new session.
      const session = await accounts.issueSession(user.id);
      if (user.via === "cookie") setSessionCookie(reply, session.jwt, secureCookies);
      return session;
    },
  );

  r.post(
    "/api/auth/change-email",
    authRoute(["change-email-user"], {
      summary:
        "Asks to move the signed-in member to a new email (current password required); nothing changes until the link mailed to the new address is followed",
      body: changeEmailBodySchema,
      response: { 200: okResponseSchema, ...errors },
    }),
    async (req) => {
      const user = requireUser(req);
      await emailVerification.requestEmailChange(user.id, req.body, { log: req.log });
      return { ok: true as const };
    },
  );

  emailLinkRoutes(app, deps);
}

/** POST /api/auth/send-email-confirmation (signed in) and /api/auth/email-confirmation (public). */
function emailLinkRoutes(app: FastifyInstance, deps: AccountSecurityDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { emailVerification } = deps;
  r.post(
    "/api/auth/send-email-confirmation",
    authRoute(["verify-email-ip", "verify-email-user"], {
      summary: "Mails the signed-in member a new link to verify their email (rate limited)",
      response: { 200: okResponseSchema, ...errors },
    }),
    async (req) => {
      const user = requireUser(req);
      await emailVerification.resend(user.id, { ip: req.ip, log: req.log });
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/email-confirmation",
    authRoute(["email-confirmation-ip"], {
      summary:
        "Follows a mailed email link (the page at /verify-email posts its code): verifies the address, or completes an email change and tells the old address",
      body: emailConfirmationBodySchema,
      response: { 200: emailConfirmationResponseSchema, ...errors },
    }),
    async (req) => {
      const { changed } = await emailVerification.confirm(req.body.code, { log: req.log });
      return { ok: true as const, changed };
    },
  );
}
