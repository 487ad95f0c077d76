// An issue on its screen and its delivery figures, kept current: the figures load once the send
// has started and, while it is sending, the issue and its figures refresh every few seconds until
// it is sent or cancelled.
import type { IssueStats, StudioIssue } from "@pragmatist/contracts";
import { useEffect, useState } from "react";
import { isAbortError } from "../../../lib/fetch-json";
import { messageOf } from "../studio-load";
import type { StudioData } from "../use-studio-data";
import { STATS_REFRESH_MS } from "./issue-stats";
import { newsletterApi } from "./newsletter-api";

/**
 * Holds `initial` (replace it with `setIssue` after a change) and its figures: null for a draft;
 * loaded when the status becomes sending, sent or cancelled; while sending, the issue and its
 * figures are asked again every STATS_REFRESH_MS (a failed refresh keeps the last figures shown),
 * and the refresh stops when the status moves on (one last load of the figures) or the screen goes.
 */
export function useLiveIssue(initial: StudioIssue) {
  const [issue, setIssue] = useState(initial);
  const [stats, setStats] = useState<StudioData<IssueStats> | null>(null);
  const { id } = issue;
  const { status } = issue.attributes;
  useEffect(() => {
    if (status === "draft") {
      setStats(null);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      try {
        const [figures, fresh] = await Promise.all([
          newsletterApi.stats(id, signal),
          status === "sending" ? newsletterApi.get(id, signal) : null,
        ]);
        setStats({ kind: "ready", value: figures });
        if (fresh) setIssue(fresh);
      } catch (error) {
        if (isAbortError(error)) return;
        setStats((last) =>
          last?.kind === "ready" ? last : { kind: "error", message: messageOf(error) },
        );
      }
      if (status === "sending" && !signal.aborted) timer = setTimeout(refresh, STATS_REFRESH_MS);
    };
    setStats((last) => last ?? { kind: "loading" });
    void refresh();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, status]);
  return { issue, setIssue, stats };
}
