// An instant shown in UTC for a table column whose heading already says "(UTC)".
import { formatIsoDateTimeUtc } from "../../lib/format";

/** An instant in UTC without the " UTC" its column heading says ("2026-03-20 08:00"). */
export function UtcTime({ iso }: { iso: string }) {
  const full = formatIsoDateTimeUtc(iso);
  return (
    <time dateTime={iso} title={full}>
      {full.replace(/ UTC$/, "")}
    </time>
  );
}
