// Small stroke icons (24 px grid, currentColor) drawn inline so they cost no request: those of the
// site's frame and its articles, which every page shows; the controls' icons are in
// action-icons.tsx, other sites' filled marks in brand-icons.tsx.
import { Fragment, type ReactElement, type SVGProps } from "react";

/** An icon's SVG attributes, and its `size` in CSS pixels. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * One shape of an icon: a string is a `<path>`'s `d` data; an element (a circle, a rect) is drawn
 * as it is.
 */
export type IconShape = string | ReactElement;

/**
 * The 24 px stroke grid every icon draws on, `size` CSS pixels wide (20 by default), hidden from
 * screen readers.
 */
export function Icon({ size = 20, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** The SVG elements of `shapes`, in order: a `<path>` for each string. */
function drawn(shapes: IconShape[]) {
  return shapes.map((shape, i) =>
    typeof shape === "string" ? <path key={i} d={shape} /> : <Fragment key={i}>{shape}</Fragment>,
  );
}

/**
 * An icon component that draws `shapes` (path data, or circle and rect elements) on the stroke
 * grid of `Icon`, taking the same props.
 */
export function strokeIcon(...shapes: IconShape[]) {
  const children = drawn(shapes);
  return (p: IconProps) => <Icon {...p}>{children}</Icon>;
}

/** Three bars: opens a menu. */
export const MenuIcon = strokeIcon("M4 7h16M4 12h16M4 17h16");

/** A box with an arrow out: a link that leaves the site. */
export const ExternalIcon = strokeIcon(
  "M14 5h5v5M19 5l-8 8M17 14v4a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h4",
);

/** An arrow to the right: go on, subscribe. */
export const ArrowRightIcon = strokeIcon("M5 12h14M13 6l6 6-6 6");

/** A page with lines: research articles. */
export const ResearchIcon = strokeIcon("M5 4h10l4 4v12H5z", "M15 4v4h4M8.5 12h7M8.5 15.5h7");

/** Two sparkles: the AI analyst (AI Insights, Max). */
export const SparkIcon = strokeIcon(
  "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z",
  "M18.5 16.5l.7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7z",
);

/** A rising line over an axis: market reports. */
export const ChartIcon = strokeIcon("M4 19h16", "M6 15l4-4 3 3 5-6");

/** Two candles: market prices (Market Data). */
export const CandlesIcon = strokeIcon(
  "M8 4v16M16 3v15",
  <rect x="6" y="8" width="4" height="8" rx="0.5" />,
  <rect x="14" y="6" width="4" height="8" rx="0.5" />,
);

/** An envelope: the newsletter, an email address. */
export const MailIcon = strokeIcon(
  <rect x="3.5" y="5.5" width="17" height="13" rx="2" />,
  "M4 7l8 6 8-6",
);

/** A clock face: reading time, a date. */
export const ClockIcon = strokeIcon(<circle cx="12" cy="12" r="8" />, "M12 8v4l2.5 2");

/** A heart: likes. */
export const HeartIcon = strokeIcon(
  "M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z",
);

/** A speech bubble: comments. */
export const CommentIcon = strokeIcon(
  "M20.5 12c0 4.1-3.8 7.5-8.5 7.5-1.3 0-2.5-.2-3.6-.7L3.5 20l1.3-3.7C4 15.1 3.5 13.6 3.5 12c0-4.1 3.8-7.5 8.5-7.5s8.5 3.4 8.5 7.5z",
);

/** A bookmark ribbon: saved articles. */
export const BookmarkIcon = strokeIcon(
  "M6.5 3.5h11a1 1 0 0 1 1 1v16l-6.5-4.5-6.5 4.5v-16a1 1 0 0 1 1-1z",
);
