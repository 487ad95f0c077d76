// The one rule for where the site may send a browser after an address it was given (`?next=` on
// /login, and any later return address): a path on this site, fully normalised; free of zod so
// browser bundles stay small.

/**
 * The longest return address taken, in characters (UTF-16 code units) of the raw value; longer
 * ones are refused. Real paths of this site are far shorter.
 */
export const REDIRECT_TARGET_MAX = 2000;

/**
 * The origin a return address is resolved against when the caller does not name the site's own:
 * a reserved name (RFC 6761 `.invalid`) that no value can name itself, so only relative paths
 * are kept.
 */
const PLACEHOLDER_ORIGIN = "https://site.invalid";

/** ASCII control characters (C0 and DEL): never in a real address, and the URL parser drops some. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Where to send the browser for the return address `value` (a `?next=` parameter, a `returnTo`
 * field): its path, query and fragment (`"/p/slug?x=1#comments"`) after full normalisation by the
 * WHATWG URL parser (`new URL(value, siteOrigin)`: dot segments, percent-encoded dots `%2e`,
 * backslashes read as slashes), and only when the result is on `siteOrigin` and cannot be read as
 * another host (it does not start with `//` or `/\`). Null, so the caller uses its default, for
 * anything else: a missing or empty value, one over {@link REDIRECT_TARGET_MAX} characters, one
 * with control characters (tabs and newlines, which the parser would silently drop), other hosts
 * (`https://evil.example`, `//evil.example`, `/\evil.example`, `/.//evil.example`,
 * `/a/..//evil.example`), other schemes (`javascript:`, `data:`) and anything the parser refuses.
 * A relative path ("p/x") resolves to a path from the root ("/p/x"); percent-encoded slashes
 * (`%2F`) stay encoded, so they are one path segment on this site.
 *
 * Rule: OWASP "Unvalidated Redirects and Forwards Cheat Sheet" (allow only local destinations,
 * validated after normalisation). `siteOrigin` is the site's own origin
 * (`"https://pragmatist.example"`, e.g. `new URL(request.url).origin`); without it only relative
 * addresses can pass; an invalid `siteOrigin` refuses everything. Never throws.
 */
export function safeRedirectPath(
  value: string | null | undefined,
  siteOrigin: string = PLACEHOLDER_ORIGIN,
): string | null {
  if (typeof value !== "string" || value === "") return null;
  if (value.length > REDIRECT_TARGET_MAX || CONTROL_CHARACTERS.test(value)) return null;
  let url: URL;
  let site: string;
  try {
    url = new URL(value, siteOrigin);
    site = new URL(siteOrigin).origin;
  } catch {
    return null;
  }
  // An opaque origin ("null": javascript:, data:, file:) is never the site's.
  if (site === "null" || url.origin !== site) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}
