// A link that leaves the site in a new tab and says so to screen readers (newsletter and partner
// links, docs/product/site.md#header, #services).
import type { AnchorHTMLAttributes } from "react";
import { externalLinkProps } from "../lib/external-link.ts";

/**
 * `<a href>` opening in a new tab (lib/external-link.ts: target _blank, rel noopener
 * noreferrer) with the other attributes given, its children, then " (opens in a new tab)" for
 * screen readers only (WCAG technique G201: warn before a new window opens).
 */
export function NewTabLink({
  href,
  children,
  ...attributes
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a href={href} {...externalLinkProps} {...attributes}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
