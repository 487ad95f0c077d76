// The icons of controls (close, search, a select, send, download, delete) and the spinner of an
// action in flight: only interactive tools show them, so they are not part of every page's shell.
import { strokeIcon } from "./icons";

/** A cross: closes a dialog, a menu or a panel. */
export const CloseIcon = strokeIcon("M6 6l12 12M18 6L6 18");

/** A magnifying glass: search. */
export const SearchIcon = strokeIcon(<circle cx="11" cy="11" r="6.5" />, "M20 20l-4.2-4.2");

/** A chevron down: a select or a menu that opens. */
export const ChevronDownIcon = strokeIcon("M6 9l6 6 6-6");

/** A paper plane: send a message. */
export const SendIcon = strokeIcon("M4.5 12L3 4.5l18 7.5-18 7.5z", "M4.5 12H11");

/** A page with a down arrow: download a file (the subscribers' CSV, a chat as PDF). */
export const FileDownloadIcon = strokeIcon(
  "M14 3.5H7a1.5 1.5 0 0 0-1.5 1.5v14A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5V8z",
  "M14 3.5V8h4.5M12 11v6M9.5 14.5L12 17l2.5-2.5",
);

/** A bin: delete. */
export const TrashIcon = strokeIcon(
  "M4.5 6.5h15M9.5 6.5V4.5h5v2M6.5 6.5l.9 12.6a1.5 1.5 0 0 0 1.5 1.4h6.2a1.5 1.5 0 0 0 1.5-1.4l.9-12.6",
  "M10 10.5v6M14 10.5v6",
);

/** A small spinning ring for in-flight actions (decorative; pair it with text or aria-busy). */
export function Spinner({ size = 16, className = "" }: { size?: number; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={`animate-spin ${className}`}
    >
      <circle
        cx="12"
        cy="12"
        r="9"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.25"
        strokeWidth="3"
      />
      <path
        d="M21 12a9 9 0 0 0-9-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
