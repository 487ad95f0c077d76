// The words and letters that scale a written number ("2.3K", "1.5 billion", "$1.54T"), shared by
// Max's offline model (price levels in questions) and his eval (figures in answers).

/**
 * What each scale word or letter multiplies a number by, keyed in lower case: k, thousand (10^3);
 * m, mn, million (10^6); b, bn, billion (10^9); t, tn, trillion (10^12). The short scale, as
 * English financial writing and CoinGecko's figures use it.
 */
export const NUMBER_SCALES: Readonly<Record<string, number>> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  t: 1e12,
  tn: 1e12,
  trillion: 1e12,
};
