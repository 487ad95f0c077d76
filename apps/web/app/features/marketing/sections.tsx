// Building blocks of the marketing pages: a page heading and a grid of numbered points.
import type { ReactNode } from "react";

/** A marketing page's header: an eyebrow line, the `<h1>` title, and the lead paragraphs. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <header className="max-w-3xl">
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>
      <h1 className="mt-3 text-[2rem] leading-[1.15] font-bold tracking-tight text-balance sm:text-5xl">
        {title}
      </h1>
      <div className="mt-5 space-y-4 text-lg leading-relaxed text-muted">{children}</div>
    </header>
  );
}

/** One numbered point of a {@link PointGrid}: an objective or an offering. */
export interface Point {
  title: string;
  body: string;
  /** Concrete deliverables, shown as a short list. */
  items?: string[];
}

/**
 * A titled section of numbered cards: 2 columns from `sm`, then 3 when the count is a multiple of
 * 3, else 4, from `lg`; each card's `items` as a ticked list.
 */
export function PointGrid({ title, points }: { title: string; points: Point[] }) {
  return (
    <section aria-label={title}>
      <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
      <ol
        className={`mt-6 grid gap-4 sm:grid-cols-2 ${points.length % 3 === 0 ? "lg:grid-cols-3" : "lg:grid-cols-4"}`}
      >
        {points.map((p, i) => (
          <li key={p.title} className="flex flex-col rounded-xl border border-line bg-surface p-6">
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-accent/10 text-sm font-semibold text-accent tabular"
            >
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold tracking-tight">{p.title}</h3>
            <p className="mt-2 text-[0.95rem] leading-relaxed text-muted">{p.body}</p>
            {p.items && (
              <ul className="mt-4 space-y-1.5 border-t border-line pt-4 text-sm">
                {p.items.map((item) => (
                  <li key={item} className="flex gap-2">
                    <span aria-hidden="true" className="text-accent">
                      ✓
                    </span>
                    {item}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
