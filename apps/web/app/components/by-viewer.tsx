// A slot that differs for members and visitors on a public page (docs/architecture.md#caching):
// both versions until the browser knows who reads, one of them after.
import type { ReactNode } from "react";
import { useViewerSnapshot } from "../lib/viewer";

/**
 * `member` for a signed-in reader, `anonymous` for a visitor. While that is unknown (the server
 * render, hydration, the wait for GET /api/viewer) both are rendered and app.css shows the one
 * the member hint of `<html data-member>` picks, so a member never sees "Login" flash and nothing
 * moves when the answer comes (the member version holds its place, e.g. a blank avatar).
 */
export function ByViewer({ member, anonymous }: { member: ReactNode; anonymous: ReactNode }) {
  const { status } = useViewerSnapshot();
  if (status === "member") return member;
  if (status === "anonymous") return anonymous;
  return (
    <>
      <span className="viewer-member">{member}</span>
      <span className="viewer-anonymous">{anonymous}</span>
    </>
  );
}
