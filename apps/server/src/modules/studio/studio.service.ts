// The studio's services wired together (docs/product/studio.md#studio): articles, moderation,
// members and the watch that keeps cached public pages from outliving a publish, an unpublish or a
// scheduled time.
import type { Db } from "../../db/client.ts";
import type { CommentsService } from "../comments/comments.service.ts";
import type { AnalyticsService } from "../analytics/analytics.service.ts";
import type { NewsletterService } from "../newsletter/newsletter.service.ts";
import type { SearchService } from "../search/search.types.ts";
import type { UploadService } from "../uploads/upload.service.ts";
import { createMembersService, type MembersService } from "./members.service.ts";
import { createModerationService, type ModerationService } from "./moderation.service.ts";
import type { PublicationWatch } from "./publication-watch.ts";
import {
  createStudioArticlesService,
  type StudioArticlesService,
} from "./studio-articles.service.ts";

/** The studio's services (docs/product/studio.md#studio), as app.ts and the routes use them. */
export interface StudioService {
  /** Writing, publishing, revisions and stats of articles. */
  articles: StudioArticlesService;
  /** The reports queue, hiding and deleting comments, bans. */
  moderation: ModerationService;
  /** Members and roles, newsletter subscribers and the audit log. */
  members: MembersService;
  /** Asked by app.ts before the response cache answers (see publication-watch.ts). */
  publication: PublicationWatch;
}

/** Builds the studio over its neighbours' services; `now` is the injectable clock. */
export function createStudioService(
  db: Db,
  deps: {
    search: SearchService;
    uploads: Pick<UploadService, "findOwnedImage" | "findArticleImage">;
    comments: Pick<CommentsService, "setHidden" | "remove">;
    newsletter: Pick<NewsletterService, "exportCsv" | "list">;
    analytics: Pick<AnalyticsService, "dailyViews">;
    /** Told of every change readers can see (built by services.ts, shared with comments). */
    publication: PublicationWatch;
    now: () => Date;
  },
): StudioService {
  const { publication } = deps;
  return {
    articles: createStudioArticlesService(db, { ...deps, watch: publication }),
    moderation: createModerationService(db, { ...deps, watch: publication }),
    members: createMembersService(db, deps),
    publication,
  };
}
