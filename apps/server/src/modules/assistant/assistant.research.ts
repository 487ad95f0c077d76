// Max's research: passages of the publication's own articles for a query, from a BM25 index of their
// sections (assistant.research-index.ts), each the sentences that best answer it; and the article in
// context.
import type { ResearchPassage, ResearchResults } from "@pragmatist/contracts";
import type { ArticleContext } from "./assistant.prompt.ts";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import {
  createResearchIndexBuilder,
  type ResearchIndex,
  type ResearchIndexBuilder,
  type Section,
  type SectionHit,
} from "./assistant.research-index.ts";
import { terms } from "./assistant.research-words.ts";
import { PASSAGE_SENTENCES, fitting, passage } from "./assistant.research-passage.ts";
import { contrastPassages } from "./assistant.research-contrast.ts";
import type { AssistantDependencies } from "./assistant.types.ts";

/** Passages returned for one research search. */
const RESEARCH_PASSAGES = 4;
/** Sections read from the index for one search (several per article). */
const SECTIONS = 60;
/** The share of the best article's score another needs to be cited: below it, it only mentions the topic. */
const RELATED_SHARE = 0.25;
/** Articles read and indexed at a time (one keyset page), between which requests are answered. */
const BATCH = 50;
/**
 * How long a question waits for the first index of the library after a start before it is
 * answered from the articles read so far (a small library is read well within it).
 */
const WARMING_WAIT_MS = 5_000;
/** Words asking for the newest issue of a series ("the latest Optech newsletter"). */
const LATEST = new Set(["latest", "newest", "recent", "last", "current", "new"]);

type Articles = AssistantDependencies["articles"];

/** Reads the whole library into a new index, a keyset batch at a time, answering requests between batches. */
async function readLibrary(articles: Articles, builder: ResearchIndexBuilder): Promise<void> {
  for await (const batch of articles.eachPublished(BATCH)) {
    builder.add(batch);
    // Indexing is CPU work: let requests in between batches.
    await nextTurn();
  }
}

/**
 * The passage of an article for `query`: a section about the query as a whole quoted from its
 * beginning, reading on into the next sections when it is short; otherwise the article's sentences
 * that best answer the query, from any of its sections, in reading order (the section named is the
 * best sentence's); the section's opening sentences when none matches.
 */
function passageOf(
  index: ResearchIndex,
  section: Section,
  query: string,
  n: number,
): ResearchPassage {
  const about = aboutQuery(section, query);
  const answering = about ? [] : index.answering(section, query, PASSAGE_SENTENCES);
  const from = answering[0]?.section ?? section;
  const sentences =
    answering.length > 0
      ? fitting(answering)
          .sort((a, b) => a.position - b.position)
          .map((s) => s.text)
      : index
          .sectionsOf(section.slug)
          .filter((s) => s.id >= section.id)
          .flatMap((s) => index.statementsOf(s).map((st) => st.text));
  return passage(from, sentences, n);
}

/** Numbered passages from sections, one per article (passageOf). */
function passagesOf(index: ResearchIndex, sections: Section[], query: string): ResearchPassage[] {
  return sections.map((section, i) => passageOf(index, section, query, i + 1));
}

/**
 * The share of a query's words (weighed by rarity) the best article must speak of to be cited:
 * below it, the library has nothing on the question ("explain photosynthesis").
 */
const RELEVANT_COVERAGE = 0.15;

/**
 * The share of the best article's best sentence score another article's best sentence needs to be
 * cited beside it: a long article sharing a few words of the question across sections (a newsletter
 * that "prints" a "network" identifier) says nothing on it in any one sentence.
 */
const SENTENCE_SHARE = 0.5;

/**
 * The best section of each article for `query`, best article first, related ones only: articles
 * ranked by their best section (BM25 with title boosts), cited when near the best one's score and
 * when one of their sentences answers nearly as well as the best one's.
 */
function bestSections(
  index: ResearchIndex,
  query: string,
  hits = index.search(query, SECTIONS),
): Section[] {
  const best: SectionHit[] = [];
  for (const hit of hits) {
    if (!best.some((b) => b.section.slug === hit.section.slug)) best.push(hit);
  }
  const top = best[0];
  if (!top || index.coverage(top.section.slug, query) < RELEVANT_COVERAGE) return [];
  const bySentence = new Map<string, number>();
  for (const hit of index.statements(query, SECTIONS)) {
    const slug = hit.statement.section.slug;
    if (!bySentence.has(slug)) bySentence.set(slug, hit.score);
  }
  const sentenceFloor = (bySentence.get(top.section.slug) ?? 0) * SENTENCE_SHARE;
  const floor = top.score * RELATED_SHARE;
  return best
    .filter(
      (h) =>
        h === top || (h.score >= floor && (bySentence.get(h.section.slug) ?? 0) >= sentenceFloor),
    )
    .slice(0, RESEARCH_PASSAGES)
    .map((h) => topicSection(index, h.section, query) ?? h.section);
}

