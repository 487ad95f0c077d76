// The mobile menu's drawer (docs/product/site.md#mobile-menu): a modal that closes on Escape, on a
// backdrop click and on navigation. The theme switch; Login shows only when signed out; a
// signed-in reader gets their account instead. Loaded on demand by mobile-menu.tsx.
import { NewsletterLink } from "../components/newsletter-link.tsx";
import type { OwnUser } from "@pragmatist/contracts";
import { useId } from "react";
import { Link, NavLink } from "react-router";
import { Avatar } from "../components/ui/avatar";
import { buttonClass } from "../components/ui/button";
import { Dialog } from "../components/ui/dialog";
import { ExternalIcon } from "../components/ui/icons";
import { CloseIcon } from "../components/ui/action-icons";
import { isStaff } from "../lib/viewer";
import { Logo } from "../components/logo";
import { ThemeSwitch } from "./theme-switch";

const sections = [
  { label: "Research", to: "/", end: true },
  // The category chips of the research home; never shown as the current page itself.
  { label: "Categories", to: "/#categories", plain: true },
  { label: "Ecosystems", to: "/ecosystems" },
  { label: "Market Data", to: "/markets" },
  { label: "AI Research Assistant", to: "/assistant" },
];
const company = [
  { label: "About Us", to: "/about" },
  { label: "Partner with us", to: "/services" },
];

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center rounded-lg px-3 py-2.5 text-[0.9375rem] font-medium transition-colors ${
    isActive ? "bg-accent/10 text-accent" : "text-ink hover:bg-line/60"
  }`;

const groupClass = "px-3 pb-1.5 text-xs font-semibold tracking-wider text-muted uppercase";

/**
 * The drawer `id` (the button's `aria-controls`): the logo and Close, the Browse and Company links
 * (Studio for staff, Subscribe), and the theme switch and the reader's account or Login at the
 * bottom. Any click on a
 * link closes it at once, also when the link points at the current page.
 */
export default function MobileMenuDrawer({
  id,
  open,
  onClose,
  siteName,
  newsletterUrl,
  viewer,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  siteName: string;
  newsletterUrl: string;
  viewer: OwnUser | null;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} variant="drawer" id={id}>
      <div
        className="flex h-full flex-col"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a")) onClose();
        }}
      >
        <div className="flex h-16 items-center justify-between border-b border-line px-4">
          <h2 id={titleId} className="sr-only">
            Menu
          </h2>
          <Link to="/" aria-label={`${siteName} home`}>
            <Logo name={siteName} />
          </Link>
          <button
            type="button"
            className="-mr-1 rounded-lg p-2 text-muted hover:bg-line/60 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
            aria-label="Close menu"
            onClick={onClose}
          >
            <CloseIcon size={22} />
          </button>
        </div>
        <MenuLinks newsletterUrl={newsletterUrl} staff={isStaff(viewer?.role)} />
        <div className="space-y-4 border-t border-line p-4">
          <ThemeSwitch name="theme-menu" labels />
          <MenuAccount viewer={viewer} />
        </div>
      </div>
    </Dialog>
  );
}

/** The Browse and Company groups; `staff` adds Studio before Subscribe. */
function MenuLinks({ newsletterUrl, staff }: { newsletterUrl: string; staff: boolean }) {
  return (
    <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
      <p className={groupClass}>Browse</p>
      <ul className="space-y-0.5">
        {sections.map((item) => (
          <li key={item.label}>
            {item.plain ? (
              <Link to={item.to} className={itemClass({ isActive: false })}>
                {item.label}
              </Link>
            ) : (
              <NavLink to={item.to} end={item.end} className={itemClass}>
                {item.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
      <p className={`mt-6 ${groupClass}`}>Company</p>
      <ul className="space-y-0.5">
        {company.map((item) => (
          <li key={item.label}>
            <NavLink to={item.to} className={itemClass}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {staff && (
          <li>
            <NavLink to="/studio" className={itemClass}>
              Studio
            </NavLink>
          </li>
        )}
        <li>
          <NewsletterLink
            invites
            href={newsletterUrl}
            className={itemClass({ isActive: false })}
            external={<ExternalIcon size={16} className="ml-1.5 text-muted" />}
          >
            Subscribe
          </NewsletterLink>
        </li>
      </ul>
    </nav>
  );
}

/** The signed-in reader's picture, name and "Your account", or the Login button. */
function MenuAccount({ viewer }: { viewer: OwnUser | null }) {
  if (!viewer) {
    return (
      <Link to="/login" className={buttonClass("primary", "md", "w-full")}>
        Login
      </Link>
    );
  }
  return (
    <Link
      to="/account"
      className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-line/60 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <Avatar name={viewer.username} url={viewer.profilePicture?.url} size={35} />
      <span className="min-w-0">
        <span className="block truncate text-[0.9375rem] font-medium">{viewer.username}</span>
        <span className="block text-sm text-muted">Your account</span>
      </span>
    </Link>
  );
}
