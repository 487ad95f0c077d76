// Research phrasings (eval class A6, docs/product/max.md#eval-classes): topics with an article of
// their own (its slug, whose title or headings are about the topic), typos and casing, and the
// latest issue of a series.
import type { EvalCase } from "../cases.ts";
import { latest, point, research } from "./build.ts";

const ROLLUPS_COMPARED = "optimistic-and-zk-rollups-compared";

/** Questions on topics the publication's research covers. */
export const RESEARCH_QUESTIONS: EvalCase[] = [
  research(
    "How do optimistic rollups handle fraud?",
    "scaling-optimistic-rollups",
    ROLLUPS_COMPARED,
  ),
  research("explain zk rollups to me", "scaling-zk-rollups", ROLLUPS_COMPARED),
  research("what is danksharding", "roadmap-danksharding"),
  research("what comes after Dencun for Ethereum scaling?", "roadmap-danksharding"),
  research("how is FDV different from market cap?", "token-unlocks-and-supply"),
  research("Why is there an Ethereum Classic at all?", "history", "governance"),
  research("What changed with Dencun?", "roadmap-dencun", "daily-market-wrap-dencun-blobs"),
  research("how does proof of stake work on ethereum", "consensus-mechanisms-pos"),
  research("What was the Merge?", "roadmap-merge"),
  research("How did the Merge change ETH issuance?", "roadmap-merge-issuance"),
  research("WHAT IS MEV", "mev", "mev-transaction-ordering"),
  research("Explain proposer-builder separation", "roadmap-pbs"),
  research("How do I solo stake my ETH?", "staking-solo"),
  research("what is pooled staking", "staking-pools"),
  research(
    "how do staking withdrawals work",
    "staking-withdrawals",
    "ethereum-staking-withdrawals-explained",
  ),
  research("What is distributed validator technology?", "staking-dvt"),
  research("staking as a service: what is it?", "staking-saas"),
  research(
    "liquid staking tokens: rebasing or reward-bearing?",
    "liquid-staking-tokens-on-ethereum",
  ),
  research("what's restaking and why is it risky", "restaking-risk-layers"),
  research("how do blockchain bridges work", "bridges", "bridge-security-models"),
  research("why do bridges keep getting hacked", "bridge-security-models", "bridges"),
  research("How do I bridge tokens to a layer 2?", "guides-how-to-use-a-bridge"),
  research("How can I spot a scam token?", "guides-how-to-id-scam-tokens"),
  research("how do i revoke token approvals", "guides-how-to-revoke-token-access"),
  research("what are gas fees on ethereum", "gas"),
  research("ERC-20 token standard explained", "standards-tokens-erc-20"),
  research("What is wrapped ether?", "wrapped-eth"),
  research("What do blockchain oracles do?", "oracles"),
  research("What is a DAO?", "dao"),
  research("defi explained", "defi"),
  research("explain zero-knowledge proofs", "zero-knowledge-proofs"),
  research(
    "What is account abstraction and ERC-4337?",
    "roadmap-account-abstraction",
    "account-abstraction-in-practice",
  ),
  research("What's single slot finality?", "roadmap-single-slot-finality"),
  research("what is statelessness and state expiry", "roadmap-statelessness"),
  research("How much energy does Ethereum use?", "energy-consumption"),
  research("What is the Beacon Chain?", "roadmap-beacon-chain"),
  research("How do different stablecoin designs keep their peg?", "stablecoin-design-tradeoffs"),
  research("What are MiCA's stablecoin rules?", "mica-stablecoin-rules"),
  research("How should I read spot bitcoin ETF flows?", "bitcoin-etf-flows-explained"),
  research("How do bitcoin fees and the mempool work?", "bitcoin-fees-and-the-mempool"),
  research("how does cosmos ibc move tokens between chains", "cosmos-ibc-explained"),
  research("Where does Solana validator revenue come from?", "solana-validator-economics"),
  research("What are token unlocks and why do they matter?", "token-unlocks-and-supply"),
  research("how do I judge a smart contract's risk", "reading-smart-contract-risk"),
  research("What is DePIN and how are its incentives designed?", "depin-incentive-design"),
  research("what happened to NFT royalties", "nft-royalties-after-optional-enforcement"),
  research("What is regenerative finance?", "refi"),
  research("What is Ethereum's roadmap?", "roadmap"),
  research("Tell me about the history of Ethereum's forks", "history"),
  research("How do I keep my wallet secure?", "practical-wallet-security", "security"),
  research("What is on-chain analytics good for?", "onchain-analytics-primer"),
  research("web2 vs web3: what's the difference?", "web2-vs-web3", "web3"),
  research("What is decentralised identity?", "decentralized-identity"),
  research("how do rollups scale ethereum", "scaling", "roadmap-scaling", ROLLUPS_COMPARED),
  research("what did the optech 2025 year in review cover", "bitcoin-optech-newsletter-2025-12-19"),
  // The point in the article's own words, which the question lacks ("returned", "sampling").
  point("how does an account get reimbursed for unused gas", ["gas"], [["returned"]]),
  point(
    "how do validators confirm that blob data was really published",
    ["roadmap-scaling", "roadmap-danksharding"],
    [["sampling"]],
  ),
  // "The difference between A and B": what each side is, from the article explaining both or
  // from each side's own (decision 013).
  point(
    "whats the difference between history expiry and state expiry",
    ["roadmap-statelessness"],
    [
      ["pruning", "older data"],
      ["removing state", "accessed recently"],
    ],
  ),
  point(
    "e-money tokens versus asset-referenced tokens under MiCA?",
    ["mica-stablecoin-rules"],
    [["single official currency"], ["basket", "anything else"]],
  ),
  point(
    "how is ERC-4337 different from EIP-7702",
    ["account-abstraction-in-practice"],
    [
      ["without changing", "new contract address"],
      ["same address", "existing contract"],
    ],
  ),
  point(
    "sidechain versus plasma chain - what sets them apart?",
    ["scaling"],
    [
      ["independent", "two-way bridges"],
      ["anchored", "fraud proofs"],
    ],
  ),
  point(
    "utxo model vs account model, how do they differ",
    ["onchain-analytics-primer"],
    [["consumes earlier outputs", "unspent transaction outputs"], ["has a balance"]],
  ),
  point(
    "solo staking vs pooled staking: what's the difference?",
    ["staking-solo", "staking-pools"],
    [
      ["32 ETH", "running an Ethereum node"],
      ["smaller amounts", "collaborative"],
    ],
  ),
  // The newest issue of a series comes first.
  latest("What's in the latest Bitcoin Optech newsletter?", "Bitcoin Optech Newsletter #"),
  latest("most recent optech newsletter", "Bitcoin Optech Newsletter #"),
  latest("whats in the newest optech newsletter", "Bitcoin Optech Newsletter #"),
  latest("What did your latest weekly newsletter say?", "Weekly Newsletter #"),
  latest("Summarise the most recent daily market wrap", "Daily Market Wrap:"),
  latest("latest weekly market report?", "Weekly Market Report:"),
];
