// Small stroke icons (24 px grid, currentColor) drawn inline so they cost no request: those of the
// site's frame and its articles, which every page shows; the controls' icons are in
// action-icons.tsx.
import type { SVGProps } from "react";

/** An icon's SVG attributes, and its `size` in CSS pixels. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

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

/** Three bars: opens a menu. */
export const MenuIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

/** A box with an arrow out: a link that leaves the site. */
export const ExternalIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 5h5v5M19 5l-8 8M17 14v4a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h4" />
  </Icon>
);

/** An arrow to the right: go on, subscribe. */
export const ArrowRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);

/** A page with lines: research articles. */
export const ResearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 4h10l4 4v12H5z" />
    <path d="M15 4v4h4M8.5 12h7M8.5 15.5h7" />
  </Icon>
);

/** Two sparkles: the AI analyst (AI Insights, Max). */
export const SparkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z" />
    <path d="M18.5 16.5l.7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7z" />
  </Icon>
);

/** A rising line over an axis: market reports. */
export const ChartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 19h16" />
    <path d="M6 15l4-4 3 3 5-6" />
  </Icon>
);

/** Two candles: market prices (Market Data). */
export const CandlesIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 4v16M16 3v15" />
    <rect x="6" y="8" width="4" height="8" rx="0.5" />
    <rect x="14" y="6" width="4" height="8" rx="0.5" />
  </Icon>
);

/** An envelope: the newsletter, an email address. */
export const MailIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
    <path d="M4 7l8 6 8-6" />
  </Icon>
);

/** A clock face: reading time, a date. */
export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8" />
    <path d="M12 8v4l2.5 2" />
  </Icon>
);

/** A heart: likes. */
export const HeartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
  </Icon>
);

/** A speech bubble: comments. */
export const CommentIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20.5 12c0 4.1-3.8 7.5-8.5 7.5-1.3 0-2.5-.2-3.6-.7L3.5 20l1.3-3.7C4 15.1 3.5 13.6 3.5 12c0-4.1 3.8-7.5 8.5-7.5s8.5 3.4 8.5 7.5z" />
  </Icon>
);

/** A bookmark ribbon: saved articles. */
export const BookmarkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6.5 3.5h11a1 1 0 0 1 1 1v16l-6.5-4.5-6.5 4.5v-16a1 1 0 0 1 1-1z" />
  </Icon>
);

/** Brand marks are filled shapes rather than strokes. */
const BrandIcon = ({ size = 18, ...p }: IconProps) => (
  <Icon size={size} fill="currentColor" stroke="none" {...p} />
);

/** Facebook's filled "f" mark (share links). */
export const FacebookIcon = (p: IconProps) => (
  <BrandIcon {...p}>
    <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z" />
  </BrandIcon>
);

/** X's (Twitter's) filled mark (share links). */
export const XIcon = (p: IconProps) => (
  <BrandIcon {...p}>
    <path d="M17.6 3.5h3l-6.6 7.5 7.8 9.5h-6.1l-4.8-6-5.4 6h-3l7.1-8L2.2 3.5h6.2l4.3 5.5 4.9-5.5zm-1 15.3h1.7L7.5 5.1H5.7l10.9 13.7z" />
  </BrandIcon>
);

/** LinkedIn's filled "in" mark (share links). */
export const LinkedInIcon = (p: IconProps) => (
  <BrandIcon {...p}>
    <path d="M6.9 8.9H3.6V20h3.3V8.9zM5.3 3.5a1.9 1.9 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8zM20.4 13.6c0-3-1.6-4.9-4.2-4.9-1.5 0-2.5.8-2.9 1.6V8.9H10V20h3.3v-5.8c0-1.5.3-2.9 2.1-2.9 1.8 0 1.8 1.7 1.8 3V20h3.3v-6.4z" />
  </BrandIcon>
);
