// `/studio/members` (issue #7 "Members list with search; admins change roles"): admins only
// (the API answers others 403, shown as the studio's 403 page).
import type { Role } from "@pragmatist/contracts";
import { useLocation } from "react-router";
import { accountMeta } from "../features/account/page-meta";
import { MemberFilters, MembersTable, ROLES } from "../features/studio/members-table";
import { studioApi } from "../features/studio/studio-api";
import { StudioErrorPage } from "../features/studio/studio-error";
import { pageOf, studioLoad } from "../features/studio/studio-load";
import { ListSkeleton, Note, PageHeading, Pagination } from "../features/studio/ui";
import { useViewer } from "../lib/viewer";
import type { Route } from "./+types/studio.members";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const roleParam = params.get("role") ?? "";
  const role = (ROLES as readonly string[]).includes(roleParam) ? (roleParam as Role) : undefined;
  const members = await studioLoad(request, (signal) =>
    studioApi.members({ q: q || undefined, role, page: pageOf(params.get("page")) }, signal),
  );
  return { q, role, members };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Members · Studio", matches);

export function HydrateFallback() {
  return (
    <>
      <PageHeading title="Members" />
      <ListSkeleton label="Loading members…" />
    </>
  );
}

export default function StudioMembers({ loaderData }: Route.ComponentProps) {
  const { q, role, members } = loaderData;
  const { search } = useLocation();
  const viewer = useViewer();
  return (
    <>
      <PageHeading title="Members" />
      <MemberFilters q={q} role={role} />
      {members.data.length === 0 ? (
        <Note>No member matches.</Note>
      ) : (
        <MembersTable key={search} members={members.data} viewerId={viewer?.id ?? 0} />
      )}
      <Pagination
        pagination={members.meta.pagination}
        label="Member pages"
        noun={["member", "members"]}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <StudioErrorPage />;
}
