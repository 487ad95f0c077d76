// Max's research over the real library (docs/product/max.md#max-research): the ~70 imported
// ethereum.org and Bitcoin Optech articles plus the demo content, asked through the chat API with
// the offline model, on each engine. A topic with its own article gets that article first, the
// passage from its matching section, and a short synthesis with [n] citations to /p/{slug}.
import fs from "node:fs";
import path from "node:path";
import type { ResearchResults } from "@pragmatist/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { needs, noteSkipped } from "../../testing/shared-data.ts";
import { registerMember } from "../../testing/fixtures.ts";
import { readAnswer } from "../../testing/ui-stream.ts";
import { importFolder } from "../importer/importer.service.ts";
import {
  demoDir,
  hasShared,
  quiet,
  sharedArticles,
  storage,
} from "../importer/importer.test-fixtures.ts";

/** A question about a topic that has its own article, and what a reader must get. */
interface Case {
  question: string;
  /** The article about the topic, first among the passages. */
  slug: string;
  /** The heading of the matching section, or null for the opening under a matching title. */
  section: RegExp | null;
  /** What the first passage says. */
  passage: RegExp;
}

const CASES: Case[] = [
  {
    question: "How do optimistic rollups work?",
    slug: "scaling-optimistic-rollups",
    section: /optimistic rollup/i,
    passage: /optimistic rollup/i,
  },
  {
    question: "What is MEV?",
    slug: "mev",
    section: null,
    passage: /^Maximal extractable value \(MEV\) refers to/,
  },
  {
    question: "Explain proof of stake",
    slug: "consensus-mechanisms-pos",
    section: /proof-of-stake/i,
    passage: /^Proof-of-stake is/,
  },
  {
    question: "How do I revoke a token approval?",
    slug: "guides-how-to-revoke-token-access",
    section: null,
    passage: /token/i,
  },
  {
    question: "What was the Dencun upgrade?",
    slug: "roadmap-dencun",
    section: null,
    passage: /^Cancun-Deneb \(Dencun\) is an upgrade/,
  },
  {
    question: "What is a DAO?",
    slug: "dao",
    section: /DAO/,
    passage: /^A DAO is/,
  },
];

/** The newest Optech newsletter's slug, from the shared files' dates. */
function newestOptech(): string {
  const files = fs.readdirSync(path.join(sharedArticles, "bitcoin-optech-newsletters")).sort();
  return `bitcoin-optech-newsletter-${files[files.length - 1]!.slice(0, 10)}`;
}

/** The sentences of an answer's paragraph (split after . ! ? before a capital or a quote). */
function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?])\s+(?=["“(]?[A-Z])/).filter((s) => s.trim() !== "");
}

noteSkipped(hasShared, "Max's research on the imported library", "articles");

describe.skipIf(!hasShared).each(engines)(
  `Max's research on the imported library, %s ${needs("articles")}`,
  (engine) => {
    const ctx = withTestApp(engine);
    let auth: Record<string, string>;

    beforeAll(async () => {
      const services = ctx.app.services;
      await importFolder(services, sharedArticles, { storage, log: quiet });
      await importFolder(services, demoDir, { storage, log: quiet });
      // As the server does once it listens (main.ts): these cases are about the whole library read.
      await services.assistant.searchResearch.warm();
      auth = (await registerMember((o) => ctx.app.inject(o))).auth;
    }, 300_000);

    /** Asks Max as a member; the answer's text and its research results. */
    async function ask(question: string) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/assistant/chat",
        headers: auth,
        payload: { text: question },
      });
      expect(res.statusCode).toBe(200);
      const answer = await readAnswer(res.body);
      const part = answer.message.parts.find((p) => p.type === "tool-searchResearch");
      expect(part, `${question}: no research search`).toMatchObject({ state: "output-available" });
      const results = (part as unknown as { output: ResearchResults }).output;
      const [paragraph = "", sources = ""] = answer.text.split("\n\n**Sources**\n");
      return { text: answer.text, paragraph, sources, results };
    }

    it.each(CASES)("$question: the article about it, from its matching section", async (c) => {
      const { paragraph, sources, results } = await ask(c.question);
      const [first] = results.passages;
      expect(first?.slug).toBe(c.slug);
      if (c.section) expect(first?.section).toMatch(c.section);
      else expect(first?.section).toBeNull();
      expect(first?.excerpt).toMatch(c.passage);
      // A short synthesis of the articles' own sentences, cited [n], not a list of openings.
      const said = sentences(paragraph);
      expect(said.length, paragraph).toBeGreaterThanOrEqual(3);
      expect(said.length, paragraph).toBeLessThanOrEqual(6);
      expect(paragraph).not.toMatch(/^\s*[-*] /m);
      expect(paragraph).toMatch(/^[^\n]+ \[1\]\./);
      expect(paragraph).toContain(first!.excerpt.split(/(?<=\.)\s/)[0]!.slice(0, 60));
      expect(sources).toMatch(new RegExp(`^1\\. \\[[^\\]]+\\]\\(/p/${c.slug}\\)`, "m"));
      // Never the question pasted back as a topic.
      expect(paragraph).not.toMatch(/research says about|our research on/i);
      expect(paragraph).not.toContain(`**${results.query}**`);
    });

    it("answers what's in the latest Optech newsletter from the newest issue, newest first", async () => {
      const { paragraph, sources, results } = await ask("What's in the latest Optech newsletter?");
      const newest = newestOptech();
      expect(results.order).toBe("newest");
      expect(results.passages[0]?.slug).toBe(newest);
      const dates = results.passages.map((p) => p.publishDate);
      expect(dates).toEqual([...dates].sort().reverse());
      const issue = await ctx.app.services.articles.findBySlug(newest);
      const title = issue!.attributes.title.replace("#", "\\#");
      expect(paragraph.startsWith(`The latest issue in our library is **${title}**`)).toBe(true);
      expect(sentences(paragraph).length).toBeGreaterThanOrEqual(3);
      expect(sentences(paragraph).length).toBeLessThanOrEqual(6);
      expect(paragraph).toContain(issue!.attributes.subTitle.slice(0, 60));
      expect(sources).toMatch(new RegExp(`^1\\. \\[[^\\]]+\\]\\(/p/${newest}\\)`, "m"));
    });
  },
);
