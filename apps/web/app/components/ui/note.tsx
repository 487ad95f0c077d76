// A note in a bordered box where a list would be: an empty list, a failed load.
import type { ReactNode } from "react";
import { errorText } from "./danger";

/** A note in a bordered box: an empty list, a failed load (`tone="error"`: red, an alert). */
export function Note({
  children,
  tone = "muted",
}: {
  children: ReactNode;
  tone?: "muted" | "error";
}) {
  return (
    <p
      role={tone === "error" ? "alert" : undefined}
      className={`rounded-xl border border-line bg-surface px-4 py-6 text-center text-sm ${
        tone === "error" ? errorText : "text-muted"
      }`}
    >
      {children}
    </p>
  );
}
