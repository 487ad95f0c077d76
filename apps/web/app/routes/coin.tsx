// A coin's page `/markets/{coin-id}` (docs/product/markets.md#coin-page): its figures and chart from the
// market service Max uses, our research and newsletters that mention it, and Ask Max.
import { publicationContext } from "@pragmatist/contracts";
import { useMemo } from "react";
import { data, Link } from "react-router";
import { packCandles, unpackCandles } from "../features/markets/candle-tuples.ts";
import { CoinChart } from "../features/markets/coin-chart.tsx";
import { CoinAbout, CoinHeader, CoinStats } from "../features/markets/coin-figures.tsx";
import { AskMaxAboutCoin, CoinMentions } from "../features/markets/coin-mentions.tsx";
import { coinIdOf, coinRangeOf } from "../features/markets/markets.server.ts";
import { StaticPart } from "../components/ui/static-part.tsx";
import { documentOnly } from "../lib/document-only.server.ts";
import { useDocumentData } from "../lib/document-only.ts";
import { pageMeta } from "../lib/meta.ts";
import { notFoundMeta, notFoundOf } from "../shell/not-found-data.ts";
import { PageErrorBoundary } from "../shell/page-error-boundary.tsx";
import { notFoundData } from "../shell/suggestions.server.ts";
import type { Route } from "./+types/coin";

/** The DocumentOnly key of what the page's static parts show: figures, about, articles. */
const COIN_DETAILS = "coin-details";

/**
 * The coin with this CoinGecko id, its history over `?range=` (7d, 30d, 90d (default), 1y, max)
 * and the articles mentioning it. `page` holds what the head's tags, Ask Max and the chart need
 * (the coin's id, name, symbol, date and price; the range; the candles, as tuples:
 * candle-tuples.ts); `details` what only the
 * static parts show (all the figures, the articles), which a document request keeps out of the
 * hydration data (null there: docs/decisions/026-static-parts-not-hydrated.md).
 * @throws a 404 response (the site's not-found page) for an unknown or malformed id or range.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const api = context.get(publicationContext);
  const id = coinIdOf(params.id);
  const range = coinRangeOf(new URL(request.url));
  const found = id && range ? await api.findCoinPage(id, range) : null;
  if (!found) throw data(await notFoundData(api, request), { status: 404 });
  const { coin, research, newsletters, history } = found;
  const { name, symbol, asOf, priceUsd } = coin;
  return {
    page: {
      range: found.range,
      history: packCandles(history),
      coin: { id: coin.id, name, symbol, asOf, priceUsd },
    },
    details: documentOnly(context, COIN_DETAILS, { coin, research, newsletters }),
  };
}

/**
 * "{Name} ({SYMBOL}) price, chart and research", a description with the dated price, the
 * canonical address (the default range's), the coin's own picture as og:image (1200 × 630,
 * `/api/markets/{id}/og.png`, docs/product/markets.md#coin-image), and JSON-LD: a WebPage about
 * the coin, with breadcrumbs Home › Market Data › coin.
 */
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return notFoundMeta(notFoundOf(error));
  const { coin } = loaderData.page;
  const path = `/markets/${encodeURIComponent(coin.id)}`;
  const name = `${coin.name} (${coin.symbol.toUpperCase()})`;
  const description = coinDescription(loaderData.page.coin);
  return pageMeta({
    matches,
    title: `${name} price, chart and research`,
    description,
    path,
    image: `/api/markets/${encodeURIComponent(coin.id)}/og.png`,
    extra: [
      { property: "og:image:type", content: "image/png" },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { property: "og:image:alt", content: `${name}: price, 24 h change and recent price line` },
    ],
    breadcrumbs: [
      { name: "Market Data", path: "/markets" },
      { name: coin.name, path },
    ],
    jsonLd: ({ url, image }) => [
      {
        "@type": "WebPage",
        name: `${name} price, chart and research`,
        description,
        url,
        ...(image ? { image } : {}),
        about: { "@type": "Thing", name: coin.name, alternateName: coin.symbol.toUpperCase() },
      },
    ],
  });
};

/** The meta description: what the page has, with the dated price when the data has one. */
function coinDescription(coin: Route.ComponentProps["loaderData"]["page"]["coin"]): string {
  const day = coin.asOf.slice(0, 10);
  const price =
    coin.priceUsd === null ? "" : ` Price $${coin.priceUsd.toLocaleString("en-US")} on ${day}.`;
  return `${coin.name} (${coin.symbol.toUpperCase()}): price, market cap, supply, all-time high and low, price chart, and our research and newsletters about it.${price}`;
}

/**
 * Breadcrumb, head, Ask Max, chart, figures, about, research and newsletters; the head, figures,
 * about and articles are StaticParts (docs/decisions/026-static-parts-not-hydrated.md).
 */
export default function CoinPage({ loaderData }: Route.ComponentProps) {
  const { coin, range } = loaderData.page;
  const history = useMemo(() => unpackCandles(loaderData.page.history), [loaderData.page.history]);
  // Null while the page hydrates: the static parts keep the server's markup and do not read it.
  const details = useDocumentData(COIN_DETAILS, loaderData.details);
  return (
    <div className="flex max-w-5xl flex-col gap-8 pb-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/markets" className="hover:text-accent hover:underline">
          Market Data
        </Link>{" "}
        › <span aria-current="page">{coin.name}</span>
      </nav>
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        {/* Figures and links, kept as the server rendered them when the page hydrates. */}
        <StaticPart deps={[loaderData.page]}>
          {details && <CoinHeader coin={details.coin} />}
        </StaticPart>
        <AskMaxAboutCoin name={coin.name} />
      </div>
      <CoinChart id={coin.id} name={coin.name} range={range} history={history} />
      <StaticPart deps={[loaderData.page]} className="contents">
        {details && (
          <>
            <CoinStats coin={details.coin} />
            <CoinAbout coin={details.coin} />
            <CoinMentions
              name={coin.name}
              research={details.research}
              newsletters={details.newsletters}
            />
          </>
        )}
      </StaticPart>
    </div>
  );
}

/** A 404 with suggestions for an unknown coin, else the error screen with a retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageErrorBoundary error={error} landmark={false} />;
}