/**
 * The passages for "the difference between A and B" (`sides`, assistant.research-contrast.ts):
 * the article or two quoted for the sides, then the other related articles of `query` (bestSections);
 * [] when the library has nothing on it (RELEVANT_COVERAGE).
 */
function contrasted(index: ResearchIndex, query: string, sides: [string, string]) {
  const hits = index.search(query, SECTIONS);
  const quoted = contrastPassages(index, { query, sides, hits });
  const first = quoted[0];
  if (!first || index.coverage(first.slug, query) < RELEVANT_COVERAGE) return [];
  const used = new Set(quoted.map((p) => p.slug));
  const related = bestSections(index, query, hits)
    .filter((s) => !used.has(s.slug))
    .slice(0, RESEARCH_PASSAGES - quoted.length);
  return [...quoted, ...related.map((s, i) => passageOf(index, s, query, quoted.length + i + 1))];
}

/** Whether a section is about the query as a whole: its heading holds it, or (the opening) its title a third of it. */
function aboutQuery(section: Section, query: string): boolean {
  return section.heading === null
    ? definitional(query) && share(section.title, query) >= TITLE_SHARE
    : holdsQuery(section.heading, query);
}

/** Whether `text` holds every word of the query (its stems). */
function holdsQuery(text: string, query: string): boolean {
  const own = new Set(terms(text));
  const asked = terms(query);
  return asked.length > 0 && asked.every((t) => own.has(t));
}

/**
 * Whether a query names a topic rather than asks something particular about it: three words or
 * fewer ("What is a DAO?", "revoke a token approval"); a longer one ("does a proof of reserves
 * mean it's solvent?") is answered by the sentences that match it.
 */
function definitional(query: string): boolean {
  return terms(query).length <= 3;
}

/** The share of the query's words a title must hold for its opening to answer the question. */
const TITLE_SHARE = 1 / 3;

/** The share of `text`'s own words that are words of the query (0 to 1): how much it is about it. */
function focus(text: string, query: string): number {
  const asked = new Set(terms(query));
  const own = terms(text);
  return own.length > 0 ? own.filter((t) => asked.has(t)).length / own.length : 0;
}

/** A title's focus on the query: "Maximal extractable value (MEV)" is wholly about "MEV". */
function titleFocus(title: string, query: string): number {
  const open = title.lastIndexOf("(");
  const short = open > 0 ? title.slice(open + 1, title.indexOf(")", open)) : "";
  const asked = new Set(terms(query));
  const named = short !== "" && terms(short).every((t) => asked.has(t));
  return Math.max(focus(title, query), named ? 1 : 0);
}

/** The share of the query's words `text` holds (0 to 1). */
function share(text: string, query: string): number {
  const own = new Set(terms(text));
  const asked = terms(query);
  return asked.length > 0 ? asked.filter((t) => own.has(t)).length / asked.length : 0;
}

/**
 * The section of an article that is about the query as a whole: the first whose heading holds
 * every word of it and is at least as much about it as the title ("What is a DAO?"); else the
 * opening when the title holds at least a third of its words ("Maximal extractable value (MEV)",
 * "Cancun-Deneb (Dencun)"); null when neither, and the best-matching section answers.
 */
function topicSection(index: ResearchIndex, hit: Section, query: string): Section | null {
  const sections = index.sectionsOf(hit.slug);
  const byTitle = titleFocus(hit.title, query);
  const headed = sections.find(
    (s) => s.heading !== null && holdsQuery(s.heading, query) && focus(s.heading, query) >= byTitle,
  );
  if (headed) return headed;
  return definitional(query) && share(hit.title, query) >= TITLE_SHARE
    ? (sections[0] ?? null)
    : null;
}

/** The words after "latest" read for the series' name ("latest weekly Bitcoin Optech newsletter"). */
const SERIES_WORDS = 4;

/**
 * The newest issues of the series a query asks the latest of, newest first, each with its opening:
 * the series whose names hold the longest run of words right after "latest" ("latest Optech
 * newsletter": Bitcoin Optech Newsletter; "latest newsletter": every newsletter); [] when the query
 * asks for no latest issue or no series is named ("how much did new ETH issuance drop").
 */
function latestIssues(index: ResearchIndex, query: string): Section[] {
  const words = query.split(/\s+/);
  const at = words.findIndex((w) => LATEST.has(w.toLowerCase().replace(/[^\p{L}]/gu, "")));
  if (at < 0) return [];
  const asked = terms(words.slice(at + 1, at + 1 + SERIES_WORDS).join(" "));
  for (let n = asked.length; n > 0; n -= 1) {
    const issues = index.series(asked.slice(0, n));
    if (issues.length > 0) {
      return issues
        .slice(0, RESEARCH_PASSAGES)
        .flatMap((article) => index.sectionsOf(article.slug)[0] ?? []);
    }
  }
  return [];
}

