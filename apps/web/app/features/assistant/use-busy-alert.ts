// The concurrent-send alert (docs/product/max.md#assistant-conversation): shown when the reader
// sends while an answer is still coming, gone after a few seconds or when the answer ends.
import { useCallback, useEffect, useState } from "react";

/** How long the concurrent-send alert stays up. */
const BUSY_ALERT_MS = 4000;

/**
 * Whether the alert shows, and `showBusyAlert` to raise it. It hides itself BUSY_ALERT_MS after
 * being raised, and at once when `processing` turns false.
 */
export function useBusyAlert(processing: boolean) {
  const [busyAlert, setBusyAlert] = useState(false);

  useEffect(() => {
    if (!busyAlert) return;
    const timer = setTimeout(() => setBusyAlert(false), BUSY_ALERT_MS);
    return () => clearTimeout(timer);
  }, [busyAlert]);
  useEffect(() => {
    if (!processing) setBusyAlert(false);
  }, [processing]);

  const showBusyAlert = useCallback(() => setBusyAlert(true), []);
  return { busyAlert, showBusyAlert };
}
