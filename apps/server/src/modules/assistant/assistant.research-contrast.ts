// "The difference between A and B" in Max's research (docs/product/max.md#max-research, decision
// 013): articles ranked by how well they cover both sides, each side by its own best section, and
// the answer's sentences chosen as what each side is and what sets them apart.
import type { ResearchIndex, Section, SectionHit, Statement } from "./assistant.research-index.ts";
import type { ResearchPassage } from "@pragmatist/contracts";
import { fitting, passage } from "./assistant.research-passage.ts";
import { terms } from "./assistant.research-words.ts";

/** Sections read from the index for each side. */
const SIDE_SECTIONS = 60;

/**
 * The share of the best article's score for each side an article needs on both to explain the two
 * on its own: below it, each side is quoted from the article that covers it best.
 */
const BOTH_SHARE = 0.5;

/** Sentences quoted to say what one side is. */
const DEFINING = 2;

/** Sentences of the article read to find one that sets the sides apart. */
const CONTRASTING = 12;

/**
 * An article chosen for a contrast: its sentences by importance (`statements`, cut to length from
 * the end) and in the order they are read (`reading`).
 */
export interface ContrastPick {
  /** The section the passage is named by (the first side's). */
  section: Section;
  statements: Statement[];
  reading: Statement[];
}

/**
 * Stems of the words that ask for the contrast rather than name what it is about ("what's the main
 * practical difference between"): left out of the question's own aspect.
 */
const ASKING = new Set(
  [
    "difference",
    "different",
    "differ",
    "compare",
    "comparison",
    "contrast",
    "distinguish",
    "versus",
    "vs",
    "main",
    "key",
    "big",
    "biggest",
    "real",
    "actual",
    "practical",
    "exactly",
    "set",
    "apart",
    "distinction",
    "similar",
    "one",
    "ones",
  ].flatMap((w) => terms(w)),
);

/**
 * What the question asks of the two sides besides them ("… when I want to withdraw back to
 * mainnet": withdraw mainnet): its words, as written, that carry a term neither side's, nor the
 * asking's, nor the article's title's (its setting: "… under MiCA" in an article on MiCA); ""
 * when none.
 */
function aspectOf({ query, sides }: Asked, title: string): string {
  const known = new Set([...terms(`${sides.join(" ")} ${title}`), ...ASKING]);
  return query
    .split(/\s+/)
    .filter((word) => terms(word).some((t) => !known.has(t)))
    .join(" ");
}

/** Each section's terms (title, heading, text), kept once read: sections live as long as their index. */
const termsOfSection = new WeakMap<Section, Set<string>>();

/** The terms of `section` (its title, heading and text), read once. */
function sectionTerms(section: Section): Set<string> {
  let own = termsOfSection.get(section);
  if (!own) {
    own = new Set(terms(`${section.title} ${section.heading ?? ""} ${section.text}`));
    termsOfSection.set(section, own);
  }
  return own;
}

/** The best section of each article for `query`, by slug (hits come best first). */
function bestByArticle(hits: SectionHit[]): Map<string, SectionHit> {
  const best = new Map<string, SectionHit>();
  for (const hit of hits) if (!best.has(hit.section.slug)) best.set(hit.section.slug, hit);
  return best;
}

/** Each article's score as a share of the best article's (0 to 1). */
function shares(best: Map<string, SectionHit>): Map<string, number> {
  const top = Math.max(0, ...[...best.values()].map((h) => h.score));
  return new Map([...best].map(([slug, h]) => [slug, top > 0 ? h.score / top : 0]));
}

/** Whether `heading` holds every word of `side` (its stems): the section is about that side. */
function names(heading: string | null, side: string): boolean {
  if (heading === null) return false;
  const own = new Set(terms(heading));
  const wanted = terms(side);
  return wanted.length > 0 && wanted.every((t) => own.has(t));
}

/**
 * What an article says the first of `sides` is: the opening sentences of its section about that
 * side (a heading naming it: "Design one: rebasing balances"), else its sentences that best answer
 * the side, starting from the side's best section; with an aspect (aspectOf), the sentences that
 * best answer the side and the aspect together. A sentence naming the other side too compares
 * them and is left to `contrasting`. At most DEFINING.
 */
function defining(
  index: ResearchIndex,
  hit: SectionHit,
  sides: [string, string],
  asked: Asked,
): Statement[] {
  const [side, other] = sides;
  const aspect = aspectOf(asked, hit.section.title);
  const own = index.sectionsOf(hit.section.slug).find((s) => names(s.heading, side));
  const alone = (st: Statement) => !said(st.text, other, side);
  const opening = own && aspect === "" ? index.statementsOf(own).filter(alone) : [];
  if (opening.length > 0) return opening.slice(0, DEFINING);
  const query = `${side} ${aspect}`.trim();
  const answering = index.answering(own ?? hit.section, query, DEFINING * 2);
  return answering.filter(alone).slice(0, DEFINING);
}

/** A side's own words: its stems the other side lacks ("optimistic rollups" vs "zk rollups": optimist). */
function ownTerms(side: string, other: string): Set<string> {
  const others = new Set(terms(other));
  const own = terms(side).filter((t) => !others.has(t));
  return new Set(own.length > 0 ? own : terms(side));
}

/**
 * The article's sentence, not yet taken, that best answers the question and names each side (a
 * word of each side's own), itself or with the sentence before or after it ("Most bridges ask
 * users to trust signers. IBC takes a different route"): what sets them apart; null when none.
 */
