// Rules of comments (spec §2 Article page comments, §3 Comment, §7 Comments; issue #4): who may
// post, edit, delete, report, like and hide, and how a thread looks to a reader.
import {
  type Comment,
  type CommentSort,
  DELETED_MEMBER_NAME,
  type Role,
} from "@pragmatist/contracts";
import type { Kysely } from "kysely";
import type { Db } from "../../db/client.ts";
import type { Database } from "../../db/schema.ts";
import { ForbiddenError, NotFoundError } from "../../errors.ts";
import type { RateLimitFactory } from "../../plugins/rate-limit.ts";
import * as repo from "./comments.repository.ts";
import type { CommentRow } from "./comments.repository.ts";

/** Posting budget per member, comments and replies together (issue #4). */
export const POSTS_PER_MINUTE = 5;
export const POSTS_PER_DAY = 100;

/** The member acting: their id and role (editors and admins moderate). */
export interface Actor {
  id: number;
  role: Role;
}

export interface CommentsService {
  /**
   * The article's thread as the viewer sees it: top-level comments ordered by `sort` ("best":
   * most liked first, then newest; "newest"; "oldest"), replies nested to any depth, oldest first.
   * Hidden comments vanish with their replies; a deleted comment stays as an empty, author-less
   * tombstone only while it has visible replies. Two queries whatever the size of the thread.
   * @returns null for an unknown, draft or future-dated article.
   */
  find(slug: string, sort: CommentSort, viewerId: number | null): Promise<Comment[] | null>;
  /** As `find`. @throws NotFoundError for an unknown, draft or future-dated article. */
  list(slug: string, sort: CommentSort, viewerId: number | null): Promise<Comment[]>;
  /**
   * Visible, non-deleted comments and replies of the article: the comments a reader can read in
   * `list` (the same figure as the article's `commentCount`). @throws NotFoundError
   */
  count(slug: string): Promise<number>;
  /**
   * Posts a top-level comment as written (plain text; `content` already trimmed and checked by
   * the contract, 1..5,000 characters). Rate limited: 5 a minute, 100 a day per member, replies
   * included (429). @throws NotFoundError for an unknown, draft or future-dated article.
   */
  create(userId: number, slug: string, content: string): Promise<Comment>;
  /**
   * Replies to a comment, in the parent's article by construction. Same limits as `create`.
   * @throws NotFoundError when the parent is unknown, deleted or hidden for readers.
   */
  reply(userId: number, parentId: number, content: string): Promise<Comment>;
  /**
   * Replaces the text of the actor's own comment and marks it edited; the answer carries no
   * replies (`subcomments: []`). @throws NotFoundError (unknown, deleted, hidden),
   * ForbiddenError (not the author).
   */
  edit(actor: Actor, id: number, content: string): Promise<Comment>;
  /**
   * Soft-deletes a comment: its author, or an editor or admin. The text is erased; replies stay.
   * `alongside` runs in the same transaction (the studio's audit entry: both or neither).
   * @throws NotFoundError (unknown or already deleted), ForbiddenError.
   */
  remove(actor: Actor, id: number, alongside?: Alongside): Promise<{ deleted: true }>;
  /**
   * Reports a comment to the editors, once per member (a repeat changes nothing and answers the
   * same). @throws NotFoundError (unknown, deleted, hidden), ForbiddenError (own comment).
   */
  report(userId: number, id: number, reason: string | null): Promise<{ reported: true }>;
  /** Likes the comment or takes the like back (race-free). @throws NotFoundError */
  toggleLike(userId: number, id: number): Promise<{ liked: boolean; likeCount: number }>;
  /**
   * Hides a comment (and so its replies) from readers, or shows it again; editors and admins
   * only. `alongside` runs in the same transaction, as for `remove`.
   * @throws NotFoundError (unknown), ForbiddenError (other roles).
   */
  setHidden(
    actor: Actor,
    id: number,
    hidden: boolean,
    alongside?: Alongside,
  ): Promise<{ hidden: boolean }>;
}

/**
 * A write that must commit with a comment's change or not at all (OWASP ASVS 7.1: no action
 * without its audit entry); it gets the transaction's query builder.
 */
