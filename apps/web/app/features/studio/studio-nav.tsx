// The studio's own navigation under the site header: the sections the viewer's role may open
// (docs/product/studio.md#studio); the server refuses the others anyway.
import type { Role } from "@pragmatist/contracts";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { isAdmin, isEditor } from "../../lib/viewer";
import { REPORTS_CHANGED } from "./moderation/use-report-actions";
import { studioApi } from "./studio-api";

interface Section {
  label: string;
  to: string;
  /** Whether `role` may open it (policy.ts). */
  allowed: (role: Role) => boolean;
}

const sections: Section[] = [
  { label: "Articles", to: "/studio", allowed: () => true },
  { label: "Moderation", to: "/studio/moderation", allowed: isEditor },
  { label: "Newsletter", to: "/studio/newsletter", allowed: isEditor },
  { label: "Subscribers", to: "/studio/subscribers", allowed: isEditor },
  { label: "Members", to: "/studio/members", allowed: isAdmin },
  { label: "Audit log", to: "/studio/audit", allowed: isEditor },
];

/**
 * How many comments have open reports, for editors and admins (null for authors, or until it is
 * known): read on each studio page and whenever the queue answers reports.
 */
function useOpenReports(role: Role, pathname: string): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!isEditor(role)) return;
    const controller = new AbortController();
    const load = () => studioApi.openReportCount(controller.signal).then(setCount, () => undefined);
    void load();
    window.addEventListener(REPORTS_CHANGED, load);
    return () => {
      controller.abort();
      window.removeEventListener(REPORTS_CHANGED, load);
    };
  }, [role, pathname]);
  return count;
}

/** The count beside a tab: the number, read as "{n} open reports". */
function TabCount({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <span className="ml-1.5 rounded-full bg-amber-500/15 px-1.5 text-xs font-semibold text-amber-800 tabular dark:text-amber-300">
      {count}
      <span className="sr-only"> open {count === 1 ? "report" : "reports"}</span>
    </span>
  );
}

/** Whether `pathname` is in the section at `to`: the list and the editor are both Articles. */
function inSection(pathname: string, to: string): boolean {
  if (to === "/studio") return pathname === "/studio" || pathname.startsWith("/studio/articles");
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** "Studio", who is signed in with which role, and the tabs their role may open. */
export function StudioNav({ role, username }: { role: Role; username: string }) {
  const { pathname } = useLocation();
  const openReports = useOpenReports(role, pathname);
  return (
    <div className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-[100rem] items-center gap-6 px-4 sm:px-6">
        <p className="hidden shrink-0 text-sm font-semibold tracking-tight sm:block">
          Studio
          <span className="ml-2 font-normal text-muted">
            {username} · {role}
          </span>
        </p>
        {/* On a phone the tabs scroll sideways; the fading right edge says there are more. */}
        <nav
          aria-label="Studio"
          className="-mb-px min-w-0 flex-1 overflow-x-auto mask-r-from-85% sm:mask-none"
        >
          <ul className="flex gap-5">
            {sections
              .filter((s) => s.allowed(role))
              .map((s) => {
                const active = inSection(pathname, s.to);
                return (
                  <li key={s.to}>
                    <Link
                      to={s.to}
                      aria-current={active ? "page" : undefined}
                      className={`inline-flex h-11 items-center border-b-2 px-1 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${
                        active
                          ? "border-accent text-ink"
                          : "border-transparent text-muted hover:text-ink"
                      }`}
                    >
                      {s.label}
                      {s.to === "/studio/moderation" && <TabCount count={openReports} />}
                    </Link>
                  </li>
                );
              })}
          </ul>
        </nav>
      </div>
    </div>
  );
}
