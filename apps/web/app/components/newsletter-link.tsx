// Subscribe's link (docs/product/newsletter.md#newsletter): the built-in newsletter's page on this
// site, or an external newsletter (NEWSLETTER_URL) in a new tab.
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
import { sitePath } from "../lib/safe-url.ts";
import { useViewerSnapshot } from "../lib/viewer";
import { NewTabLink } from "./new-tab-link.tsx";

/**
 * A link to `href`, the site's `newsletterUrl`: a path on this site (`/newsletter`) navigates in
 * the app; anything else opens in a new tab and says so (NewTabLink). `external` is shown only for
 * the latter (the "opens elsewhere" icon). An invitation (`invites`: "Subscribe", not the
 * sidebar's "Newsletter") reads "Subscribed" to a member who gets the built-in newsletter, still
 * leading to the page where they can stop it, instead of inviting them again
 * (docs/product/newsletter.md#newsletter).
 */
export function NewsletterLink({
  href,
  children,
  external,
  invites = false,
  ...attributes
}: AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  children: ReactNode;
  external?: ReactNode;
  invites?: boolean;
}) {
  const path = sitePath(href);
  const { subscribed } = useViewerSnapshot();
  return path ? (
    <Link to={path} {...attributes}>
      {invites && subscribed ? "Subscribed" : children}
    </Link>
  ) : (
    <NewTabLink href={href} {...attributes}>
      {children}
      {external}
    </NewTabLink>
  );
}
