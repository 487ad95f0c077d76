// Share links of the article bar (docs/product/reader.md#article-bar): Facebook, X and LinkedIn
// through each network's share URL, "Copy link", and the device's share sheet where it has one. A
// chunk of its own (the bar's `lazyPart`): the links are the server's HTML until it arrives.
import { useEffect, useState } from "react";
import { type Brand, BrandIcon } from "../../components/ui/brand-icons.tsx";
import { strokeIcon } from "../../components/ui/icons.tsx";

/** Two chain links: copies the address. */
const LinkIcon = strokeIcon("M9 15l6-6M11 6l1-1a4 4 0 0 1 6 6l-1 1M13 18l-1 1a4 4 0 0 1-6-6l1-1");
/** A box with an arrow up out of it: the device's own share sheet. */
const ShareIcon = strokeIcon("M12 15V4M8 8l4-4 4 4M7 11H6v9h12v-9h-1");

/**
 * The networks' documented web share endpoints: they open a prefilled post in a new tab and need
 * no script of theirs on our page (no tracking before the reader chooses to share).
 * @param url absolute canonical address of the article.
 */
export function shareUrls(url: string, title: string) {
  const u = encodeURIComponent(url);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://x.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
  };
}

const round =
  "flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-page hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";

/**
 * Round icon links to share `url` on Facebook, X (with `title` as the text) and LinkedIn, each in
 * a new tab and named for screen readers ("Share on X"); then "Copy link", which puts `url` on
 * the clipboard and says "Link copied" (or, when the browser refuses, "Could not copy: use the
 * address bar") in a
 * status line screen readers announce (WCAG 2.2 SC 4.1.3), for four seconds; and "Share…", the
 * Web Share API's sheet with `title` and `url`, shown once hydrated where the browser has one
 * (phones).
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const [note, setNote] = useState("");
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare("share" in navigator), []);
  const links = shareUrls(url, title);
  const items: { href: string; label: string; brand: Brand }[] = [
    { href: links.facebook, label: "Share on Facebook", brand: "facebook" },
    { href: links.x, label: "Share on X", brand: "x" },
    { href: links.linkedin, label: "Share on LinkedIn", brand: "linkedin" },
  ];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setNote("Link copied");
    } catch {
      setNote("Could not copy: use the address bar");
    }
    setTimeout(() => setNote(""), 4000);
  };
  return (
    <>
      <ul className="flex items-center gap-1" aria-label="Share this article">
        {items.map(({ href, label, brand }) => (
          <li key={label}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              title={label}
              className={round}
            >
              <BrandIcon brand={brand} />
            </a>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={copy}
            aria-label="Copy link"
            title="Copy link"
            className={round}
          >
            <LinkIcon />
          </button>
        </li>
        {canShare && (
          <li>
            <button
              type="button"
              // Closing the sheet without sharing rejects: nothing to say then.
              onClick={() => navigator.share({ title, url }).catch(() => {})}
              aria-label="Share…"
              className={round}
            >
              <ShareIcon />
            </button>
          </li>
        )}
      </ul>
      <p role="status" className="absolute top-full right-0 mt-1 text-xs text-ink empty:hidden">
        {note}
      </p>
    </>
  );
}
