// Keeps the newest message in view in the chat's 460 px scroll area
// (docs/product/max.md#assistant-screen), unless the reader has scrolled up to read something
// older.
import { useCallback, useEffect, useRef } from "react";

/** How close to the bottom (px) still counts as "at the bottom". */
const SLACK_PX = 48;

/**
 * Refs for the scroll area and its content. Whenever the content grows (a new message, revealed
 * text, a chart) and the reader was at the bottom, the area scrolls down with it. `toBottom`
 * jumps there, e.g. after the reader sends.
 */
export function useStickToBottom() {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);

  useEffect(() => {
    const scroller = scrollRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    const onScroll = () => {
      stuck.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < SLACK_PX;
    };
    const observer = new ResizeObserver(() => {
      if (stuck.current) scroller.scrollTop = scroller.scrollHeight;
    });
    observer.observe(content);
    scroller.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      scroller.removeEventListener("scroll", onScroll);
    };
  }, []);

  const toBottom = useCallback(() => {
    stuck.current = true;
    const scroller = scrollRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, []);

  return { scrollRef, contentRef, toBottom };
}
