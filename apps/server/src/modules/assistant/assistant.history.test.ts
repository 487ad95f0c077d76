// Max over HTTP (docs/product/max.md#assistant): a member's history across devices and clearing it,
// the old client's /api/assistant-messages (docs/product/api.md#api-assistant), and erasing the
// conversation with the account.
import { describe, expect, it } from "vitest";
import { engines } from "../../testing/db.ts";
import { registerMember, type TestMember } from "../../testing/fixtures.ts";
import { textStep, withScriptedMax } from "./assistant.test-kit.ts";

describe.each(engines)("Max on %s", (engine) => {
  const { ctx, play, ask, history, freshIp } = withScriptedMax(engine);
  it("keeps a member's history across devices, clears it, and shares it with no one", async () => {
    const m: TestMember = await registerMember((o) => ctx.app.inject(o));
    const other = await registerMember((o) => ctx.app.inject(o));
    play([() => textStep("Remembered.")]);
    await ask("Remember this question", m.auth);
    // "Another device": a new sign-in gives a new token for the same member.
    const signIn = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { identifier: m.email, password: "a long enough passphrase" },
      remoteAddress: freshIp(),
    });
    const device2 = { authorization: `Bearer ${(signIn.json() as { jwt: string }).jwt}` };
    const h = await history(device2);
    expect(h.messages.map((x) => x.parts)).toEqual([
      [{ type: "text", text: "Remember this question" }],
      [expect.objectContaining({ type: "text", text: "Remembered." })],
    ]);
    expect((await history(other.auth)).messages).toEqual([]);
    expect(
      (await ctx.app.inject({ method: "DELETE", url: "/api/assistant/history", headers: m.auth }))
        .statusCode,
    ).toBe(204);
    expect((await history(device2)).messages).toEqual([]);
  });

  describe("/api/assistant-messages (the old client's calls)", () => {
    it("saves, lists and deletes only the member's own messages", async () => {
      const m = await registerMember((o) => ctx.app.inject(o));
      const other = await registerMember((o) => ctx.app.inject(o));
      const save = (headers: Record<string, string>, data: object) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/assistant-messages",
          headers,
          payload: { data },
        });

      expect((await save({}, { isUser: true, content: "hi" })).statusCode).toBe(401);
      const saved = await save(m.auth, {
        isUser: true,
        content: "What is staking?",
        user: other.id,
      });
      expect(saved.statusCode).toBe(200);
      const { data } = saved.json() as {
        data: { id: number; attributes: { isUser: boolean; content: string } };
      };
      expect(data.attributes).toMatchObject({ isUser: true, content: "What is staking?" });
      await save(other.auth, { isUser: false, content: "Theirs" });

      const list = await ctx.app.inject({
        url: `/api/assistant-messages?filters[user][id][$eq]=${m.id}`,
        headers: m.auth,
      });
      expect(list.statusCode).toBe(200);
      expect((list.json() as { data: Array<{ id: number }> }).data.map((x) => x.id)).toEqual([
        data.id,
      ]);
      const snooping = await ctx.app.inject({
        url: `/api/assistant-messages?filters[user][id][$eq]=${other.id}`,
        headers: m.auth,
      });
      expect(snooping.statusCode).toBe(403);

      const del = (headers: Record<string, string>) =>
        ctx.app.inject({ method: "DELETE", url: `/api/assistant-messages/${data.id}`, headers });
      expect((await del(other.auth)).statusCode).toBe(404);
      expect((await del(m.auth)).statusCode).toBe(200);
      expect((await del(m.auth)).statusCode).toBe(404);
      expect(
        (
          (await ctx.app.inject({ url: "/api/assistant-messages", headers: m.auth })).json() as {
            data: unknown[];
          }
        ).data,
      ).toEqual([]);
    });

    it("clamps a page size above 200 to 200, as Strapi clamps to its maxLimit", async () => {
      const m = await registerMember((o) => ctx.app.inject(o));
      const list = (size: string) =>
        ctx.app.inject({
          url: `/api/assistant-messages?pagination[pageSize]=${size}`,
          headers: m.auth,
        });
      const big = await list("999");
      expect(big.statusCode).toBe(200);
      expect(big.json()).toMatchObject({
        data: [],
        meta: { pagination: { page: 1, pageSize: 200, pageCount: 0, total: 0 } },
      });
      expect((await list("150")).json()).toMatchObject({ meta: { pagination: { pageSize: 150 } } });
      for (const size of ["0", "-1", "abc", "1.5"]) {
        const refused = await list(size);
        expect(refused.statusCode, size).toBe(400);
        expect(refused.json()).toMatchObject({ data: null, error: { name: "ValidationError" } });
      }
    });

    it("rejects a malformed message with a 400", async () => {
      const m = await registerMember((o) => ctx.app.inject(o));
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/assistant-messages",
        headers: m.auth,
        payload: { data: { isUser: "yes", content: "" } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ data: null, error: { name: "ValidationError" } });
    });
  });

  it("erases the member's conversation with their account", async () => {
    const m = await registerMember((o) => ctx.app.inject(o));
    play([() => textStep("Stored.")]);
    await ask("A question to erase", m.auth);
    const del = await ctx.app.inject({
      method: "DELETE",
      url: `/api/users/${m.id}`,
      headers: m.auth,
    });
    expect(del.statusCode).toBe(200);
    const left = await ctx.db.kysely
      .selectFrom("assistant_messages")
      .select("id")
      .where("user_id", "=", m.id)
      .execute();
    expect(left).toEqual([]);
  });
});
