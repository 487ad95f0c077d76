// What is personal on a public page (docs/architecture.md#caching): the signed-in reader and
// their marks on the article they read, composed from the accounts, reactions and comments services.
import type { ViewerArticle, ViewerState } from "@pragmatist/contracts";
import { NotFoundError } from "../../errors.ts";
import type { AccountsService } from "../accounts/accounts.service.ts";
import type { CommentsService } from "../comments/comments.service.ts";
import type { NewsletterService } from "../newsletter/newsletter.service.ts";
import type { NotificationsService } from "../notifications/notifications.service.ts";
import type { ReactionsService } from "../reactions/reactions.service.ts";

/** The answer's `data` (contracts `viewerStateSchema`). */
export type Viewer = ViewerState["data"];

/** GET /api/viewer's reads. */
export interface ViewerService {
  /**
   * The member `userId` (null: no valid session) as they see themself, and with `slug` their
   * marks on that article: liked, bookmarked, the article's current like and bookmark counts, and
   * the ids of the comments and replies they like and wrote among those the thread shows with
   * their text. A signed-out reader gets
   * `{ user: null, article: null, subscribed: false, unreadNotifications: 0 }` without a query; an
   * unknown, draft or future-dated slug gets `article: null`. `subscribed`: whether the member's
   * account email gets the newsletter (the one list, docs/product/newsletter.md#newsletter);
   * `unreadNotifications`: their unread lines (docs/product/reader.md#notifications). Five queries
   * at most, in four parallel reads (the member; the article's two, one after the other; the
   * newsletter's one; the unread count's one), whatever the thread's size.
   */
  find(userId: number | null, slug: string | undefined): Promise<Viewer>;
}

const SIGNED_OUT: Viewer = Object.freeze({
  user: null,
  article: null,
  subscribed: false,
  unreadNotifications: 0,
});

/** Builds the viewer service over the services that own each piece. */
export function createViewerService(deps: {
  accounts: Pick<AccountsService, "me">;
  reactions: Pick<ReactionsService, "findReaderMarks">;
  comments: Pick<CommentsService, "readerMarks">;
  newsletter: Pick<NewsletterService, "memberReceives">;
  notifications: Pick<NotificationsService, "unreadCount">;
}): ViewerService {
  /** The member, or null when the account went between the session check and now. */
  async function me(userId: number) {
    try {
      return await deps.accounts.me(userId);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  /** The member's marks on the article of `slug`, or null when readers cannot see it. */
  async function articleMarks(slug: string, userId: number): Promise<ViewerArticle | null> {
    const marks = await deps.reactions.findReaderMarks(slug, userId);
    if (!marks) return null;
    const comments = await deps.comments.readerMarks(marks.articleId, userId);
    const { liked, bookmarked, likeCount, bookmarkCount } = marks;
    return { slug, liked, bookmarked, likeCount, bookmarkCount, ...comments };
  }

  return {
    async find(userId, slug) {
      if (userId === null) return SIGNED_OUT;
      const [user, article, newsletter, unread] = await Promise.all([
        me(userId),
        slug === undefined ? null : articleMarks(slug, userId),
        deps.newsletter.memberReceives(userId),
        deps.notifications.unreadCount(userId),
      ]);
      return user
        ? { user, article, subscribed: newsletter, unreadNotifications: unread }
        : SIGNED_OUT;
    },
  };
}
