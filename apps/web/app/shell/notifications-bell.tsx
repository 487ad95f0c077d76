// The header's bell (docs/product/reader.md#notifications): a signed-in reader's link to their
// notifications with the unread count, read from the viewer store so the page stays public. Only
// members see it, so its code (and its icon) is a chunk of its own (site-header.tsx).
import { Link } from "react-router";
import { strokeIcon } from "../components/ui/icons";
import { useViewerSnapshot } from "../lib/viewer";

/** A bell: notifications. */
const BellIcon = strokeIcon("M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z", "M10 20.5a2 2 0 0 0 4 0");

/** The badge's text: the count, "9+" above nine. */
export function unreadBadge(unread: number): string {
  return unread > 9 ? "9+" : String(unread);
}

/**
 * A link to `/account/notifications` named "Notifications" or "Notifications, {n} unread", the
 * bell with a badge of the unread lines (none at 0, and until GET /api/viewer has answered).
 */
export function NotificationsBell({ className = "" }: { className?: string }) {
  const { unreadNotifications: unread } = useViewerSnapshot();
  return (
    <Link
      to="/account/notifications"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
      title="Notifications"
      className={`relative flex size-9 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-line/40 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${className}`}
    >
      <BellIcon size={22} />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notifications-badge"
          className="absolute -top-0.5 -right-0.5 min-w-[18px] rounded-full bg-accent px-1 text-center text-[11px] leading-[18px] font-semibold text-accent-ink tabular-nums"
        >
          {unreadBadge(unread)}
        </span>
      )}
    </Link>
  );
}
