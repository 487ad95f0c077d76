// Markup that hydration leaves alone (docs/decisions/026-static-parts-not-hydrated.md): a part of a
// page with nothing to do but show text and links is rendered by the server and kept as the
// server's HTML in the browser, so React does not walk it on load
// (docs/architecture.md#what-a-readers-phone-pays).
import {
  type HTMLAttributes,
  type MouseEvent,
  type ReactNode,
  useId,
  useState,
  useSyncExternalStore,
} from "react";
import { useNavigate } from "react-router";
import { sitePath } from "../../lib/safe-url.ts";

/** The attribute naming a static part's element in the page (its value is the part's `useId`). */
export const STATIC_PART_ATTRIBUTE = "data-static-part";

/** The elements a static part may be. */
type StaticTag = "div" | "p" | "section" | "nav" | "li" | "ul" | "ol";

/** Nothing to subscribe to: `isHydrating` only tells hydration from a render in the browser. */
const subscribeToNothing = () => () => {};

/**
 * True while React renders the server's markup over (hydration, also of a Suspense boundary that
 * hydrates later) and on the server; false for a render in the browser: React's
 * useSyncExternalStore reads `getServerSnapshot` exactly then (React's docs, "Adding support for
 * server rendering"; react-dom's `mountSyncExternalStore`).
 */
function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

/** Whether two lists of dependencies hold the same values (`Object.is`, as React's hooks compare). */
function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

/**
 * A click handler for an element whose links are plain `<a href>` (server HTML, an article's
 * text, a static part): a plain left click on a link to a page of this site (`sitePath`) navigates
 * in the app, as React Router's `<Link>` does (its `shouldProcessLinkClick`); a click with a
 * modifier key or another button, on a link with a `target` other than `_self` or a `download`
 * attribute, or to anything but a path of this site (other hosts, schemes, in-page anchors) is the
 * browser's. A click a `<Link>` inside already took (`defaultPrevented`) is left alone.
 */
export function useInAppLinkClick(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a");
    if (!link || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const path = sitePath(link.getAttribute("href"));
    if (!path) return;
    event.preventDefault();
    void navigate(path);
  };
}

/**
 * What a {@link StaticPart} takes: its element's tag and attributes (but `onClick`: the part's
 * own is the links' delegated handler), its content and its data.
 */
export type StaticPartProps = Omit<
  HTMLAttributes<HTMLElement>,
  "children" | "dangerouslySetInnerHTML" | "onClick"
> & {
  /** The element the part is ("div" by default): it is in the page like any other. */
  as?: StaticTag;
  /**
   * The values `children` are drawn from (loader data, props), compared with `Object.is` like a
   * hook's dependencies: while they are those the page was hydrated with, the server's markup
   * stays; once one changes (a client-side navigation to another page of the same route, a
   * revalidation), `children` render as usual from then on.
   */
  deps: readonly unknown[];
  /**
   * What the part shows: markup and links (`<Link>` or `<a>`) only. Nothing in it may need React
   * in the browser (state, effects, handlers other than links, forms that submit through the
   * router): what hydrates as a static part never runs.
   */
  children: ReactNode;
};

/**
 * Renders `children` inside an `as` element on the server and in the browser after a client-side
 * navigation; when the page hydrates, keeps the element's server HTML instead, read from the page
 * and given back as `dangerouslySetInnerHTML`, so React neither runs the components inside nor
 * walks their elements (in production, react-dom leaves the inner HTML of an element hydrated with
 * `dangerouslySetInnerHTML` as it is; `suppressHydrationWarning` quiets development's comparison).
 * Its links navigate in the app through one delegated click handler ({@link useInAppLinkClick}).
 * The element carries `data-static-part` (STATIC_PART_ATTRIBUTE) with the part's `useId`, which is
 * the same on the server and in the hydrating browser.
 */
export function StaticPart({ as: Tag = "div", deps, children, ...attributes }: StaticPartProps) {
  const id = useId();
  const hydrating = useIsHydrating();
  const onClick = useInAppLinkClick();
  // Read once, when the part first renders: during hydration the server's markup is still there.
  const [server, setServer] = useState(() => {
    if (!hydrating || typeof document === "undefined") return null;
    const element = document.querySelector(`[${STATIC_PART_ATTRIBUTE}="${CSS.escape(id)}"]`);
    return element ? { html: element.innerHTML, deps } : null;
  });
  const keep = server !== null && sameDeps(server.deps, deps);
  // New data: the children from now on (React's pattern for state following props, "storing
  // information from previous renders"), even should the old values come back.
  if (server && !keep) setServer(null);
  const common = { ...attributes, [STATIC_PART_ATTRIBUTE]: id, onClick };
  if (server && keep) {
    return (
      <Tag {...common} dangerouslySetInnerHTML={{ __html: server.html }} suppressHydrationWarning />
    );
  }
  return <Tag {...common}>{children}</Tag>;
}
