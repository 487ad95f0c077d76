// A token answer's stats card (docs/product/max.md#assistant): price, 24 h change in green/red,
// market cap, rank and volume in tabular figures, with the time they were true and their source.
import type { TokenData } from "@pragmatist/contracts";
import { asOfLine, tokenStatRows } from "../../components/market/market-figures.ts";

const toneClass = { up: "text-up", down: "text-down" } as const;

/** The stats card of one token (`tokenStatRows`), named "Market data: {name} ({SYMBOL})". */
export function TokenCard({ token }: { token: TokenData }) {
  const name = `${token.name} (${token.symbol.toUpperCase()})`;
  return (
    <figure
      aria-label={`Market data: ${name}`}
      className="-mx-1.5 mt-3 rounded-xl border border-line bg-page/70 px-3 py-3 text-sm sm:mx-0 sm:px-3.5"
    >
      <figcaption className="font-semibold">{name}</figcaption>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {tokenStatRows(token).map((row) => (
          <div key={row.label} className="min-w-0">
            <dt className="text-xs text-muted">{row.label}</dt>
            <dd className={`tabular font-medium ${row.tone ? toneClass[row.tone] : ""}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2.5 text-xs text-muted">{asOfLine(token)}</p>
    </figure>
  );
}