/**
 * Max's research search (the searchResearch tool, docs/product/max.md#max-research): an index of
 * every published article's sections, read in one keyset pass (ArticlesService.eachPublished) and
 * rebuilt in the background when the library changes (ArticlesService.librarySignature), the
 * previous index answering meanwhile; a query asking for the latest issue of a series lists its
 * issues newest first (`order: "newest"`), any other gets the best section of each related
 * article, best first, each passage the sentences of that section that best answer the query.
 * Until the first index is complete, a question waits up to `warmingWaitMs` (WARMING_WAIT_MS) for it, then is
 * answered from the articles read so far, saying how many (`warming`). Its `warm()` starts the
 * first index (the server calls it once it listens) and resolves when it is complete.
 */
export function createResearchSearch(
  articles: Articles,
  { warmingWaitMs = WARMING_WAIT_MS }: { warmingWaitMs?: number } = {},
) {
  /** The complete index answering questions, and the library it was read from. */
  let built: { index: ResearchIndex; signature: string } | null = null;
  /** The index being read, and the library it reads. */
  let building: { builder: ResearchIndexBuilder; signature: string; done: Promise<void> } | null =
    null;
  const complete = (): ResearchIndex | null => built?.index ?? null;

  /** Starts reading the library as it is at `signature` into a new index, unless one is reading. */
  function rebuild(signature: string): Promise<void> {
    if (building) return building.done;
    const builder = createResearchIndexBuilder();
    const done = readLibrary(articles, builder)
      .then(() => {
        built = { index: builder.index, signature };
      })
      .finally(() => {
        building = null;
      });
    building = { builder, signature, done };
    return done;
  }

  /** The index to answer from, with `warming` while the first one is still being read. */
  async function index(): Promise<{ index: ResearchIndex; warming?: ResearchResults["warming"] }> {
    const signature = await articles.librarySignature();
    if (built?.signature !== signature && building?.signature !== signature) {
      // A failed read is logged by whoever awaits it (warm()); the next question starts another.
      rebuild(signature).catch(() => {});
    }
    if (built) return { index: built.index };
    const first = building!;
    const waiting = new AbortController();
    await Promise.race([
      first.done.catch(() => {}),
      sleep(warmingWaitMs, undefined, { signal: waiting.signal }).catch(() => {}),
    ]);
    waiting.abort();
    const read = complete();
    if (read) return { index: read };
    return {
      index: first.builder.index,
      warming: { indexed: first.builder.size(), total: await articles.count() },
    };
  }

  async function searchResearch(
    query: string,
    slug?: string,
    sides?: string[],
  ): Promise<ResearchResults> {
    const { index: current, warming } = await index();
    const also = warming ? { warming } : {};
    const summary = slug ? articleSummary(current, slug) : [];
    if (summary.length > 0) return { query, order: "relevance", passages: summary, ...also };
    const contrast = sides?.length === 2 ? contrasted(current, query, [sides[0]!, sides[1]!]) : [];
    if (contrast.length > 0) {
      return { query, sides, order: "relevance", passages: contrast, ...also };
    }
    const latest = latestIssues(current, query);
    if (latest.length > 0) {
      // What an issue holds is said by its opening, in its own order.
      return { query, order: "newest", passages: passagesOf(current, latest, ""), ...also };
    }
    const sections = bestSections(current, query);
    return { query, order: "relevance", passages: passagesOf(current, sections, query), ...also };
  }

  /** Reads the library into the index now, so the first reader's research question does not wait for it. */
  searchResearch.warm = async (): Promise<void> => {
    await rebuild(await articles.librarySignature());
  };
  return searchResearch;
}

/** Sections quoted in the summary of the article in context ("Summarise this article"). */
const SUMMARY_SECTIONS = 4;

/**
 * The article with this slug (the one "Ask Max about this article" is asked from) as a summary:
 * its opening and its first headed sections, each quoted from its beginning, in reading order; []
 * when no published article has the slug.
 */
function articleSummary(index: ResearchIndex, slug: string): ResearchPassage[] {
  const sections = index
    .sectionsOf(slug)
    .filter((s) => index.statementsOf(s).length > 0)
    .slice(0, SUMMARY_SECTIONS);
  return sections.map((section, i) =>
    passage(
      section,
      index.statementsOf(section).map((st) => st.text),
      i + 1,
    ),
  );
}

/** The article of "Ask Max about this article" (title, slug, subtitle), or null when none or unknown. */
export async function articleContext(
  articles: Pick<Articles, "findBySlug">,
  slug: string | undefined,
): Promise<ArticleContext | null> {
  if (!slug) return null;
  const article = await articles.findBySlug(slug);
  return article
    ? {
        title: article.attributes.title,
        slug: article.attributes.slug,
        subTitle: article.attributes.subTitle,
      }
    : null;
}
