// How a link that leaves the site is written, everywhere it appears.

/**
 * Attributes of a link that leaves the site in a new tab (newsletter, partner form;
 * docs/product/site.md#header, #services).
 */
export const externalLinkProps = { target: "_blank", rel: "noopener noreferrer" } as const;
