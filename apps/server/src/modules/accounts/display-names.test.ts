// Nobody can pass for someone else by name (docs/product/messages.md#messages-accounts): names are
// normalised (NFKC) and unique as a reader sees them (case, look-alike letters, spacing), staff and
// the publication's names are kept, and invisible characters are refused, in names and in comments.
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle, registerMember, registerVerifiedMember } from "../../testing/fixtures.ts";

describe.each(engines)("display names on %s", (engine) => {
  const ctx = withTestApp(engine);
  let counter = 0;
  const signUp = (username: string) => {
    counter += 1;
    return ctx.app.inject({
      method: "POST",
      url: "/api/auth/local/register",
      remoteAddress: `10.26.5.${counter}`,
      payload: { username, email: `names${counter}@example.test`, password: "a long passphrase" },
    });
  };
  const refusal = async (username: string) => {
    const res = await signUp(username);
    return `${res.statusCode} ${res.json().error?.message ?? ""}`;
  };

  it("refuses a name that reads like a member's: case, look-alike letters, spacing", async () => {
    expect((await signUp("Jonas Ferreira")).statusCode).toBe(200);
    const taken = "400 This name is taken: choose another";
    expect(await refusal("jonas ferreira")).toBe(taken);
    expect(await refusal("Jоnas Fеrreira")).toBe(taken); // Cyrillic о and е
    expect(await refusal("ＪＯＮＡＳ ＦＥＲＲＥＩＲＡ")).toBe(taken); // fullwidth, folded by NFKC
    expect(await refusal("Jonas.Ferreira")).toBe(taken);
    expect((await signUp("Jonas Ferreira Jr")).statusCode).toBe(200);
  });

  it("refuses invisible and bidirectional characters, piled-up accents, and names kept for the publication", async () => {
    const hidden = "400 username: Name contains characters that are not allowed";
    expect(await refusal("Jonas\u200bFerreira")).toBe(hidden);
    expect(await refusal("\u202eanimda")).toBe(hidden);
    expect(await refusal("Z\u0301\u0302\u0303\u0304a")).toBe(
      "400 username: Name has too many accents on one letter",
    );
    expect(await refusal("\u200b\u200b")).toMatch(/^400 /);
    for (const name of ["Admin", "m a x", "Crypto Pragmatist", "EDITOR", "Deleted Member"]) {
      expect(await refusal(name)).toBe("400 This name is reserved");
    }
    // Normalised before it is stored: compatibility forms become their plain letters.
    const res = await signUp("Ｇｒａｃｅ  Ｈｏｐｐｅｒ");
    expect(res.json().user.username).toBe("Grace Hopper");
  });

  it("refuses a rename to another member's name, and lets a member keep their own", async () => {
    const ada = await registerMember((o) => ctx.app.inject(o), { username: "Ada Byron" });
    const other = await registerMember((o) => ctx.app.inject(o), { username: "Other Name" });
    const rename = (who: typeof ada, username: string) =>
      ctx.app.inject({
        method: "PUT",
        url: `/api/users/${who.id}`,
        headers: who.auth,
        payload: { username },
      });
    const stolen = await rename(other, "ADA BYRON");
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe("This name is taken: choose another");
    expect((await rename(ada, "Ada  Byron")).statusCode).toBe(200);
    expect((await rename(ada, "Ada King")).statusCode).toBe(200);
    expect((await rename(other, "Ada Byron")).statusCode).toBe(200);
  });

  it("refuses a comment of invisible characters only", async () => {
    await insertArticle(ctx.db, { slug: "names-article", title: "Names" });
    const writer = await registerVerifiedMember(ctx.app);
    const post = (content: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/comment-manager/comments/names-article",
        headers: writer.auth,
        payload: { content },
      });
    expect((await post("\u200b\u200b\u200b")).statusCode).toBe(400);
    expect((await post("\u2060\ufeff")).statusCode).toBe(400);
    expect((await post("Fair point.")).statusCode).toBe(201);
  });
});
