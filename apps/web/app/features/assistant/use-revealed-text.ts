// The growing text of a streamed answer (docs/product/max.md#message-bubble: animated messages
// reveal one character every 5 ms; others show at once).
import { useEffect, useRef, useState } from "react";
import { revealedLength } from "./reveal.ts";

/**
 * The part of `text` to show now. With `animate`, characters appear at the pace of
 * docs/product/max.md#message-bubble on animation frames, following the text as more of it streams
 * in; without it (history, the greeting) or when the reader asks for reduced motion, the whole
 * text at once.
 */
export function useRevealedText(text: string, animate: boolean): string {
  const [shown, setShown] = useState(animate ? 0 : text.length);
  const shownRef = useRef(shown);
  const lengthRef = useRef(text.length);
  lengthRef.current = text.length;
  const behind = animate && shown < text.length;

  useEffect(() => {
    if (!behind) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      shownRef.current = lengthRef.current;
      setShown(lengthRef.current);
      return;
    }
    // One loop runs until it has caught up with the text; chunks arriving meanwhile extend it.
    const from = shownRef.current;
    let start: number | undefined;
    let frame = requestAnimationFrame(function tick(now) {
      start ??= now;
      const next = revealedLength(from, now - start, lengthRef.current);
      shownRef.current = next;
      setShown(next);
      if (next < lengthRef.current) frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [behind]);

  return animate ? text.slice(0, shown) : text;
}
