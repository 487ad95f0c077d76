// `/studio` (docs/product/studio.md#studio): the editorial studio's frame. Signed-in staff only:
// the server render sends anonymous visitors to sign in and shows members a 403; each section loads
// its data in the browser (the studio API checks the role again on every call).
import { data, Outlet, redirect, type ShouldRevalidateFunction } from "react-router";
import { viewerContext } from "@pragmatist/contracts";
import { accountMeta } from "../features/account/page-meta";
import { StudioErrorPage } from "../features/studio/studio-error";
import { signInAgain, type StudioRefusal } from "../features/studio/studio-load";
import { StudioNav } from "../features/studio/studio-nav";
import { isStaff } from "../lib/viewer";
import type { SiteFooterHandle } from "../shell/site-footer";
import type { Route } from "./+types/studio";

/**
 * The gate: no session redirects to `/login?next=` (back here after signing in); a member gets a
 * 403 page. @returns who is working, for the studio's navigation.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = await context.get(viewerContext)();
  if (!viewer) throw redirect(signInAgain(new URL(request.url)));
  if (!isStaff(viewer.role)) {
    throw data<StudioRefusal>(
      { message: "The studio is for authors, editors and admins." },
      { status: 403 },
    );
  }
  return { username: viewer.username, role: viewer.role };
}

/**
 * The studio is a workplace: no public footer under its screens (docs/product/studio.md#studio).
 */
export const handle: SiteFooterHandle = { siteFooter: false };

/** The gate's answer holds for the visit; sections reload their own data. */
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

/** "Studio". */
export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Studio", matches);

/** The studio's navigation (the tabs the viewer's role opens) above the section's page. */
export default function Studio({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StudioNav role={loaderData.role} username={loaderData.username} />
      <main className="mx-auto w-full max-w-[100rem] px-4 py-5 sm:px-6 sm:py-6">
        <Outlet />
      </main>
    </>
  );
}

/** The gate's refusal (a member's 403) or an error: the studio's error page, without tabs. */
export function ErrorBoundary() {
  return (
    <main className="mx-auto w-full max-w-[100rem] px-4 py-5 sm:px-6">
      <StudioErrorPage />
    </main>
  );
}
