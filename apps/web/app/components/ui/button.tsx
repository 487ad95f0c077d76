// Button looks shared by <button>, <Link> and external <a>, so every action reads the same.
import type { ButtonHTMLAttributes } from "react";

/** A button's look: filled accent, bordered, bare, or tinted (a primary action not ready yet). */
export type ButtonVariant = "primary" | "secondary" | "ghost" | "soft";
/** A button's height: 36 px (`sm`) or 44 px (`md`). */
export type ButtonSize = "sm" | "md";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent " +
  "disabled:cursor-not-allowed disabled:opacity-50";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-accent text-accent-ink hover:bg-accent/90",
  secondary: "border border-line bg-surface text-ink hover:border-muted/60 hover:bg-page",
  ghost: "text-ink hover:bg-line/60",
  // A primary action that does not look ready yet (docs/product/data.md#validation-forms: "looks
  // enabled only when …"): a tint instead of a faded button, so its label keeps WCAG 1.4.3 contrast
  // (4.5:1 and more).
  soft: "bg-accent/8 text-accent hover:bg-accent/10",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-3.5 text-sm",
  md: "h-11 px-5 text-[0.9375rem]",
};

/** Class names for a button-looking element; `extra` is appended. */
export function buttonClass(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "sm",
  extra = "",
): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

/** A native button with the shared look; `type` defaults to "button" so it never submits by accident. */
export function Button({
  variant = "primary",
  size = "sm",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
