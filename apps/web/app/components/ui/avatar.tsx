// A round profile picture, or the person's initials on a tinted disc when there is none.

/** Up to two initials of a name ("Ada Lovelace" -> "AL", "satoshi" -> "S"); "?" for no name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/u);
  const first = [...words[0]!][0] ?? "";
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

/** What an `Avatar` shows: the picture at `url`, else the initials of `name`, `size` px wide. */
export interface AvatarProps {
  name: string;
  /** Image address, or null/undefined for the initials. */
  url?: string | null | undefined;
  /** Diameter in CSS pixels (the product's avatars are 35 px, docs/product/limits.md#constants). */
  size?: number;
  /** Alternative text; "" (decorative) by default, as the name is usually shown beside it. */
  alt?: string;
  className?: string;
}

/**
 * A round picture of `size` CSS pixels, or the initials of `name` on an accent tint when there
 * is no `url`.
 */
export function Avatar({ name, url, size = 35, alt = "", className = "" }: AvatarProps) {
  const look = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ring-1 ring-line ${className}`;
  const style = { width: size, height: size };
  return url ? (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      decoding="async"
      className={`${look} bg-line object-cover`}
      style={style}
    />
  ) : (
    <span
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={!alt || undefined}
      className={`${look} bg-accent/15 font-semibold text-accent select-none`}
      style={{ ...style, fontSize: Math.max(11, Math.round(size * 0.4)) }}
    >
      {initials(name)}
    </span>
  );
}
