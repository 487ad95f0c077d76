// An author's round picture, in the article header and on the author's page (a module of its own:
// the author page needs nothing else of the article's).
import type { Author } from "@pragmatist/contracts";

/**
 * The author's round picture at `size` px, decorative (the name is beside it); without one, up to
 * two initials of the name ("Editorial team" for an article without author) on a tinted disc.
 */
export function AuthorAvatar({ author, size = 40 }: { author: Author | null; size?: number }) {
  const url = author?.profilePicture?.url;
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full border border-line bg-surface object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  const initials = (author?.username ?? "Editorial team")
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-full bg-accent/15 text-sm font-semibold text-accent"
      style={{ width: size, height: size }}
    >
      {initials}
    </span>
  );
}
