// Kysely queries that write an article's terms, shared by the importer and the studio.
import type { Kysely } from "kysely";
import type { Database, TermKind } from "../../db/schema.ts";

type Q = Kysely<Database>;

/** One term of an article to write: its kind, shown name and slug. */
export interface TermInput {
  kind: TermKind;
  name: string;
  slug: string;
}

/**
 * Replaces the terms of an article: terms are created when new (unique by kind and slug; an
 * existing term keeps its first name) and linked in the given order (`position`). Three
 * statements whatever the number of terms; terms are written in (kind, slug) order so two
 * importers lock them in the same order.
 */
export async function replaceArticleTerms(
  db: Q,
  articleId: number,
  terms: TermInput[],
): Promise<void> {
  await db.deleteFrom("article_terms").where("article_id", "=", articleId).execute();
  if (terms.length === 0) return;
  const key = (t: { kind: string; slug: string }) => `${t.kind}\u0000${t.slug}`;
  const sorted = [...new Map(terms.map((t) => [key(t), t])).values()].sort((a, b) =>
    key(a) < key(b) ? -1 : 1,
  );
  const rows = await db
    .insertInto("terms")
    .values(sorted)
    .onConflict((oc) =>
      // A no-op update, so RETURNING gives the id of an existing term too.
      oc.columns(["kind", "slug"]).doUpdateSet((eb) => ({ kind: eb.ref("excluded.kind") })),
    )
    .returning(["id", "kind", "slug"])
    .execute();
  const idOf = new Map(rows.map((r) => [key(r), r.id]));
  const seen = new Set<number>();
  const links = terms.flatMap((t, position) => {
    const termId = idOf.get(key(t));
    if (termId === undefined || seen.has(termId)) return [];
    seen.add(termId);
    return [{ article_id: articleId, term_id: termId, position }];
  });
  await db
    .insertInto("article_terms")
    .values(links)
    .onConflict((oc) =>
      oc
        .columns(["article_id", "term_id"])
        .doUpdateSet((eb) => ({ position: eb.ref("excluded.position") })),
    )
    .execute();
}
