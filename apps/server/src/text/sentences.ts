// The sentences of plain text (Unicode sentence boundaries, UAX #29, less the breaks after
// abbreviations): the server's one sentence splitter, for imported articles' subtitles, excerpts,
// CoinGecko's descriptions, Max's reading of a message and his research passages and answers
// (docs/product/max.md#max-research).

/** English sentence boundaries from the platform's ICU data (Unicode UAX #29). */
const SEGMENTER = new Intl.Segmenter("en", { granularity: "sentence" });

/**
 * Abbreviations that end with a full stop without ending the sentence. UAX #29 alone breaks after
 * "e.g." or "Dr." when a capital or a digit follows; ICU's suppression lists are not exposed.
 */
const ABBREVIATION =
  /(?:^|[\s(])(?:e\.g|i\.e|vs|etc|ca|cf|fig|figs|no|nos|mr|mrs|ms|dr|st|approx|incl|est|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.\s*$/i;

/**
 * The sentences of `text`, trimmed, in order: Unicode sentence boundaries (UAX #29), except after
 * a common abbreviation ("e.g.", "vs.", "Dr."). Text without a sentence end is one sentence; an
 * empty text has none.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let pending = "";
  for (const { segment } of SEGMENTER.segment(text)) {
    pending += segment;
    if (!ABBREVIATION.test(pending)) {
      if (pending.trim()) sentences.push(pending.trim());
      pending = "";
    }
  }
  if (pending.trim()) sentences.push(pending.trim());
  return sentences;
}
