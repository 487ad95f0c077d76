// Research questions that ask for one kind of sentence (eval class R2,
// docs/product/max.md#eval-classes): a reason, a figure, a contrast, where something ends up or how
// something is stopped, the point being a sentence of that kind; written later than
// research-points.ts by another helper, from the articles alone, without the code or the
// held-out set.
import type { EvalCase } from "../cases.ts";
import { point } from "./build.ts";

/** Questions whose answers must say a reason, a figure, a contrast or a destination. */
export const ANSWER_KIND_QUESTIONS: EvalCase[] = [
  point(
    "whats the point of capping how many validators can leave ethereum each epoch? seems annoying if u want out fast",
    ["ethereum-staking-withdrawals-explained"],
    [["finality guarantees", "change slowly", "before being penalised"]],
  ),
  point(
    "why do rebasing staking tokens mess up defi contracts",
    ["liquid-staking-tokens-on-ethereum"],
    [["deposit time", "change on their own", "break accounting", "nobody can claim"]],
  ),
  point(
    "why does eth burn the base fee instead of just handing it to whoever makes the block?",
    ["intro-to-ether"],
    [["for free", "manipulate transactions", "raise the base fee", "refund the base fee"]],
  ),
  point(
    "if paying the base fee already makes my tx valid whats the reason for adding a tip on top",
    ["gas"],
    [["empty blocks", "no incentive", "incentivizes validators"]],
  ),
  point(
    "why are bitcoin devs saying wallets should stop signalling rbf in nsequence",
    ["bitcoin-optech-newsletter-2026-06-19"],
    [["fingerprint"], ["full rbf", "regardless of its"]],
  ),
  point(
    "what was so wrong with testnet4 that they want to make a testnet5",
    ["bitcoin-optech-newsletter-2026-06-12"],
    [["difficulty exception", "20-minute rule", "block storms"]],
  ),
  point(
    "why cant an nft contract just take its royalty cut itself on every resale",
    ["nft-royalties-after-optional-enforcement"],
    [["cannot observe", "whether a sale happened", "from a gift"]],
  ),
  point(
    "why did some miners refuse the dao fork back in 2016",
    ["history"],
    [["defect in the protocol"]],
  ),
  point(
    "if blob data gets deleted after ~18 days how come rollups are still safe? whats the reasoning there",
    ["roadmap-dencun"],
    [["7 days", "withdrawal period", "challenge periods"]],
  ),
  point(
    "how much electricity does ethereum actually use per year now that its proof of stake",
    ["energy-consumption"],
    [["2,601", "0.0026"]],
  ),
  point(
    "by how much did the merge cut the amount of new eth being issued",
    ["roadmap-merge-issuance"],
    [["88%"]],
  ),
  point(
    "how big does bitcoin core let its mempool get by default",
    ["bitcoin-fees-and-the-mempool"],
    [["300 MB"]],
  ),
  point(
    "what inflation rate is solana supposed to end up at long term",
    ["solana-validator-economics"],
    [["1.5%"]],
  ),
  point(
    "roughly what share of all eth is sitting in the weth contract?",
    ["wrapped-eth"],
    [["3%"]],
  ),
  point(
    "how many validator withdrawals can ethereum process per day at most",
    ["staking-withdrawals"],
    [["115,200"]],
  ),
  point(
    "how much btc was stolen because of the coldcard mk3 entropy bug",
    ["bitcoin-optech-newsletter-2026-07-31"],
    [["1,000"]],
  ),
  point(
    "how many blobs per block was dencun aiming for when it launched",
    ["daily-market-wrap-dencun-blobs"],
    [["3 blobs"]],
  ),
  point(
    "how much did bybit lose in that hack",
    ["weekly-newsletter-165-front-end-compromise"],
    [["1.5 billion"]],
  ),
  point(
    "optimistic vs zk rollups - whats the difference when i want to withdraw back to mainnet?",
    ["optimistic-and-zk-rollups-compared"],
    [
      ["seven days", "challenge window"],
      ["minutes to hours", "validity proof"],
    ],
  ),
  point(
    "fiat backed stablecoins vs crypto collateralised ones, how do they actually differ",
    ["stablecoin-design-tradeoffs"],
    [["reserves"], ["more collateral than debt", "over-collateralised"]],
  ),
  point(
    "trusted bridge vs trustless bridge?",
    ["bridges"],
    [["central entity"], ["smart contracts and algorithms", "underlying blockchain"]],
  ),
  point(
    "how is cosmos ibc different from most crosschain bridges when it comes to who you trust",
    ["cosmos-ibc-explained"],
    [["light client"], ["signers", "third party"]],
  ),
  point(
    "weak statelessness vs strong statelessness whats the diff",
    ["roadmap-statelessness"],
    [["block proposers"], ["witnesses", "moved to users"]],
  ),
  point(
    "fdv vs market cap - why are they so different for new tokens",
    ["token-unlocks-and-supply"],
    [["circulating supply"], ["total or maximum supply"]],
  ),
  point(
    "is arbitrage mev just as bad as sandwiching or whats the differnce",
    ["mev-transaction-ordering"],
    [
      ["benign", "keeps prices aligned"],
      ["extractive", "worse price", "harms the user"],
    ],
  ),
  point(
    "signing keys vs withdrawal keys when you stake through a staking service, how are they different",
    ["staking-saas"],
    [
      ["connected to the internet", "readily accessible"],
      ["one-time message", "cold storage"],
    ],
  ),
  point(
    "binary fuse filters vs the gcs from bip158 - what do fuse filters do better",
    ["bitcoin-optech-newsletter-2026-05-01"],
    [["O(1)", "speedup"]],
  ),
  point(
    "how would proposer builder separation actually stop block builders from censoring txs",
    ["roadmap-pbs"],
    [["inclusion list", "encrypted mempool"]],
  ),
  point(
    "on an optimistic rollup where do regular users txs go if theyre not the sequencer",
    ["scaling-optimistic-rollups"],
    [["separate inbox", "queued"]],
  ),
  point(
    "when u bridge a token to another chain where does the original token actually end up",
    ["bridge-security-models"],
    [["locked"], ["source chain"]],
  ),
  point(
    "how do defi lending pools stop getting fully borrowed out so depositors can still withdraw",
    ["daily-market-wrap-fees-and-funding"],
    [["kink"], ["steeply", "discourages new borrowing"]],
  ),
  point(
    "how do i avoid getting caught by address poisoning",
    ["practical-wallet-security"],
    [["full address", "address book"]],
  ),
  point(
    "what stops someone holding a third of the staked eth from blocking finality forever",
    ["consensus-mechanisms-pos"],
    [["inactivity leak"]],
  ),
  point(
    "how did lnd fix the bug where it forgot closed channels and a reorg could drain them",
    ["bitcoin-optech-newsletter-2026-08-21"],
    [["more confirmations", "six"]],
  ),
  point(
    "how was the lnd crash from zero-timestamp gossip messages fixed",
    ["bitcoin-optech-newsletter-2026-06-26"],
    [["rejecting gossip", "parse time"]],
  ),
  point(
    "how does riard's new proposal stop lightning channel jamming",
    ["bitcoin-optech-newsletter-2026-08-14"],
    [["withhold fee"]],
  ),
];
