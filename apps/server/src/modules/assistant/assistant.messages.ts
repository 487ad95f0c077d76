// The old client's /api/assistant-messages (docs/product/api.md#api-assistant): a member saves,
// lists and deletes their own messages.
import type { Kysely } from "kysely";
import type { AssistantMessageEntity } from "@pragmatist/contracts";
import type { Database } from "../../db/schema.ts";
import { NotFoundError } from "../../errors.ts";
import * as repo from "./assistant.repository.ts";

/**
 * POST /api/assistant-messages (docs/product/api.md#api-assistant): appends a text message to the
 * member's thread at `at`.
 */
export async function saveMessage(
  k: Kysely<Database>,
  at: string,
  userId: number,
  message: { isUser: boolean; content: string },
): Promise<AssistantMessageEntity> {
  const threadId = await repo.openThread(k, { userId }, at);
  const [id] = await repo.insertMessages(k, threadId, userId, [
    { ...message, parts: null, createdAt: at },
  ]);
  return { id: id!, attributes: { ...message, createdAt: at } };
}

/**
 * GET /api/assistant-messages (docs/product/api.md#api-assistant): the member's own messages,
 * oldest first, one page.
 */
export async function listMessages(
  k: Kysely<Database>,
  userId: number,
  page: { page: number; pageSize: number },
) {
  const { rows, total } = await repo.listMemberMessages(k, userId, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return {
    data: rows.map((r): AssistantMessageEntity => ({
      id: r.id,
      attributes: { isUser: r.is_user === 1, content: r.content, createdAt: r.created_at },
    })),
    meta: {
      pagination: {
        page: page.page,
        pageSize: page.pageSize,
        pageCount: Math.ceil(total / page.pageSize),
        total,
      },
    },
  };
}

/**
 * DELETE /api/assistant-messages/{id} (docs/product/api.md#api-assistant).
 * @throws NotFoundError when the message does not exist or is not the member's (no hint which).
 */
export async function deleteMessage(
  k: Kysely<Database>,
  userId: number,
  id: number,
): Promise<void> {
  if (!(await repo.deleteMemberMessage(k, userId, id))) throw new NotFoundError();
}
