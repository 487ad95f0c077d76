// The offline model's answer to the new-tokens list: numbered listings, warning about borrowed tickers.
import { type NewTokens, formatDateTimeUtc } from "@pragmatist/contracts";
import type { KnownCoin } from "../decision.ts";
import { dayOf, isOld } from "./dating.ts";
import { coinLabel, escapeMarkdown, freshnessLine, joinBlocks, staleNote } from "./format.ts";
import { listWords } from "./token-facts.ts";

type NewToken = NewTokens["tokens"][number];

/** A known coin, other than the token itself, whose ticker the token uses; undefined when none. */
function tickerTwin(token: NewToken, knownCoins: ReadonlyArray<KnownCoin>): KnownCoin | undefined {
  return knownCoins.find(
    (k) => k.symbol.toLowerCase() === token.symbol.toLowerCase() && k.id !== token.id,
  );
}

/** One numbered listing, with a warning when its ticker is also a known coin's. */
function listing(token: NewToken, i: number, twin: KnownCoin | undefined): string {
  const warning = twin
    ? ` Its ticker is also used by ${escapeMarkdown(twin.name)}: check the CoinGecko id \`${token.id}\` before trusting a quote.`
    : "";
  return `${i + 1}. ${coinLabel(token)}, listed ${formatDateTimeUtc(token.activatedAt)}.${warning}`;
}

/** "Analyze your last message…" on the list: its time span and how many borrow a ticker. */
function insight(data: NewTokens, collisions: number): string {
  const times = data.tokens
    .map((t) => new Date(t.activatedAt).getTime())
    .filter((t) => !Number.isNaN(t));
  return (
    `**Insights:** ${data.tokens.length} token${data.tokens.length === 1 ? "" : "s"} listed between ${formatDateTimeUtc(Math.min(...times))} and ${formatDateTimeUtc(Math.max(...times))}.` +
    (collisions > 0
      ? ` ${collisions} reuse${collisions === 1 ? "s" : ""} the ticker of an established coin, a common trick of copycat tokens.`
      : " None reuses the ticker of an established coin.") +
    " Fresh listings have little trading history, so their prices can swing hard."
  );
}

/** The opening: the newest listings by name, dated when the list is more than a day old. */
function newTokensOpening(data: NewTokens, now: Date): string {
  const newest = listWords(data.tokens.slice(0, 3).map((t) => coinLabel(t)));
  const more = data.tokens.length > 3 ? `; all ${data.tokens.length}, newest first:` : ":";
  return isOld(data.asOf, now)
    ? `As of ${dayOf(data.asOf)}, the newest listings on CoinGecko were ${newest}${more}`
    : `The newest listings on CoinGecko are ${newest}${more}`;
}

/**
 * The answer to getNewTokens: the opening (newest first, dated when old at `now`), the tokens
 * numbered, each with its listing time and a warning when a known coin uses its ticker
 * (copycats); with `analysis`, an insight line.
 */
export function newTokensAnswer(
  data: NewTokens,
  knownCoins: ReadonlyArray<KnownCoin>,
  analysis: boolean,
  now: Date,
): string {
  if (data.tokens.length === 0) {
    return joinBlocks(["CoinGecko lists no newly listed tokens right now.", freshnessLine(data)]);
  }
  let collisions = 0;
  const items = data.tokens.map((t, i) => {
    const twin = tickerTwin(t, knownCoins);
    if (twin) collisions += 1;
    return listing(t, i, twin);
  });
  return joinBlocks([
    newTokensOpening(data, now),
    staleNote(data),
    items.join("\n"),
    analysis && insight(data, collisions),
    freshnessLine(data),
    "Ask me for the key stats of any of them.",
  ]);
}
