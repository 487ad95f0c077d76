// The words of the About and Services pages (docs/product/site.md#about, #services): their names
// and descriptions, objectives and what we offer.
import type { MarketingPageHead } from "./marketing-page.tsx";
import type { Point } from "./sections.tsx";

/** About's address, name and description. */
export const aboutHead: MarketingPageHead = {
  path: "/about",
  name: "About us",
  description:
    "Independent crypto research and market intelligence: our objectives are investor engagement, user education, project visibility and global distribution.",
};

/** Services' address, name and description. */
export const servicesHead: MarketingPageHead = {
  path: "/services",
  name: "Partner with us",
  description:
    "Research as a service: industry and narrative reports, newsletter and social content, and ecosystem coverage for crypto projects.",
};

/** About: the four objectives named in docs/product/site.md#about. */
export const objectives: Point[] = [
  {
    title: "Investor engagement",
    body: "Give investors research they can act on: clear theses, the numbers behind them and the risks stated plainly, so conversations start from facts.",
  },
  {
    title: "User education",
    body: "Explain how protocols, tokens and markets actually work, from first principles to the fine print, for newcomers and practitioners alike.",
  },
  {
    title: "Project visibility",
    body: "Help serious projects reach the readers who should know about them, through careful coverage rather than hype.",
  },
  {
    title: "Global distribution",
    body: "Publish in the open on the web, by newsletter and on social channels, so research reaches readers wherever they are.",
  },
];

/** Services: research as a service, the three offerings named in docs/product/site.md#services. */
export const services: Point[] = [
  {
    title: "Industry and narrative reports",
    body: "In-depth reports on a sector or a market narrative, researched and written by our analysts and published under our editorial standards.",
    items: ["Sector and competitor maps", "On-chain and market data", "Risks and open questions"],
  },
  {
    title: "Newsletter and social content",
    body: "Your story told to our readers in the newsletter and across our social channels, in formats that suit how they read.",
    items: ["Newsletter features", "Threads and short explainers", "Launch and milestone coverage"],
  },
  {
    title: "Ecosystem coverage",
    body: "Ongoing coverage of an ecosystem: its projects, upgrades and numbers, kept current in our research library.",
    items: ["Ecosystem overview pages", "Regular updates", "Market reports with context"],
  },
];
