// Partner logo strip (spec §2 sidebar). The partners are invented and the marks are our own.
import type { ReactNode } from "react";

interface Partner {
  name: string;
  glyph: ReactNode;
}

const partners: Partner[] = [
  {
    name: "Northwind Labs",
    glyph: <path d="M4 19L12 5l8 14H4z M9 19l3-5 3 5" />,
  },
  {
    name: "Halcyon",
    glyph: (
      <>
        <circle cx="12" cy="12" r="8" />
        <path d="M4.5 13c2.5-2.5 5-2.5 7.5 0s5 2.5 7.5 0" />
      </>
    ),
  },
  {
    name: "Meridian Node",
    glyph: (
      <>
        <circle cx="12" cy="12" r="8" />
        <path d="M12 4c-3 3-3 13 0 16M12 4c3 3 3 13 0 16M4 12h16" />
      </>
    ),
  },
  {
    name: "Cobalt Ventures",
    glyph: <path d="M12 3.5l7.5 4.25v8.5L12 20.5l-7.5-4.25v-8.5z M12 8v8" />,
  },
  {
    name: "Lumen DAO",
    glyph: (
      <>
        <circle cx="12" cy="12" r="3.5" />
        <path d="M12 3v2.5M12 18.5V21M3 12h2.5M18.5 12H21M5.6 5.6l1.8 1.8M16.6 16.6l1.8 1.8M5.6 18.4l1.8-1.8M16.6 7.4l1.8-1.8" />
      </>
    ),
  },
  {
    name: "Quarry Capital",
    glyph: <path d="M5 17h14M7 13h10M9 9h6M11 5h2" />,
  },
];

/** Monochrome partner marks: one column in the sidebar, or a wrapping row on wider strips. */
export function PartnerLogos({ layout = "column" }: { layout?: "column" | "row" }) {
  return (
    <ul
      className={layout === "row" ? "flex flex-wrap gap-x-8 gap-y-4" : "grid grid-cols-1 gap-y-3"}
    >
      {partners.map((p) => (
        <li
          key={p.name}
          className="flex items-center gap-2 text-[0.8125rem] font-semibold tracking-tight whitespace-nowrap text-muted"
        >
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            className="shrink-0"
          >
            {p.glyph}
          </svg>
          <span className="leading-tight">{p.name}</span>
        </li>
      ))}
    </ul>
  );
}
