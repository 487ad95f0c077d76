// Bitcoin Optech's developer newsletters are newsletters, not market reports
// (docs/product/reader.md#article-card).
import { type Kysely, sql } from "kysely";

/**
 * Retypes the imported Bitcoin Optech newsletters (source "Bitcoin Optech") from News to the
 * Newsletter type the importer now gives them, so their cards say "Newsletter" (contracts
 * `articleLabel`: an article's own type is its label) without a re-import. The type term is
 * created when missing; nothing else changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const optech = await sql<{ id: number }>`
    select id from articles where source_name = 'Bitcoin Optech'`.execute(db);
  if (optech.rows.length === 0) return;
  await sql`insert into terms (kind, name, slug)
    select 'type', 'Newsletter', 'newsletter'
    where not exists (select 1 from terms where kind = 'type' and name = 'Newsletter')`.execute(db);
  await sql`update article_terms
    set term_id = (select id from terms where kind = 'type' and name = 'Newsletter')
    where term_id = (select id from terms where kind = 'type' and name = 'News')
      and article_id in (select id from articles where source_name = 'Bitcoin Optech')`.execute(db);
}
