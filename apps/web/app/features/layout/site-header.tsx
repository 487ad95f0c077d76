// Site header on every page (spec §2 "Header"): logo, About Us, Partner with us, Subscribe, Login.
import { Link, NavLink } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { ExternalIcon } from "../../components/ui/icons";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { externalLinkProps } from "./nav";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors hover:text-ink ${
    isActive ? "text-ink" : "text-muted"
  }`;

export function SiteHeader({
  siteName,
  newsletterUrl,
}: {
  siteName: string;
  newsletterUrl: string;
}) {
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
          <a
            href={newsletterUrl}
            {...externalLinkProps}
            className={buttonClass("secondary", "sm", "ml-3")}
          >
            Subscribe
            <ExternalIcon size={15} className="-mr-0.5 text-muted" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <Link to="/login" className={buttonClass("primary", "sm", "ml-2")}>
            Login
          </Link>
        </nav>
        <div className="ml-auto md:ml-2">
          <MobileMenu siteName={siteName} newsletterUrl={newsletterUrl} />
        </div>
      </div>
    </header>
  );
}