function contrasting(
  index: ResearchIndex,
  section: Section,
  query: string,
  sides: [string, string],
  taken: Statement[],
): Statement | null {
  const candidates = index.answering(section, `${sides.join(" ")} ${query}`, CONTRASTING);
  const withNeighbours = (st: Statement) => {
    const own = index.statementsOf(st.section);
    const at = own.indexOf(st);
    return [own[at - 1], st, own[at + 1]].map((n) => n?.text ?? "");
  };
  const sets = (st: Statement) => {
    if (namesBoth(st.text, sides)) return true;
    const [before, , after] = withNeighbours(st);
    return [before, after].some((n) => namesBoth(`${st.text} ${n}`, sides));
  };
  return candidates.find((st) => !taken.includes(st) && sets(st)) ?? null;
}

/**
 * Whether `text` names both sides of a contrast: a word of each side's own (one the other side
 * lacks), by stems.
 */
function namesBoth(text: string, sides: readonly string[]): boolean {
  const [a = "", b = ""] = sides;
  return said(text, a, b) && said(text, b, a);
}

/** Whether `text` names `side`: a word of its own, one `other` lacks. */
function said(text: string, side: string, other: string): boolean {
  const own = new Set(terms(text));
  return [...ownTerms(side, other)].some((t) => own.has(t));
}

/** What the contrast reads of the question: the query (its words) and its two sides. */
interface Asked {
  query: string;
  sides: [string, string];
}

/** A contrast asked of the index: the question, its sides, and the sections found for the whole query. */
export interface ContrastAsked extends Asked {
  hits: SectionHit[];
}

/** The two sides the other way round: the second first. */
const swapped = ([a, b]: [string, string]): [string, string] => [b, a];

/**
 * An article quoted for its sides (`hits`, one per side it covers: both, or the first only): by
 * importance the first sentence saying what each side is, the sentence that sets them apart, then
 * each side's second; read as the first side's, the second's, then the contrast.
 */
function picked(index: ResearchIndex, hits: SectionHit[], asked: Asked): ContrastPick {
  const { query, sides } = asked;
  const [hitA, hitB] = hits;
  const a = defining(index, hitA!, sides, asked);
  const b = hitB
    ? defining(index, hitB, swapped(sides), asked).filter((st) => !a.includes(st))
    : [];
  const apart = contrasting(index, hitA!.section, query, sides, [...a, ...b]);
  const reading = [...a, ...b, ...(apart ? [apart] : [])];
  const first = [a[0], b[0], apart].filter((st): st is Statement => Boolean(st));
  const statements = [...first, ...reading.filter((st) => !first.includes(st))];
  return { section: a[0]?.section ?? hitA!.section, statements, reading };
}

/**
 * The articles that answer "the difference between `sides[0]` and `sides[1]`" (`query`, the
 * question's words, with `hits`, its sections found), best first: each side is searched on its own (SIDE_SECTIONS sections) and
 * every article scored by its best section for each that holds a word of the side's own, as a share of the best article's for that
 * side. An article whose lower share reaches BOTH_SHARE explains both, and the one of them that
 * covers both best (its lower share, times the mean of 1 and its share of the whole question) is
 * quoted for both, so an article explaining each side in a section of its own outranks one
 * sentence naming both. Otherwise each side is quoted from the article that covers it best (and
 * its sentence naming both, if any), the first side first. [] when a side is found nowhere.
 */
export function contrastPicks(
  index: ResearchIndex,
  { query, sides, hits }: ContrastAsked,
): ContrastPick[] {
  const [byA, byB] = [sides, swapped(sides)].map(([side, other]) => {
    // A section holding only the words both sides share ("model") speaks of neither.
    const own = ownTerms(side, other);
    const found = index.search(side, SIDE_SECTIONS).filter((h) => {
      const words = sectionTerms(h.section);
      return [...own].some((t) => words.has(t));
    });
    return bestByArticle(found);
  }) as [Map<string, SectionHit>, Map<string, SectionHit>];
  if (byA.size === 0 || byB.size === 0) return [];
  const [shareA, shareB] = [shares(byA), shares(byB)];
  const whole = shares(bestByArticle(hits));
  const covering = [...byA.keys()]
    .map((slug) => ({ slug, lower: Math.min(shareA.get(slug) ?? 0, shareB.get(slug) ?? 0) }))
    .filter((c) => c.lower >= BOTH_SHARE)
    .map((c) => ({ ...c, score: (c.lower * (1 + (whole.get(c.slug) ?? 0))) / 2 }))
    .sort((x, y) => y.score - x.score);
  const asked = { query, sides };
  const top = covering[0];
  if (top) return [picked(index, [byA.get(top.slug)!, byB.get(top.slug)!], asked)];
  // The best article of each side is another's (the best of both would have been quoted for both).
  const [hitA, hitB] = [[...byA.values()][0]!, [...byB.values()][0]!];
  const second = { query, sides: swapped(sides) };
  return [picked(index, [hitA], asked), picked(index, [hitB], second)];
}

/**
 * The passages of a contrast (contrastPicks), numbered from 1: each article's sentences by
 * importance, as many as fit, read in their order; [] when a side is found nowhere.
 */
export function contrastPassages(index: ResearchIndex, asked: ContrastAsked): ResearchPassage[] {
  return contrastPicks(index, asked).map((pick, i) => {
    const kept = new Set(fitting(pick.statements));
    const read = pick.reading.filter((st) => kept.has(st)).map((st) => st.text);
    const sentences =
      read.length > 0 ? read : index.statementsOf(pick.section).map((st) => st.text);
    return passage(pick.section, sentences, i + 1);
  });
}
