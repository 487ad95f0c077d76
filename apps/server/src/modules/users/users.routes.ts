// HTTP for members' profiles: GET, PUT and DELETE /api/users/{id} (docs/product/api.md#api-users).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  idPathParam,
  ownUserSchema,
  updateUserBodySchema,
  userPopulateKeys,
  type UserPopulateKey,
  userViewSchema,
} from "@pragmatist/contracts";
import { clearSessionCookie, requireUser } from "../../plugins/auth.ts";
import type { UsersService } from "./users.service.ts";
import { errorResponses } from "../../http/responses.ts";

const errors = errorResponses(400, 401, 403, 404);

const POPULATE_KEY = /^populate(?:\[\d{1,2}\])?$/;
const populateNames: ReadonlySet<string> = new Set(userPopulateKeys);

/**
 * Strapi's `populate` in its plain forms, strictly: `populate=bookmarked`, repeated
 * (`populate=bookmarked&populate=profilePicture`), comma-separated, indexed (`populate[0]=…`) or
 * `*` (everything). Any other parameter or relation name is a 400 (as `http/query.ts` does).
 */
const populateValue = z.union([z.string().max(200), z.array(z.string().max(200)).max(10)]);
/**
 * The query string of GET /api/users/{id}: `{ populate }`, the relation names asked for (see above).
 */
export const userQuerySchema = z
  .object({ populate: populateValue.optional() })
  .catchall(populateValue)
  .transform((query, ctx) => {
    const populate = new Set<UserPopulateKey>();
    for (const [key, raw] of Object.entries(query)) {
      if (!POPULATE_KEY.test(key)) {
        ctx.addIssue({ code: "custom", path: [key], message: `Invalid parameter ${key}` });
        continue;
      }
      for (const name of (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(","))) {
        const trimmed = name.trim();
        if (trimmed === "*") userPopulateKeys.forEach((k) => populate.add(k));
        else if (populateNames.has(trimmed)) populate.add(trimmed as UserPopulateKey);
        else {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `Invalid populate ${JSON.stringify(trimmed)}: use ${userPopulateKeys.join(" or ")}`,
          });
        }
      }
    }
    return { populate };
  });

const params = z.object({ id: idPathParam });

/** Signed-in only, checked before the input is validated so anonymous callers always get 401. */
const signedIn = async (req: FastifyRequest) => {
  requireUser(req);
};

/** Registers GET, PUT and DELETE /api/users/:id. */
export function usersRoutes(
  app: FastifyInstance,
  deps: { users: UsersService; secureCookies: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users, secureCookies } = deps;

  r.get(
    "/api/users/:id",
    {
      schema: {
        tags: ["users"],
        summary:
          "A member's public profile; to the member themself also email, role and (populate=bookmarked) bookmarks",
        params,
        querystring: userQuerySchema,
        response: { 200: userViewSchema, ...errors },
      },
    },
    async (req) => users.view(req.params.id, req.user?.id ?? null, req.query.populate),
  );

  r.put(
    "/api/users/:id",
    {
      preValidation: signedIn,
      schema: {
        tags: ["users"],
        summary:
          "Changes the member's own username and/or profile picture (a media id they uploaded)",
        params,
        body: updateUserBodySchema,
        response: { 200: ownUserSchema, ...errors },
      },
    },
    async (req) => users.update(requireUser(req).id, req.params.id, req.body),
  );

  r.delete(
    "/api/users/:id",
    {
      preValidation: signedIn,
      schema: {
        tags: ["users"],
        summary:
          "Deletes the member's own account: personal data erased, sessions revoked, row kept as 'Deleted member'",
        params,
        response: { 200: ownUserSchema, ...errors },
      },
    },
    async (req, reply) => {
      const deleted = await users.remove(requireUser(req).id, req.params.id);
      clearSessionCookie(reply, secureCookies);
      return deleted;
    },
  );
}
