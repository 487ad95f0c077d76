// An instant shown in UTC for a table column whose heading already says "(UTC)".
import { formatDateTimeUtc } from "../../lib/format";

/** An instant in UTC without the " UTC" its column heading says ("20 Mar 2026, 08:00"). */
export function UtcTime({ iso }: { iso: string }) {
  const full = formatDateTimeUtc(iso);
  return (
    <time dateTime={iso} title={full}>
      {full.replace(/ UTC$/, "")}
    </time>
  );
}
