// Max over HTTP (docs/product/max.md#assistant): a visitor's 2 credits and the login message, the
// per-IP cap, forged and expired visitor cookies, and a member's rate limit.
import { randomUUID } from "node:crypto";
import { Signer } from "@fastify/cookie";
import { describe, expect, it } from "vitest";
import { engines, testConfig } from "../../testing/db.ts";
import { registerMember } from "../../testing/fixtures.ts";
import { readAnswer } from "../../testing/ui-stream.ts";
import { NOTHING_TO_ANALYSE_MESSAGE } from "./assistant.chat.ts";
import { CAPABILITIES } from "./assistant.prompt.ts";
import { CREDITS_USED_MESSAGE, MEMBER_MESSAGES } from "./assistant.service.ts";
import { VISITOR_COOKIE } from "./assistant.routes.ts";
import { textStep, toolCallStep, withScriptedMax } from "./assistant.test-kit.ts";

const ANALYSE_CHIP = "Analyze your last message for valuable insights";

describe.each(engines)("Max on %s", (engine) => {
  const { ctx, model, play, ask, history, freshIp } = withScriptedMax(engine);
  it("gives an anonymous visitor 2 answers, then the login message", async () => {
    play([() => textStep("An answer.")]);
    const ip = freshIp();
    const first = await ask("How do rollups work?", {}, { ip });
    const cookie = first.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    const headers = { cookie: `${VISITOR_COOKIE}=${cookie!.value}` };
    const a1 = await readAnswer(first.body);
    expect(a1.message.metadata?.credits).toEqual({ used: 1, limit: 2, remaining: 1 });
    const a2 = await readAnswer((await ask("Trending tokens?", headers, { ip })).body);
    expect(a2.message.metadata?.credits).toEqual({ used: 2, limit: 2, remaining: 0 });
    const calls = model.doStreamCalls.length;
    const a3 = await readAnswer((await ask("One more?", headers, { ip })).body);
    expect(a3.text).toBe(CREDITS_USED_MESSAGE);
    expect(a3.message.metadata?.limited).toBe(true);
    expect(model.doStreamCalls.length).toBe(calls);
    // The visitor's history is theirs (by cookie) and shows 0 / 2 left.
    const h = await history(headers);
    expect(h.credits).toEqual({ used: 2, limit: 2, remaining: 0 });
    expect(h.messages).toHaveLength(4);
    // Clearing the history does not give credits back.
    await ctx.app.inject({ method: "DELETE", url: "/api/assistant/history", headers });
    expect((await history(headers)).messages).toHaveLength(0);
    expect((await history(headers)).credits?.remaining).toBe(0);
  });

  it("answers the analyse chip for free, without the model, when no answer holds data", async () => {
    const ip = freshIp();
    // A new visitor: no answer at all yet.
    const first = await ask(ANALYSE_CHIP, {}, { ip });
    const cookie = first.cookies.find((c) => c.name === VISITOR_COOKIE)!;
    const headers = { cookie: `${VISITOR_COOKIE}=${cookie.value}` };
    const calls = model.doStreamCalls.length;
    const free = await readAnswer(first.body);
    expect(free.text).toBe(NOTHING_TO_ANALYSE_MESSAGE);
    expect(free.message.metadata?.credits).toEqual({ used: 0, limit: 2, remaining: 2 });
    // An answer of text only (a greeting) holds nothing to analyse either.
    play([() => textStep("Hello, I'm Max.")]);
    await readAnswer((await ask("Hello Max", headers, { ip })).body);
    const again = await readAnswer((await ask(ANALYSE_CHIP, headers, { ip })).body);
    expect(again.text).toBe(NOTHING_TO_ANALYSE_MESSAGE);
    expect(again.message.metadata?.credits).toEqual({ used: 1, limit: 2, remaining: 1 });
    expect(model.doStreamCalls.length).toBe(calls + 1);
    // The free replies are not stored: the thread holds the one question and its answer.
    expect((await history(headers)).messages).toHaveLength(2);
    // After an answer with market data the chip is a question like any other: it costs a credit
    // (here the visitor's last one is gone, so the login message answers).
    play([
      () => toolCallStep("getTokenData", { query: "solana" }),
      () => textStep("Solana is at its price."),
    ]);
    await readAnswer((await ask("Solana price?", headers, { ip })).body);
    const analysed = await readAnswer((await ask(ANALYSE_CHIP, headers, { ip })).body);
    expect(analysed.text).toBe(CREDITS_USED_MESSAGE);
    expect(analysed.message.metadata?.limited).toBe(true);
  });

  it("answers 'What can you do?' for free, without the model, and does not store it", async () => {
    const ip = freshIp();
    const calls = model.doStreamCalls.length;
    const first = await ask("What can you do?", {}, { ip });
    const cookie = first.cookies.find((c) => c.name === VISITOR_COOKIE)!;
    const headers = { cookie: `${VISITOR_COOKIE}=${cookie.value}` };
    const answer = await readAnswer(first.body);
    expect(answer.text).toBe(CAPABILITIES);
    expect(answer.message.metadata?.credits).toEqual({ used: 0, limit: 2, remaining: 2 });
    const rephrased = await readAnswer((await ask("what can I ask you", headers, { ip })).body);
    expect(rephrased.text).toBe(CAPABILITIES);
    expect(model.doStreamCalls.length).toBe(calls);
    expect((await history(headers)).messages).toHaveLength(0);
  });

  it("caps one IP address however many cookies it throws away", async () => {
    play([() => textStep("An answer.")]);
    const ip = freshIp();
    let limited = 0;
    for (let i = 0; i < 12; i++) {
      for (const q of ["First question", "Second question"]) {
        const res = await ask(q, {}, { ip }); // no cookie: a "new visitor" every time
        const a = await readAnswer(res.body);
        if (a.message.metadata?.limited) limited += 1;
      }
    }
    expect(limited).toBe(24 - 20);
  });

  it("ignores a forged visitor cookie", async () => {
    play([() => textStep("An answer.")]);
    const res = await ask(
      "Hello there",
      { cookie: `${VISITOR_COOKIE}=someone-else.forged` },
      { ip: freshIp() },
    );
    const issued = res.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(issued?.value).toBeTruthy();
    expect(issued!.value).not.toContain("someone-else");
  });

  it("refuses a visitor cookie past its year, from the future or without its issue time", async () => {
    play([() => textStep("An answer.")]);
    // Signed with the server's real key (testConfig's secret), so only the issue time is wrong.
    const signer = new Signer(`${String(testConfig().appSecret)}:assistant-visitor`);
    const id = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const cookie = (value: string) => ({ cookie: `${VISITOR_COOKIE}=${signer.sign(value)}` });
    for (const value of [`${id}.${now - 366 * 24 * 3600}`, `${id}.${now + 3600}`, id]) {
      const res = await ask("Hello there", cookie(value), { ip: freshIp() });
      const issued = res.cookies.find((c) => c.name === VISITOR_COOKIE);
      expect(issued?.value, value).toBeTruthy();
      expect(issued!.value, value).not.toContain(id);
      expect(issued!.value).toMatch(/^[0-9a-f-]{36}\.\d+\./);
    }
    // Within its year it is the same visitor: no new cookie.
    const fresh = await ask("Hello there", cookie(`${id}.${now - 364 * 24 * 3600}`), {
      ip: freshIp(),
    });
    expect(fresh.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();
  });

  it("rate-limits a member and validates the question", async () => {
    const m = await registerMember((o) => ctx.app.inject(o));
    play([() => textStep("ok")]);
    const tooShort = await ask("x", m.auth);
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({
      data: null,
      error: { status: 400, name: "ValidationError" },
    });
    for (let i = 0; i < MEMBER_MESSAGES; i++)
      expect((await ask(`question ${i}`, m.auth)).statusCode).toBe(200);
    const over = await ask("one too many", m.auth);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: { name: "RateLimitError" } });
  });
});
