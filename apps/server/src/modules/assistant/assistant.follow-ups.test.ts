// "Analyze your last message for valuable insights" over HTTP with the built-in offline model
// (eval class A7, docs/product/max.md#eval-classes, #assistant-chips): the chip analyses the answer
// just given, from the thread the server keeps for a visitor or a member.
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle, registerMember } from "../../testing/fixtures.ts";
import { type StreamedAnswer, readAnswer } from "../../testing/ui-stream.ts";
import { VISITOR_COOKIE } from "./assistant.routes.ts";

const ANALYSE_CHIP = "Analyze your last message for valuable insights";

/** The tool calls an answer made, as [tool name, input] in order. */
function toolInputs(answer: StreamedAnswer): Array<[string, unknown]> {
  return answer.message.parts.flatMap((p) =>
    p.type.startsWith("tool-") ? [[p.type.slice(5), (p as { input: unknown }).input]] : [],
  ) as Array<[string, unknown]>;
}

describe.each(engines)("the analyse chip on %s", (engine) => {
  const ctx = withTestApp(engine);
  let ipCount = 0;
  beforeAll(async () => {
    await insertArticle(ctx.db, {
      slug: "rollups-explained",
      title: "Rollups explained",
      content:
        "Rollups execute transactions off chain and post their data to Ethereum for security.",
    });
    await ctx.app.services.search.rebuild();
  });
  const ask = async (
    text: string,
    headers: Record<string, string> = {},
    context: { articleSlug?: string } = {},
  ) => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/assistant/chat",
      headers,
      remoteAddress: `10.88.0.${++ipCount}`,
      payload: { text, ...context },
    });
    return { res, answer: await readAnswer(res.body) };
  };

  it("analyses a visitor's answer about an article, spending the second credit", async () => {
    const onArticle = { articleSlug: "rollups-explained" };
    const first = await ask("Summarise this article", {}, onArticle);
    expect(toolInputs(first.answer)).toEqual([
      ["searchResearch", { query: "Rollups explained", slug: "rollups-explained" }],
    ]);
    const cookie = first.res.cookies.find((c) => c.name === VISITOR_COOKIE)!;
    const headers = { cookie: `${VISITOR_COOKIE}=${cookie.value}` };

    const { answer } = await ask(ANALYSE_CHIP, headers, onArticle);
    expect(answer.text).not.toMatch(/no earlier answer/i);
    expect(toolInputs(answer)).toEqual(toolInputs(first.answer));
    expect(answer.text).toContain("(/p/rollups-explained)");
    expect(answer.message.metadata?.credits).toEqual({ used: 2, limit: 2, remaining: 0 });
  });

  it("analyses the follow-up it was given, not an older answer", async () => {
    const m = await registerMember((o) => ctx.app.inject(o));
    const older = await ask("How did ETH do over the last 90 days?", m.auth);
    const latest = await ask("and over the last 180 days?", m.auth);
    expect(toolInputs(latest.answer)).toEqual([["getOhlc", { query: "ethereum", days: 180 }]]);
    expect(toolInputs(latest.answer)).not.toEqual(toolInputs(older.answer));

    const { answer } = await ask(ANALYSE_CHIP, m.auth);
    // The history keeps text only: the 180-day question is read again after the one before it.
    expect(toolInputs(answer)).toEqual(toolInputs(latest.answer));
    expect(answer.text).toContain("180 days");
    // What the analysis adds to the plain answer.
    expect(answer.text).toMatch(/Largest drawdown/);
  });

  it("does not reach back past a text-only answer to analyse an older one", async () => {
    const m = await registerMember((o) => ctx.app.inject(o));
    await ask("Give me the key market stats for Bitcoin", m.auth);
    await ask("Hello Max, are you a bot?", m.auth);
    const { answer } = await ask(ANALYSE_CHIP, m.auth);
    expect(answer.message.parts.some((p) => p.type.startsWith("tool-"))).toBe(false);
    expect(answer.text).toMatch(/^I have no figures or research of mine to analyse yet/);
  });
});

describe.each(engines)("Ask Max about this article on %s", (engine) => {
  const ctx = withTestApp(engine);
  beforeAll(async () => {
    await insertArticle(ctx.db, {
      slug: "validator-duties",
      title: "What a validator does all day",
      content: [
        "Validators keep the chain moving by proposing and attesting to blocks.",
        "## Proposing",
        "A validator chosen for a slot gathers transactions into a block and signs it.",
        "## Attesting",
        "Every epoch each validator votes on the head of the chain and on checkpoints.",
        "## Penalties",
        "Missing duties costs small penalties, while signing two conflicting blocks is slashed.",
      ].join("\n\n"),
    });
  });

  it("summarises the article across its sections, not its first paragraph alone", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/assistant/chat",
      remoteAddress: "10.89.0.1",
      payload: { text: "Summarise this article", articleSlug: "validator-duties" },
    });
    const { text } = await readAnswer(res.body);
    expect(text).toMatch(/^Key points of \*\*What a validator does all day\*\*:/);
    for (const point of ["proposing and attesting", "signs it", "votes on the head", "slashed"]) {
      expect(text).toContain(point);
    }
    expect(text).toContain("(/p/validator-duties) › Penalties");
  });
});
