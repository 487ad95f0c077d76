// A slot that differs for members and visitors on a public page (docs/architecture.md#caching):
// both versions until the browser knows who reads, one of them after.
import type { ReactNode } from "react";
import { useViewerSnapshot } from "../lib/viewer";

/**
 * `member` for a signed-in reader, `anonymous` for a visitor. While that is unknown (the server
 * render, hydration, the wait for GET /api/viewer) both are rendered and app.css shows the one
 * the member hint of `<html data-member>` picks, so a member never sees "Login" flash and nothing
 * moves when the answer comes (the member version holds its place, e.g. a blank avatar).
 *
 * The answer drops the other version and keeps the chosen one where it was: the same elements,
 * not new ones, so a tap that lands while the answer comes (a press on the server-rendered link,
 * the release after) is still a click on that link (docs/architecture.md#first-tap).
 */
export function ByViewer({ member, anonymous }: { member: ReactNode; anonymous: ReactNode }) {
  const { status } = useViewerSnapshot();
  const known = status !== "unknown";
  return (
    <>
      {status !== "anonymous" && (
        <span className={known ? "contents" : "viewer-member"}>{member}</span>
      )}
      {status !== "member" && (
        <span className={known ? "contents" : "viewer-anonymous"}>{anonymous}</span>
      )}
    </>
  );
}