export type Alongside = (trx: Kysely<Database>) => Promise<void>;

const MODERATORS = new Set<Role>(["editor", "admin"]);

/** Whether the role may delete others' comments and hide comments (issue #4). */
export function canModerate(role: Role): boolean {
  return MODERATORS.has(role);
}

interface Node {
  row: CommentRow;
  children: Node[];
}

function compare(sort: CommentSort) {
  const oldest = (a: Node, b: Node) =>
    a.row.created_at < b.row.created_at
      ? -1
      : a.row.created_at > b.row.created_at
        ? 1
        : a.row.id - b.row.id;
  if (sort === "oldest") return oldest;
  if (sort === "newest") return (a: Node, b: Node) => oldest(b, a);
  return (a: Node, b: Node) => b.row.like_count - a.row.like_count || oldest(b, a);
}

function toComment(row: CommentRow, viewerId: number | null, subcomments: Comment[]): Comment {
  if (row.deleted_at !== null) {
    return {
      id: row.id,
      content: "",
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      edited: false,
      deleted: true,
      likeCount: 0,
      likedByMe: false,
      mine: false,
      author: null,
      subcomments,
    };
  }
  const gone = row.author_id === null || row.author_deleted_at !== null;
  return {
    id: row.id,
    content: row.content,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    edited: row.edited_at !== null,
    deleted: false,
    likeCount: row.like_count,
    likedByMe: row.liked_by_me === 1,
    mine: viewerId !== null && row.author_id === viewerId && !gone,
    author: gone
      ? { id: null, username: DELETED_MEMBER_NAME, profilePicture: null }
      : {
          id: row.author_id,
          username: row.author_username ?? DELETED_MEMBER_NAME,
          profilePicture: row.author_avatar_url ? { url: row.author_avatar_url } : null,
        },
    subcomments,
  };
}

/**
 * Builds what readers see from all of an article's rows: iterative (no recursion limit on deep
 * threads), children before parents so a deleted comment knows whether any reply survived.
 */
export function buildThread(
  rows: CommentRow[],
  sort: CommentSort,
  viewerId: number | null,
): Comment[] {
  const nodes = new Map<number, Node>();
  for (const row of rows) nodes.set(row.id, { row, children: [] });
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.row.parent_id === null ? undefined : nodes.get(node.row.parent_id);
    if (node.row.parent_id === null) roots.push(node);
    else parent?.children.push(node);
  }
  // Pre-order walk skipping hidden subtrees; processed in reverse, every child precedes its parent.
  const order: Node[] = [];
  const stack = roots.filter((n) => n.row.hidden_at === null);
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    order.push(node);
    for (const child of node.children) if (child.row.hidden_at === null) stack.push(child);
  }
  const byOldest = compare("oldest");
  const built = new Map<number, Comment>();
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i] as Node;
    const subcomments: Comment[] = [];
    for (const child of [...node.children].sort(byOldest)) {
      const c = built.get(child.row.id);
      if (c) subcomments.push(c);
    }
    if (node.row.deleted_at !== null && subcomments.length === 0) continue;
    built.set(node.row.id, toComment(node.row, viewerId, subcomments));
  }
  return roots
    .sort(compare(sort))
    .map((n) => built.get(n.row.id))
    .filter((c): c is Comment => c !== undefined);
}

/** Comments a reader can read in a built thread (tombstones excluded). */
export function countVisible(thread: Comment[]): number {
  let n = 0;
  const stack = [...thread];
  while (stack.length > 0) {
    const c = stack.pop() as Comment;
    if (!c.deleted) n += 1;
    stack.push(...c.subcomments);
  }
  return n;
}

/** Who may no longer comment: the studio's bans (issue #7), asked before every post. */
export interface CommentingBans {
  findCommentingBan(userId: number): Promise<{ reason: string } | null>;
}

/**
 * Builds the comments service; `now` dates rows and decides which articles are published;
 * `bans` (the studio's) refuses posts by banned members.
 */
