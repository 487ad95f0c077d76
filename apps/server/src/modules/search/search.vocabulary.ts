// The SQLite engine's in-memory vocabulary: the indexed words with their document counts, for
// completing and correcting query words without a query per word.
import {
  type VocabularyEntry,
  type WordLookup,
  completions,
  corrections,
  maxEdits,
} from "./search.query.ts";

/**
 * Vocabulary words with their document counts, bucketed so a correction compares a misspelt word
 * only with words of similar length sharing its first (or else its last) letter, and sorted for
 * prefix completion. Loaded from the fts5vocab table; `add` keeps it current between reloads.
 */
export class Vocabulary {
  readonly generation: number;
  checkedAt: number;
  private readonly entries = new Map<string, VocabularyEntry>();
  private readonly sorted: string[] = [];
  private readonly byFirst = new Map<string, VocabularyEntry[]>();
  private readonly byLast = new Map<string, VocabularyEntry[]>();

  constructor(rows: Iterable<{ term: string; doc: number }>, generation: number, at: number) {
    this.generation = generation;
    this.checkedAt = at;
    for (const row of rows) this.put(row.term, row.doc);
    this.sorted.sort();
  }

  /** Counts one more article containing each of `words` (a new word is inserted in order). */
  add(words: string[]): void {
    for (const word of words) {
      const entry = this.entries.get(word);
      if (entry) {
        entry.docCount += 1;
        continue;
      }
      this.put(word, 1);
      this.sorted.pop();
      this.sorted.splice(this.lowerBound(word), 0, word);
    }
  }

  /** What the vocabulary knows of `word`: whether it is indexed, its completions and corrections. */
  lookup(word: string): WordLookup {
    return {
      known: this.entries.has(word),
      completions: () => completions(word, this.prefixed(word)),
      corrections: () => {
        const d = maxEdits(word);
        if (d === 0) return [];
        const found = corrections(word, this.bucketed(this.byFirst, word, word[0] ?? "", d));
        if (found.length > 0) return found;
        return corrections(word, this.bucketed(this.byLast, word, word.at(-1) ?? "", d));
      },
    };
  }

  private put(word: string, docCount: number): void {
    const entry = { word, docCount };
    this.entries.set(word, entry);
    this.sorted.push(word);
    push(this.byFirst, `${word.length} ${word[0]}`, entry);
    push(this.byLast, `${word.length} ${word.at(-1)}`, entry);
  }

  private *bucketed(
    buckets: Map<string, VocabularyEntry[]>,
    word: string,
    letter: string,
    edits: number,
  ): Generator<VocabularyEntry> {
    for (let n = Math.max(1, word.length - edits); n <= word.length + edits; n++) {
      yield* buckets.get(`${n} ${letter}`) ?? [];
    }
  }

  private *prefixed(prefix: string): Generator<VocabularyEntry> {
    for (let i = this.lowerBound(prefix); i < this.sorted.length; i++) {
      const word = this.sorted[i] as string;
      if (!word.startsWith(prefix)) return;
      yield this.entries.get(word) as VocabularyEntry;
    }
  }

  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.sorted[mid] as string) < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Appends `value` to the list of `key`, creating the list on first use. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
