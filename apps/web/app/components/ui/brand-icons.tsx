// The filled marks of other sites (the share links under an article): shapes rather than
// strokes, drawn inline like the other icons (icons.tsx).
import { Icon, type IconProps } from "./icons";

/**
 * Each network's filled mark as path data on the 24 px grid: Facebook's "f", X's, LinkedIn's
 * "in".
 */
const BRAND_PATHS = {
  facebook:
    "M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z",
  x: "M17.6 3.5h3l-6.6 7.5 7.8 9.5h-6.1l-4.8-6-5.4 6h-3l7.1-8L2.2 3.5h6.2l4.3 5.5 4.9-5.5zm-1 15.3h1.7L7.5 5.1H5.7l10.9 13.7z",
  linkedin:
    "M6.9 8.9H3.6V20h3.3V8.9zM5.3 3.5a1.9 1.9 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8zM20.4 13.6c0-3-1.6-4.9-4.2-4.9-1.5 0-2.5.8-2.9 1.6V8.9H10V20h3.3v-5.8c0-1.5.3-2.9 2.1-2.9 1.8 0 1.8 1.7 1.8 3V20h3.3v-6.4z",
};

/** A network whose mark `BrandIcon` draws. */
export type Brand = keyof typeof BRAND_PATHS;

/**
 * The filled mark of `brand` (a shape rather than strokes), 18 CSS pixels wide by default; the
 * other props are `Icon`'s.
 */
export function BrandIcon({ brand, size = 18, ...p }: IconProps & { brand: Brand }) {
  return (
    <Icon size={size} fill="currentColor" stroke="none" {...p}>
      <path d={BRAND_PATHS[brand]} />
    </Icon>
  );
}
