// HTTP for members, roles, newsletter subscribers and the audit log in the studio
// (docs/product/studio.md#studio). Rules live in members.service.ts.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  auditListSchema,
  auditQuerySchema,
  idPathParam,
  memberListSchema,
  memberQuerySchema,
  roleBodySchema,
  studioMemberSchema,
  subscriberListSchema,
  subscriberQuerySchema,
} from "@pragmatist/contracts";
import type { MembersService } from "./members.service.ts";
import { studioRoute } from "../access/studio-http.ts";

/** Registers /api/studio/members, …/{id}/role, /api/studio/subscribers(.csv) and /api/studio/audit. */
export function membersRoutes(app: FastifyInstance, deps: { members: MembersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { members } = deps;

  r.get(
    "/api/studio/members",
    studioRoute("member.list", {
      summary: "Members by part of their name or email, and by role (admins)",
      querystring: memberQuerySchema,
      response: { 200: memberListSchema },
    }),
    async (req) => members.list(req.user, req.query),
  );

  r.put(
    "/api/studio/members/:id/role",
    studioRoute("member.role", {
      summary: "Gives a member a role (admins; the last admin cannot step down: 409)",
      params: z.object({ id: idPathParam }),
      body: roleBodySchema,
      response: { 200: z.object({ data: studioMemberSchema }) },
    }),
    async (req) => ({ data: await members.setRole(req.user, req.params.id, req.body.role) }),
  );

  r.get(
    "/api/studio/subscribers",
    studioRoute("subscriber.read", {
      summary: "Newsletter subscribers by part of the email and status (editors, admins)",
      querystring: subscriberQuerySchema,
      response: { 200: subscriberListSchema },
    }),
    async (req) => members.subscribers(req.user, req.query),
  );

  r.get(
    "/api/studio/subscribers.csv",
    studioRoute("subscriber.read", {
      summary: "Confirmed newsletter subscribers as CSV (the newsletter export)",
      response: { 200: z.string() },
    }),
    async (req, reply: FastifyReply) =>
      // A stream, sent as it is read (Fastify serialises no stream); the schema documents its text.
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="subscribers.csv"')
        .header("cache-control", "no-store")
        .send(members.subscribersCsv(req.user)),
  );

  r.get(
    "/api/studio/audit",
    studioRoute("audit.read", {
      summary: "Who published, unpublished, scheduled, deleted, changed roles and moderated",
      querystring: auditQuerySchema,
      response: { 200: auditListSchema },
    }),
    async (req) => members.audit(req.user, req.query),
  );
}
