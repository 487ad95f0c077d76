// The signed-in reader as the root loader resolved it from the session cookie (null when signed
// out), so the server render and the browser agree on the header and the article bar.
import type { OwnUser } from "@pragmatist/contracts";
import { useRouteLoaderData } from "react-router";

/** The reader's own profile from the root loader's `viewer`, or null (signed out, or no data). */
export function useViewer(): OwnUser | null {
  const data = useRouteLoaderData("root") as { viewer?: OwnUser | null } | undefined;
  return data?.viewer ?? null;
}
