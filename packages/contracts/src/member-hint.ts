// The member hint cookie, in a module of its own: the browser's first chunk reads it, and this file
// pulls in no schema (zod stays out of that chunk).

/**
 * The cookie that tells scripts a session cookie was set ("1"; the session itself is httpOnly):
 * the page reserves a signed-in reader's header slot before GET /api/viewer answers, so a member
 * never sees "Login" flash (docs/decisions/008-one-public-render.md). Set and cleared with the
 * session cookie; no secret, no identity.
 */
export const MEMBER_HINT_COOKIE = "pragmatist_member";
