// HTTP for forgot-password and reset-password (docs/product.md#api-auth; Strapi v4 paths and
// bodies).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  forgotPasswordBodySchema,
  okResponseSchema,
  resetPasswordBodySchema,
} from "@pragmatist/contracts";
import type { PasswordResetService } from "./password-reset.ts";
import { errorResponses } from "../../http/responses.ts";
import { DEVICE_COOKIE } from "./device-cookies.ts";

const errors = errorResponses(400, 429);

/**
 * Registers POST /api/auth/forgot-password and POST /api/auth/reset-password. Both are public and
 * answer `{ ok: true }`. On close the app waits for reset mails already accepted.
 */
export function passwordResetRoutes(
  app: FastifyInstance,
  deps: { passwordReset: PasswordResetService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { passwordReset } = deps;
  app.addHook("onClose", () => passwordReset.settle());

  r.post(
    "/api/auth/forgot-password",
    {
      schema: {
        tags: ["auth"],
        summary:
          "Mails a single-use reset link (30 minutes) when the account exists; the answer is the same either way",
        body: forgotPasswordBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => {
      const device = req.cookies[DEVICE_COOKIE];
      await passwordReset.forgotPassword(req.body.email, { ip: req.ip, device, log: req.log });
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/reset-password",
    {
      schema: {
        tags: ["auth"],
        summary:
          "Sets a new password with the code from the reset mail; ends every session of the member (sign in again)",
        body: resetPasswordBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => {
      await passwordReset.resetPassword(req.body, { ip: req.ip });
      return { ok: true as const };
    },
  );
}
