// What a coin page adds to the figures (docs/product/markets.md#coin-page): our research and newsletters
// that mention the coin, newest first, and "Ask Max about {coin}" with the question ready.
import type { CoinPageArticle } from "@pragmatist/contracts";
import { Link } from "react-router";
import { SparkIcon } from "../../components/ui/icons.tsx";
import { formatLongDate } from "../../lib/format.ts";

/**
 * The question "Ask Max about {coin}" puts in Max's input: his own chip's wording for a coin's
 * figures (docs/product/max.md#assistant-chips), then our research, the coin named in both parts so
 * each is read as about it.
 */
export function askMaxQuestion(name: string): string {
  return `Give me the key market stats for ${name} and what our research says about ${name}`;
}

/** `/assistant?ask=…`: Max with the question about `name` ready to send. */
export function askMaxHref(name: string): string {
  return `/assistant?ask=${encodeURIComponent(askMaxQuestion(name))}`;
}

/** A list of articles as title links with their date, or `empty` when there is none. */
function ArticleLinks({ articles, empty }: { articles: CoinPageArticle[]; empty: string }) {
  if (articles.length === 0) return <p className="mt-2 text-sm text-muted">{empty}</p>;
  return (
    <ul className="mt-2 divide-y divide-line">
      {articles.map((a) => (
        <li key={a.id} className="py-2.5">
          <Link
            to={`/p/${encodeURIComponent(a.slug)}`}
            className="font-medium hover:text-accent hover:underline"
          >
            {a.title}
          </Link>
          <p className="mt-0.5 text-xs text-muted">
            <time dateTime={a.publishDate}>{formatLongDate(a.publishDate)}</time>
            {a.subTitle && ` · ${a.subTitle}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Our research on {coin}", then "Newsletters and market reports mentioning {coin}", each newest
 * first.
 */
export function CoinMentions(props: {
  name: string;
  research: CoinPageArticle[];
  newsletters: CoinPageArticle[];
}) {
  const { name } = props;
  return (
    <>
      <section aria-labelledby="coin-research">
        <h2 id="coin-research" className="text-lg font-semibold">
          Our research on {name}
        </h2>
        <ArticleLinks
          articles={props.research}
          empty={`None of our articles mentions ${name} yet.`}
        />
      </section>
      <section aria-labelledby="coin-newsletters">
        <h2 id="coin-newsletters" className="text-lg font-semibold">
          Newsletters and market reports mentioning {name}
        </h2>
        <ArticleLinks
          articles={props.newsletters}
          empty={`No newsletter or market report of ours mentions ${name} yet.`}
        />
      </section>
    </>
  );
}

/** The "Ask Max about {coin}" button: Max opens with the question in his input. */
export function AskMaxAboutCoin({ name }: { name: string }) {
  return (
    <Link
      to={askMaxHref(name)}
      className="inline-flex h-10 items-center gap-2 rounded-lg bg-accent px-4 font-semibold text-accent-ink hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <SparkIcon size={18} />
      Ask Max about {name}
    </Link>
  );
}
