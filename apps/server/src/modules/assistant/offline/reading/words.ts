// A reader's message as the reading works on it besides its words (text/words.ts, decision 013):
// spelled numbers as digits and the shape of a clause, by compromise, one document per text.
import nlp from "compromise";
import { LRUCache } from "lru-cache";

/** What compromise tells of one text: everything the reading asks of it, from one parse. */
interface Parsed {
  digits: string;
  unfinished: boolean;
  statement: boolean;
  infinitive: boolean;
  bareVerb: boolean;
  dummyIt: boolean;
}

/**
 * Texts parsed, kept: a message, its requests and its clauses are often the same text, and a
 * turn is read twice (to call the tools, then to write).
 */
const parsedTexts = new LRUCache<string, Parsed>({ max: 500 });

/** `text` parsed once by compromise (its tags read first, its numbers then written as digits). */
function parsed(text: string): Parsed {
  const kept = parsedTexts.get(text);
  if (kept) return kept;
  const doc = nlp(text);
  const shape = shapeOf(doc, text);
  const dummyIt =
    doc.has("(is|was) it #Adverb? #Adjective (to|for)") ||
    doc.has("it (is|was) #Adverb? #Adjective (to|for)");
  doc.numbers().toNumber();
  const result = { ...shape, dummyIt, digits: doc.text() };
  parsedTexts.set(text, result);
  return result;
}

/**
 * `text` with spelled numbers and ordinals written as digits ("ninety days" -> "90 days", "the
 * third largest" -> "the 3rd largest"), by compromise's number parser.
 */
export function withDigits(text: string): string {
  return parsed(text).digits;
}

/** Verbs that need a main verb after them: a clause with one of these alone is unfinished ("why did fees on X"). */
const AUXILIARIES = new Set([
  "do",
  "does",
  "did",
  "can",
  "could",
  "will",
  "would",
  "should",
  "may",
  "might",
  "must",
]);

/**
 * How a clause is built, by compromise's part-of-speech tags: `unfinished` when its only verbs are
 * auxiliaries waiting for a main verb ("Why did fees on Arbitrum", cut before "and Optimism
 * drop"); `statement` when it tells rather than asks: no question mark or question word, not an
 * imperative, a subject and a verb or a past-tense verb first ("I moved ATOM to another chain",
 * "sent some tokens to a contract by mistake"), so it is context for the request beside it.
 */
export function clauseShape(text: string): ClauseShape {
  const { unfinished, statement, infinitive, bareVerb } = parsed(text);
  return { unfinished, statement, infinitive, bareVerb };
}

/** How a clause is built (clauseShape). */
export interface ClauseShape {
  /** Its only verb is an auxiliary waiting for a main verb ("Why did fees on Arbitrum"). */
  unfinished: boolean;
  /** It tells rather than asks ("I moved ATOM to another chain"). */
  statement: boolean;
  /** A verb takes a "to" and what follows ("developers want to scrap testnet4"). */
  infinitive: boolean;
  /** It opens with a bare verb and asks nothing of its own ("start a new test network"). */
  bareVerb: boolean;
}

/** clauseShape of `text` from its compromise document. */
function shapeOf(doc: ReturnType<typeof nlp>, text: string) {
  const verbs = doc.verbs().json() as Array<{ terms: Array<{ normal: string; tags: string[] }> }>;
  const words = verbs.flatMap((v) => v.terms.filter((t) => t.tags.includes("Verb")));
  // One verb, an auxiliary ("how did SOL do" has its main verb, "do").
  const unfinished = words.length === 1 && AUXILIARIES.has(words[0]!.normal);
  const asking = text.includes("?") || doc.has("#QuestionWord") || doc.has("^#Imperative");
  const told = doc.has("^#Conjunction? #Pronoun #Adverb? #Verb") || doc.has("^#PastTense");
  // "I want the price", "I'd like to know …": a wish is a request.
  const wish = doc.has("^#Pronoun (#Modal|#Adverb)? (want|wants|need|needs|wonder|like|love)");
  return {
    unfinished,
    statement: !asking && told && !wish && !doc.has("^(#Modal|#Copula)"),
    infinitive: doc.has("#Verb to"),
    bareVerb: doc.has("^#Infinitive") && !doc.has("#QuestionWord"),
  };
}

/**
 * Whether `text` has an "it" that stands for what follows, not for something said before: "is it
 * so hard for a small validator to …", "it's expensive to run a node" (a copula, an adjective,
 * then "to" or "for"), by compromise's part-of-speech tags.
 */
export function hasDummyIt(text: string): boolean {
  return parsed(text).dummyIt;
}
