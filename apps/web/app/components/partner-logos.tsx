// Partner logos (docs/product/site.md#services, #sidebar: the Services page and the sidebar strip):
// one list, simple marks we drew ourselves.
import type { ReactNode } from "react";

/**
 * Placeholder partners with our own geometric marks: no third-party logo is copied. Replace an
 * entry (name and mark) when a real partner agrees to be listed.
 */
export const partners: { name: string; mark: ReactNode }[] = [
  {
    name: "Northbeam Labs",
    mark: (
      <>
        <circle cx="16" cy="16" r="13" />
        <path d="M16 5v22M9 12l7-7 7 7" />
      </>
    ),
  },
  {
    name: "Meridian Capital",
    mark: (
      <>
        <circle cx="16" cy="16" r="13" />
        <path d="M3 16h26M16 3c5 4 5 22 0 26M16 3c-5 4-5 22 0 26" />
      </>
    ),
  },
  {
    name: "Keystone DAO",
    mark: <path d="M16 3l12 7v12l-12 7-12-7V10zM16 3v26M4 10l24 12M28 10L4 22" />,
  },
  {
    name: "Lumen Protocol",
    mark: (
      <>
        <path d="M16 3l13 23H3z" />
        <circle cx="16" cy="18" r="4" />
      </>
    ),
  },
  {
    name: "Parallax Ventures",
    mark: (
      <>
        <rect x="4" y="6" width="14" height="20" rx="2" />
        <rect x="14" y="6" width="14" height="20" rx="2" />
      </>
    ),
  },
  {
    name: "Harbor Finance",
    mark: (
      <>
        <path d="M4 20c4 4 8 4 12 0s8-4 12 0" />
        <path d="M4 26c4 4 8 4 12 0s8-4 12 0" />
        <path d="M16 4v12M11 9h10" />
      </>
    ),
  },
];

function Mark({ children, size }: { children: ReactNode; size: number }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
      className="shrink-0"
    >
      {children}
    </svg>
  );
}

/**
 * The logos as a list: "grid" for the marketing pages, "strip" for a narrow column (sidebar).
 */
export function PartnerLogos({ variant = "grid" }: { variant?: "grid" | "strip" }) {
  if (variant === "strip") {
    return (
      <ul aria-label="Partners" className="flex flex-col gap-3 text-muted">
        {partners.map((p) => (
          <li key={p.name} className="flex items-center gap-2 text-sm font-medium">
            <Mark size={20}>{p.mark}</Mark>
            {p.name}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label="Partners" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {partners.map((p) => (
        <li
          key={p.name}
          className="flex flex-col items-center justify-center gap-2 rounded-xl border border-line bg-surface px-3 py-5 text-center text-muted transition-colors hover:text-ink"
        >
          <Mark size={32}>{p.mark}</Mark>
          <span className="text-sm font-semibold tracking-tight">{p.name}</span>
        </li>
      ))}
    </ul>
  );
}
