// HTTP for Max (docs/product/max.md#assistant): the streamed chat, the thread's history and
// clearing it, and the old client's `/api/assistant-messages` endpoints
// (docs/product/api.md#api-assistant). Rules live in assistant.service.ts.
import { randomUUID } from "node:crypto";
import { Signer } from "@fastify/cookie";
import { createUIMessageStreamResponse } from "ai";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  assistantMessageInputSchema,
  chatRequestSchema,
  clampedPageSizeParam,
  idPathParam,
} from "@pragmatist/contracts";
import { ForbiddenError } from "../../errors.ts";
import { requireUser } from "../../plugins/auth.ts";
import type { Asker, AssistantService } from "./assistant.service.ts";
import { errorResponses } from "../../http/responses.ts";
import type { ZodRoutes } from "../../http/routes.ts";

/** The anonymous visitor's id, one per browser (docs/product/max.md#assistant-thread). */
export const VISITOR_COOKIE = "pragmatist_visitor";
/** How long a visitor id is accepted after it was issued, in seconds (one year). */
const VISITOR_COOKIE_MAX_AGE = 365 * 24 * 3600;
/** Clock difference tolerated between the processes that issue and read the cookie, in seconds. */
const VISITOR_CLOCK_SKEW = 60;

/**
 * The visitor id in a verified visitor cookie value `<uuid>.<issued at, Unix seconds>`, or null
 * when the value is older than VISITOR_COOKIE_MAX_AGE, issued in the future, or lacks its issue
 * time (cookies signed before it was added). The signature covers the time, and the cookie's
 * Max-Age binds only the browser, so the server enforces the expiry itself (OWASP Session
 * Management Cheat Sheet, "Session Expiration"; OWASP ASVS 5.0 V9.2.1).
 */
function visitorIdOf(value: string, nowSeconds: number): string | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})$/.exec(value);
  if (!match) return null;
  const age = nowSeconds - Number(match[2]);
  return age >= -VISITOR_CLOCK_SKEW && age <= VISITOR_COOKIE_MAX_AGE ? (match[1] ?? null) : null;
}

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ["assistant"];

const entitySchema = z.object({
  id: z.number().int(),
  attributes: z.object({ isUser: z.boolean(), content: z.string(), createdAt: z.string() }),
});

/** POST /api/assistant/chat. */
const chatSchema = {
  tags,
  summary: "Ask Max: the answer streams as an AI SDK UI message stream (server-sent events)",
  body: chatRequestSchema,
};

/** GET /api/assistant/history. */
const historySchema = { tags, summary: "The caller's conversation with Max and their credits" };

/** DELETE /api/assistant/history. */
const clearHistorySchema = {
  tags,
  summary: "Clear history: delete the conversation",
};

/** POST /api/assistant-messages. */
const saveMessageSchema = {
  tags,
  summary: "Save a chat message to the member's thread",
  body: assistantMessageInputSchema,
  response: { 200: z.object({ data: entitySchema }), ...errors },
};

/**
 * The largest page of GET /api/assistant-messages: 200 messages, the history Max restores
 * (docs/product/limits.md#constants); a larger `pagination[pageSize]` is clamped to it.
 */
const MAX_MESSAGES_PAGE_SIZE = 200;

/** GET /api/assistant-messages. */
const listMessagesSchema = {
  tags,
  summary: "The member's own messages (filtered by the current user)",
  querystring: z.object({
    "filters[user][id][$eq]": z.coerce.number().int().optional(),
    "pagination[page]": z.coerce.number().int().min(1).default(1),
    "pagination[pageSize]": clampedPageSizeParam(MAX_MESSAGES_PAGE_SIZE).default(100),
  }),
  response: {
    200: z.object({
      data: z.array(entitySchema),
      meta: z.object({
        pagination: z.object({
          page: z.number().int(),
          pageSize: z.number().int(),
          pageCount: z.number().int(),
          total: z.number().int(),
        }),
      }),
    }),
    ...errors,
  },
};

/** DELETE /api/assistant-messages/{id}. */
const deleteMessageSchema = {
  tags,
  summary: "Delete one of the member's messages",
  params: z.object({ id: idPathParam }),
  response: { 200: z.object({ data: z.object({ id: z.number().int() }) }), ...errors },
};

/** What the routes are registered with. */
export interface AssistantRouteDeps {
  assistant: AssistantService;
  /** The app secret; the visitor cookie is signed with a key derived from it. */
  secret: string;
  secureCookies: boolean;
}

/**
 * The member, or the visitor from a valid signed cookie; with `issue`, a visitor without one
 * (or with a forged one) gets a new id, else null.
 */
type AskerOf = (req: FastifyRequest, reply: FastifyReply, issue: boolean) => Asker | null;

