// Who may do what in the studio (docs/product/accounts.md#permission-matrix): one table of rules,
// checked on the server by every studio endpoint (OWASP ASVS 8.2: function- and object-level access
// control).
import type { Role } from "@pragmatist/contracts";
import { ForbiddenError, UnauthorizedError } from "../../errors.ts";

/** The signed-in member acting, as the auth plugin knows them. */
export interface Actor {
  id: number;
  role: Role;
}

/** The facts about an article that rules depend on. */
export interface ArticleFacts {
  authorId: number | null;
  status: string;
}

/** Every studio action; an article action takes the article it is about (none for `create`). */
export type StudioAction =
  | "article.create"
  | "article.list"
  | "article.read"
  | "article.edit"
  | "article.publish"
  | "article.delete"
  | "comment.moderate"
  | "member.list"
  | "member.role"
  | "audit.read"
  | "subscriber.read"
  | "newsletter.manage";

type Rule = (actor: Actor, article: ArticleFacts | undefined) => boolean;

const isEditor = (a: Actor) => a.role === "editor" || a.role === "admin";
const isWriter = (a: Actor) => a.role === "author" || isEditor(a);
const isAdmin = (a: Actor) => a.role === "admin";
/** An author's own article (authors never touch another's). */
const ownArticle = (a: Actor, article: ArticleFacts | undefined) =>
  a.role === "author" && article !== undefined && article.authorId === a.id;
/** An author's own draft: the only article an author may change or delete. */
const ownDraft = (a: Actor, article: ArticleFacts | undefined) =>
  ownArticle(a, article) && article?.status === "draft";

/**
 * The rules. member: nothing. author: write drafts, read and change their own drafts, read their
 * own articles (published ones too, with revisions and stats); never publish, unpublish, schedule
 * or touch another's. editor: every article action and comment moderation, the audit log (read),
 * the subscribers and newsletter issues (write, test, send, cancel, stats). admin: everything,
 * plus members and roles.
 */
const RULES: Record<StudioAction, Rule> = {
  "article.create": isWriter,
  "article.list": isWriter,
  "article.read": (a, article) => isEditor(a) || ownArticle(a, article),
  "article.edit": (a, article) => isEditor(a) || ownDraft(a, article),
  "article.publish": isEditor,
  "article.delete": (a, article) => isEditor(a) || ownDraft(a, article),
  "comment.moderate": isEditor,
  "member.list": isAdmin,
  "member.role": isAdmin,
  "audit.read": isEditor,
  "subscriber.read": isEditor,
  "newsletter.manage": isEditor,
};

const REFUSALS: Record<StudioAction, string> = {
  "article.create": "Only authors, editors and admins can write articles",
  "article.list": "Only authors, editors and admins can use the studio",
  "article.read": "You can only open your own articles",
  "article.edit": "Authors can only change their own drafts",
  "article.publish": "Only editors can publish, unpublish or schedule articles",
  "article.delete": "Authors can only delete their own drafts",
  "comment.moderate": "Only editors can moderate comments",
  "member.list": "Only admins can manage members",
  "member.role": "Only admins can change roles",
  "audit.read": "Only editors and admins can read the audit log",
  "subscriber.read": "Only editors and admins can see newsletter subscribers",
  "newsletter.manage": "Only editors and admins can write and send newsletter issues",
};

/** Whether `actor` may do `action` (on `article` for article actions). Anonymous: never. */
export function can(actor: Actor | null, action: StudioAction, article?: ArticleFacts): boolean {
  return actor !== null && RULES[action](actor, article);
}

/**
 * Allows `action` or throws: UnauthorizedError (401) for anonymous callers, ForbiddenError (403)
 * with a message saying who may do it otherwise.
 */
export function authorize(
  actor: Actor | null,
  action: StudioAction,
  article?: ArticleFacts,
): asserts actor is Actor {
  if (actor === null) throw new UnauthorizedError("You need to sign in");
  if (!RULES[action](actor, article)) throw new ForbiddenError(REFUSALS[action]);
}

/**
 * The check before a request's input is read: 401 for anonymous callers, 403 when the caller's
 * role could not do `action` even on their own draft (so a member is refused whatever they
 * send). The service checks again against the real article.
 */
export function authorizeRole(actor: Actor | null, action: StudioAction): asserts actor is Actor {
  if (actor?.role === "member") {
    throw new ForbiddenError("The studio is for authors, editors and admins");
  }
  authorize(actor, action, actor ? { authorId: actor.id, status: "draft" } : undefined);
}
