// The signed-in reader as the root loader resolved it from the session cookie (null when signed
// out), so the server render and the browser agree on the header and the article bar.
import type { OwnUser, Role } from "@pragmatist/contracts";
import { useRouteLoaderData } from "react-router";

/** The reader's own profile from the root loader's `viewer`, or null (signed out, or no data). */
export function useViewer(): OwnUser | null {
  const data = useRouteLoaderData("root") as { viewer?: OwnUser | null } | undefined;
  return data?.viewer ?? null;
}

/**
 * Staff roles (docs/product.md#roles), as the server's studio policy
 * (apps/server/src/modules/studio/policy.ts) grants them; the server checks every call again.
 * Authors write drafts; editors also publish and moderate; admins also manage members.
 */
export function isStaff(role: Role | undefined): boolean {
  return role === "author" || isEditor(role);
}

/** Editors and admins: publish, unpublish, schedule, moderate, read the audit log. */
export function isEditor(role: Role | undefined): boolean {
  return role === "editor" || role === "admin";
}

/** Admins: members and roles. */
export function isAdmin(role: Role | undefined): boolean {
  return role === "admin";
}