/**
 * Reads (and with `issue`, sets) the signed visitor cookie, its key derived from `deps.secret`;
 * the signed value carries its issue time (`visitorIdOf`).
 */
function visitorAskers(deps: AssistantRouteDeps): AskerOf {
  const signer = new Signer(`${deps.secret}:assistant-visitor`);
  return (req, reply, issue) => {
    if (req.user) return { userId: req.user.id };
    const raw = req.cookies[VISITOR_COOKIE];
    const unsigned = raw ? signer.unsign(raw) : null;
    const nowSeconds = Math.floor(Date.now() / 1000);
    const known =
      unsigned?.valid && unsigned.value ? visitorIdOf(unsigned.value, nowSeconds) : null;
    if (known) return { visitorId: known, ip: req.ip };
    if (!issue) return null;
    const visitorId = randomUUID();
    reply.setCookie(VISITOR_COOKIE, signer.sign(`${visitorId}.${nowSeconds}`), {
      httpOnly: true,
      sameSite: "lax",
      secure: deps.secureCookies,
      path: "/api/assistant",
      maxAge: VISITOR_COOKIE_MAX_AGE,
    });
    return { visitorId, ip: req.ip };
  };
}

/** Members only: 401 for anyone else. */
async function signedIn(req: FastifyRequest) {
  requireUser(req);
}

/**
 * POST /api/assistant/chat (the answer as an AI SDK UI message stream, aborted when the reader
 * leaves), GET /api/assistant/history and DELETE /api/assistant/history, for members and visitors.
 */
function chatRoutes(r: ZodRoutes, assistant: AssistantService, askerOf: AskerOf) {
  // A visitor's credits and their IP's cap, or a member's rate (assistant.credits.ts).
  const limits = ["assistant-visitor", "assistant-ip", "assistant-member"] as const;
  r.post(
    "/api/assistant/chat",
    { schema: chatSchema, config: { rateLimits: limits } },
    async (req, reply) => {
      const asker = askerOf(req, reply, true)!;
      const controller = new AbortController();
      // The reader went away before the answer ended (the response closed unfinished).
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const stream = await assistant.chat({
        asker,
        text: req.body.text,
        ...(req.body.articleSlug ? { articleSlug: req.body.articleSlug } : {}),
        signal: controller.signal,
      });
      const response = createUIMessageStreamResponse({ stream });
      response.headers.forEach((value, name) => reply.header(name, value));
      return reply.send(response.body);
    },
  );

  r.get("/api/assistant/history", { schema: historySchema }, async (req, reply) => {
    reply.header("cache-control", "private, no-store");
    return assistant.history(askerOf(req, reply, true)!);
  });

  r.delete("/api/assistant/history", { schema: clearHistorySchema }, async (req, reply) => {
    const asker = askerOf(req, reply, false);
    if (asker) await assistant.clearHistory(asker);
    return reply.status(204).send();
  });
}

/**
 * POST, GET and DELETE /api/assistant-messages (docs/product/api.md#api-assistant): members only,
 * their own messages.
 */
function messageRoutes(r: ZodRoutes, assistant: AssistantService) {
  r.post(
    "/api/assistant-messages",
    { preValidation: signedIn, schema: saveMessageSchema },
    async (req) => ({
      data: await assistant.saveMessage(requireUser(req).id, {
        isUser: req.body.data.isUser,
        content: req.body.data.content,
      }),
    }),
  );

  r.get(
    "/api/assistant-messages",
    { preValidation: signedIn, schema: listMessagesSchema },
    async (req, reply) => {
      const user = requireUser(req);
      reply.header("cache-control", "private, no-store");
      const asked = req.query["filters[user][id][$eq]"];
      if (asked !== undefined && asked !== user.id) {
        throw new ForbiddenError("You can only read your own messages");
      }
      return assistant.listMessages(user.id, {
        page: req.query["pagination[page]"],
        pageSize: req.query["pagination[pageSize]"],
      });
    },
  );

  r.delete(
    "/api/assistant-messages/:id",
    { preValidation: signedIn, schema: deleteMessageSchema },
    async (req) => {
      await assistant.deleteMessage(requireUser(req).id, req.params.id);
      return { data: { id: req.params.id } };
    },
  );
}

/**
 * Registers POST /api/assistant/chat (an AI SDK UI message stream), GET and DELETE
 * /api/assistant/history, and POST, GET, DELETE /api/assistant-messages (members only; a member
 * reads and deletes only their own messages).
 */
export function assistantRoutes(app: FastifyInstance, deps: AssistantRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  chatRoutes(r, deps.assistant, visitorAskers(deps));
  messageRoutes(r, deps.assistant);
}
