// `/studio/newsletter/new` (docs/product/newsletter.md#newsletter-sending): editors and admins make
// a draft issue, a post of one published article or "The Weekly Brief".
import { Link } from "react-router";
import { Note } from "../components/ui/note";
import { PageHeading } from "../components/ui/page-heading";
import { accountMeta } from "../features/account/page-meta";
import { NewIssueForm } from "../features/studio/newsletter/new-issue-form";
import { StudioErrorPage } from "../features/studio/studio-error";
import { isEditor, useViewer } from "../lib/viewer";
import type { Route } from "./+types/studio.newsletter.new";

/** "New issue · Studio". */
export const meta: Route.MetaFunction = ({ matches }) => accountMeta("New issue · Studio", matches);

/** "← Newsletter", the heading and the form (authors are told it is not theirs). */
export default function StudioNewIssue() {
  const viewer = useViewer();
  return (
    <>
      <Link
        to="/studio/newsletter"
        className="mb-2 inline-block rounded-md text-sm font-medium text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        ← Newsletter
      </Link>
      <PageHeading title="New issue" />
      {viewer && !isEditor(viewer.role) ? (
        <Note>Only editors and admins write newsletter issues.</Note>
      ) : (
        <NewIssueForm />
      )}
    </>
  );
}

/** The studio's 403, 404 or error page for this section (`StudioErrorPage`). */
export function ErrorBoundary() {
  return <StudioErrorPage />;
}
