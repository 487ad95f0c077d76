// Site header on every page (docs/product.md#header): logo, About Us, Partner with us, Subscribe,
// and Login or, for a signed-in reader, their round profile picture linking to /account.
import type { OwnUser } from "@pragmatist/contracts";
import { Link, NavLink } from "react-router";
import { Avatar } from "../components/ui/avatar";
import { buttonClass } from "../components/ui/button";
import { ExternalIcon } from "../components/ui/icons";
import { isStaff, useViewer } from "../lib/viewer";
import { Logo } from "../components/logo";
import { MobileMenu } from "./mobile-menu";
import { NewTabLink } from "../components/new-tab-link.tsx";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors hover:text-ink ${
    isActive ? "text-ink" : "text-muted"
  }`;

/** The 35 px picture (initials when none) that opens the account page (docs/product.md#header). */
function AccountLink({ viewer, className = "" }: { viewer: OwnUser; className?: string }) {
  return (
    <Link
      to="/account"
      className={`rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${className}`}
      aria-label={`Your account (${viewer.username})`}
      title="Your account"
    >
      <Avatar name={viewer.username} url={viewer.profilePicture?.url} size={35} />
    </Link>
  );
}

/**
 * The sticky header: the logo (home), then from `md` up About Us, Partner with us, Studio (staff),
 * Subscribe (the external newsletter) and Login or the reader's picture; below `md` the picture and
 * the slide-out menu. The reader comes from the root loader, so the server render knows them.
 */
export function SiteHeader({
  siteName,
  newsletterUrl,
}: {
  siteName: string;
  newsletterUrl: string;
}) {
  // From the root loader, so the server render already knows who is reading.
  const viewer = useViewer();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="mx-auto flex h-16 max-w-[100rem] items-center gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
          aria-label={`${siteName} home`}
        >
          <Logo name={siteName} />
        </Link>
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          <NavLink to="/about" className={navLinkClass}>
            About Us
          </NavLink>
          <NavLink to="/services" className={navLinkClass}>
            Partner with us
          </NavLink>
          {isStaff(viewer?.role) && (
            <NavLink to="/studio" className={navLinkClass}>
              Studio
            </NavLink>
          )}
          <NewTabLink href={newsletterUrl} className={buttonClass("secondary", "sm", "ml-3")}>
            Subscribe
            <ExternalIcon size={15} className="-mr-0.5 text-muted" />
          </NewTabLink>
          {viewer ? (
            <AccountLink viewer={viewer} className="ml-3" />
          ) : (
            <Link to="/login" className={buttonClass("primary", "sm", "ml-2")}>
              Login
            </Link>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-3 md:ml-2">
          {viewer && <AccountLink viewer={viewer} className="md:hidden" />}
          <MobileMenu siteName={siteName} newsletterUrl={newsletterUrl} viewer={viewer} />
        </div>
      </div>
    </header>
  );
}
