// Share links of the article bar (docs/product/reader.md#article-bar: facebook, twitter, linkedin)
// using each network's share URL.
import { type Brand, BrandIcon } from "../../components/ui/brand-icons.tsx";

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

/**
 * Round icon links to share `url` on Facebook, X (with `title` as the text) and LinkedIn, each in
 * a new tab and named for screen readers ("Share on X").
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const links = shareUrls(url, title);
  const items: { href: string; label: string; brand: Brand }[] = [
    { href: links.facebook, label: "Share on Facebook", brand: "facebook" },
    { href: links.x, label: "Share on X", brand: "x" },
    { href: links.linkedin, label: "Share on LinkedIn", brand: "linkedin" },
  ];
  return (
    <ul className="flex items-center gap-1" aria-label="Share this article">
      {items.map(({ href, label, brand }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            title={label}
            className="flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-page hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            <BrandIcon brand={brand} />
          </a>
        </li>
      ))}
    </ul>
  );
}
