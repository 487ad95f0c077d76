// The first-party click redirect `/r/{token}` (docs/product/newsletter.md#newsletter-sending):
// where it may send a browser (this site, or a listed host: never an open redirect), its stored
// links, and the click count.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { safeRedirectPath } from "@pragmatist/contracts";
import type { Database } from "../../db/schema.ts";

type Q = Kysely<Database>;

/**
 * Where `/r/{token}` may send a browser for the stored link `url`: a path on this site (the
 * return-address rule, contracts `safeRedirectPath`, normalised against PUBLIC_URL's origin), or
 * an http(s) address without credentials whose host (`host` or `host:port`, lower case) is in
 * `hosts` (NEWSLETTER_LINK_HOSTS). Null for anything else (OWASP Unvalidated Redirects and
 * Forwards: allow-list only). Never throws.
 */
export function redirectTarget(
  url: string,
  publicUrl: string,
  hosts: readonly string[],
): string | null {
  const origin = new URL(publicUrl).origin;
  const path = safeRedirectPath(url, origin);
  if (path !== null) return `${origin}${path}`;
  try {
    const target = new URL(url);
    const web = target.protocol === "https:" || target.protocol === "http:";
    if (!web || target.username || target.password) return null;
    return hosts.includes(target.host.toLowerCase()) ? target.href : null;
  } catch {
    return null;
  }
}

/**
 * Stores `urls` as the links of issue `issueId` (a link already stored keeps its token) and
 * returns each URL's token: 128 random bits, base64url.
 */
export async function registerLinks(
  db: Q,
  issueId: number,
  urls: string[],
): Promise<Map<string, string>> {
  if (urls.length === 0) return new Map();
  await db
    .insertInto("newsletter_links")
    .values(
      urls.map((url) => ({ issue_id: issueId, url, token: randomBytes(16).toString("base64url") })),
    )
    .onConflict((oc) => oc.columns(["issue_id", "url"]).doNothing())
    .execute();
  const rows = await db
    .selectFrom("newsletter_links")
    .select(["url", "token"])
    .where("issue_id", "=", issueId)
    .execute();
  return new Map(rows.map((r) => [r.url, r.token]));
}

/** The stored link of `token`, or null. */
export async function findLink(db: Q, token: string): Promise<{ id: number; url: string } | null> {
  const row = await db
    .selectFrom("newsletter_links")
    .select(["id", "url"])
    .where("token", "=", token)
    .executeTakeFirst();
  return row ?? null;
}

/** Adds one click to link `id`. */
export async function countClick(db: Q, id: number): Promise<void> {
  await db
    .updateTable("newsletter_links")
    .set((eb) => ({ clicks: eb("clicks", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

/** The links of issue `issueId` with their clicks, most clicked first. */
export async function linkClicks(
  db: Q,
  issueId: number,
): Promise<{ url: string; clicks: number }[]> {
  return db
    .selectFrom("newsletter_links")
    .select(["url", "clicks"])
    .where("issue_id", "=", issueId)
    .orderBy("clicks", "desc")
    .orderBy("id")
    .execute();
}
