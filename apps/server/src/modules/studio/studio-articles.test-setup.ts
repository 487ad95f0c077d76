// The set-up the studio-articles.*.test.ts files share: a studio on a fresh database with two
// authors and an editor, and the reads their tests check (each expects a 200).
import { expect } from "vitest";
import type {
  AuditEntry,
  RevisionSummary,
  StudioArticle,
  StudioArticleSummary,
} from "@pragmatist/contracts";
import type { Dialect } from "../../db/client.ts";
import type { TestMember } from "../../testing/fixtures.ts";
import { get, withStudio } from "../../testing/studio.ts";

/**
 * Registers the suite's hooks (`withStudio`): author "Ada Writer", otherAuthor "Otto Other" and
 * editor "Eve Editor"; returns them with `ctx` and the reads: `open` (one article in the studio),
 * `audit` (the log as the editor reads it), `list` (the studio's list) and `revisions`.
 */
export function studioArticlesSuite(engine: Dialect) {
  const studio = withStudio(engine, {
    author: ["author", "Ada Writer"],
    otherAuthor: ["author", "Otto Other"],
    editor: ["editor", "Eve Editor"],
  });
  const { ctx, editor } = studio;

  const open = async (who: TestMember, id: number) => {
    const res = await get(ctx, who, `/api/studio/articles/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StudioArticle;
  };
  const audit = async (query = "") => {
    const res = await get(ctx, editor, `/api/studio/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AuditEntry[];
  };
  const list = async (who: TestMember, query = "") => {
    const res = await get(ctx, who, `/api/studio/articles${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: StudioArticleSummary[];
      meta: { pagination: { total: number; pageCount: number } };
    };
  };
  const revisions = async (who: TestMember, id: number) => {
    const res = await get(ctx, who, `/api/studio/articles/${id}/revisions`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as RevisionSummary[];
  };

  return { ...studio, open, audit, list, revisions };
}
