// The publication's mark: a "P" in a rounded square, in the accent colour.

/** The square mark alone; decorative (the wordmark beside it carries the name). */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path
        d="M11 24V8.5h6.2a5.25 5.25 0 0 1 0 10.5H11"
        fill="none"
        className="stroke-accent-ink"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark plus the site name, e.g. "Crypto Pragmatist". */
export function Logo({ name }: { name: string }) {
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark />
      <span className="text-[1.0625rem] font-semibold tracking-tight text-ink">{name}</span>
    </span>
  );
}
