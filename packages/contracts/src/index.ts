// Public surface of the contracts package: zod schemas and types shared by web and server.
/** The Strapi error body and the stable error names. */
export * from "./errors.ts";
/** Pagination meta, page and query parameters, and their limits. */
export * from "./pagination.ts";
/** Articles: cards, full articles, list and search answers. */
export * from "./articles.ts";
/** The card label rule (Research, Newsletter, Market Report). */
export * from "./labels.ts";
/** Slugs of titles, terms and authors. */
export * from "./slug.ts";
/** Where the site may send a browser after a given return address (`?next=`): same-site paths. */
export * from "./safe-redirect.ts";
/** Dates, numbers and reading times as the pages show them. */
export * from "./format.ts";
/** What the server hands the web's loaders (PublicationApi, viewer). */
export * from "./server-context.ts";
/** The rules of an account's email, password and name, without zod (the web's forms use them). */
export * from "./account-rules.ts";
/** Accounts: sign-up and sign-in bodies, user shapes, roles. */
export * from "./auth.ts";
/** What is personal on a public page: GET /api/viewer, the member hint cookie. */
export * from "./viewer.ts";
/** The cookie that tells scripts a member is signed in (no schema: read by the first chunk). */
export * from "./member-hint.ts";
/** Members' profiles, uploads, likes and bookmarks. */
export * from "./users.ts";
/** Comments and their bodies, sorts and limits. */
export * from "./comments.ts";
/** In-app notifications: the member's list, grouped, and marking it read. */
export * from "./notifications.ts";
/** Why a comment is reported: the fixed reasons and how the moderation queue reads them. */
export * from "./report-reasons.ts";
/** Market data returned by Max's tools. */
export * from "./market.ts";
/** The market contracts' plain values (errors, tabs, sorts, ranges), free of zod for the browser. */
export * from "./market-values.ts";
/** The Market Data section: the /markets table and the coin pages. */
export * from "./markets.ts";
/** The assistant (Max): tools, chat bodies, history and credits. */
export * from "./assistant.ts";
/** What an answer of Max holds (data a follow-up can analyse). */
export * from "./assistant-answers.ts";
/** The studio: articles, revisions, moderation, members, audit, subscribers. */
export * from "./studio.ts";
/** Moderation: comments with their reports, answers to reports, bans. */
export * from "./moderation.ts";
/** Newsletter issues: the studio's bodies and answers, delivery figures, the public archive. */
export * from "./newsletter.ts";