export function createCommentsService(
  db: Db,
  deps: { limits: RateLimitFactory; now?: () => Date; bans?: CommentingBans },
): CommentsService {
  const k = db.kysely;
  const now = () => (deps.now ?? (() => new Date()))().toISOString();
  const perMinute = deps.limits.create("comment-minute", POSTS_PER_MINUTE, 60);
  const perDay = deps.limits.create("comment-day", POSTS_PER_DAY, 24 * 60 * 60);

  async function find(slug: string, sort: CommentSort, viewerId: number | null) {
    const articleId = await repo.findPublishedArticleId(k, slug, now());
    if (articleId === null) return null;
    return buildThread(await repo.findByArticle(k, articleId, viewerId), sort, viewerId);
  }

  /** The comment readers can see, or a 404; `allowHidden` for moderation and deletion. */
  async function visible(id: number, options: { allowHidden?: boolean; allowDeleted?: boolean }) {
    const state = await repo.findState(k, id, now());
    if (
      !state ||
      !state.articlePublished ||
      (state.deleted && !options.allowDeleted) ||
      (state.hiddenForReaders && !options.allowHidden)
    ) {
      throw new NotFoundError("Comment not found");
    }
    return state;
  }

  async function post(userId: number, articleId: number, parentId: number | null, content: string) {
    const ban = await deps.bans?.findCommentingBan(userId);
    if (ban) throw new ForbiddenError(`You have been banned from commenting: ${ban.reason}`);
    await perMinute.consume(`user:${userId}`);
    await perDay.consume(`user:${userId}`);
    const id = await repo.insert(k, { articleId, parentId, authorId: userId, content, now: now() });
    return one(id, userId);
  }

  async function one(id: number, viewerId: number): Promise<Comment> {
    const row = await repo.findById(k, id, viewerId);
    if (!row) throw new NotFoundError("Comment not found");
    return toComment(row, viewerId, []);
  }

  return {
    find,

    async list(slug, sort, viewerId) {
      const thread = await find(slug, sort, viewerId);
      if (!thread) throw new NotFoundError("Article not found");
      return thread;
    },

    async count(slug) {
      const thread = await find(slug, "oldest", null);
      if (!thread) throw new NotFoundError("Article not found");
      return countVisible(thread);
    },

    async create(userId, slug, content) {
      const articleId = await repo.findPublishedArticleId(k, slug, now());
      if (articleId === null) throw new NotFoundError("Article not found");
      return post(userId, articleId, null, content);
    },

    async reply(userId, parentId, content) {
      const parent = await visible(parentId, {});
      return post(userId, parent.article_id, parent.id, content);
    },

    async edit(actor, id, content) {
      const state = await visible(id, {});
      if (state.author_id !== actor.id) {
        throw new ForbiddenError("Only its author can edit a comment");
      }
      if (!(await repo.updateContent(k, id, content, now()))) {
        throw new NotFoundError("Comment not found");
      }
      return one(id, actor.id);
    },

    async remove(actor, id, alongside) {
      const state = await visible(id, { allowHidden: true });
      if (state.author_id !== actor.id && !canModerate(actor.role)) {
        throw new ForbiddenError("Only its author or an editor can delete a comment");
      }
      const deleted = await k.transaction().execute(async (trx) => {
        if (!(await repo.softDelete(trx, id, now()))) return false;
        await alongside?.(trx);
        return true;
      });
      if (!deleted) throw new NotFoundError("Comment not found");
      return { deleted: true };
    },

    async report(userId, id, reason) {
      const state = await visible(id, {});
      if (state.author_id === userId)
        throw new ForbiddenError("You cannot report your own comment");
      await repo.insertReport(k, { commentId: id, userId, reason, now: now() });
      return { reported: true };
    },

    async toggleLike(userId, id) {
      await visible(id, {});
      const liked = await repo.toggleLike(k, id, userId, now());
      return { liked, likeCount: await repo.countLikes(k, id) };
    },

    async setHidden(actor, id, hidden, alongside) {
      if (!canModerate(actor.role)) throw new ForbiddenError("Only editors can hide comments");
      await visible(id, { allowHidden: true, allowDeleted: true });
      await k.transaction().execute(async (trx) => {
        await repo.setHidden(trx, id, hidden ? { by: actor.id, now: now() } : null);
        await alongside?.(trx);
      });
      return { hidden };
    },
  };
}
