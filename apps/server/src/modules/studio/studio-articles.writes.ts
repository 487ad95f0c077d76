// The studio's article writes (docs/product/studio.md#studio): create, update (autosave, conflicts,
// publish, unpublish, schedule), delete and restoring a revision; each checked by policy.ts and
// audited when it should.
import type { ArticleChanges, ArticleInput, StudioArticle } from "@pragmatist/contracts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import { type ArticleTermNames, writeArticleTerms } from "../articles/article-writes.ts";
import { type Actor, authorize } from "../access/policy.ts";
import {
  type ArticlesContext,
  auditArticle,
  authorizedRevision,
  facts,
  freeSlug,
  guardSlug,
  imageColumns,
  indexArticle,
  loadArticle,
  presentArticle,
} from "./studio-articles.context.ts";
import * as repo from "./studio-articles.repository.ts";
import type { StudioArticleRow } from "./studio-articles.repository.ts";
import {
  type ArticleText,
  articleState,
  columnChanges,
  iso,
  nextVersion,
  type PublicationChange,
  publicationChange,
  seoColumns,
  slugTaken,
  termsChange,
  textChange,
  textColumns,
  transition,
  transitionDetails,
} from "./studio-articles.rules.ts";

/** A new article's columns, terms and text, checked and ready to insert. */
interface NewArticle {
  slug: string;
  status: "draft" | "published";
  text: ArticleText;
  names: ArticleTermNames;
  images: repo.ImageColumns;
  publishDate: string;
  seo: repo.SeoColumns;
}

/** Inserts `a` with its terms, revision 1 and (when published or scheduled) its audit entry. */
function insertNew(ctx: ArticlesContext, actor: Actor, a: NewArticle, at: Date): Promise<number> {
  const stamp = at.toISOString();
  const after = { state: articleState(a.status, a.publishDate, at), publishDate: a.publishDate };
  const action = transition(null, after);
  return guardSlug(a.slug, () =>
    ctx.k.transaction().execute(async (trx) => {
      const id = await repo.insertArticle(
        trx,
        {
          slug: a.slug,
          ...textColumns(a.text),
          publish_date: a.publishDate,
          ...a.images,
          status: a.status,
          ...a.seo,
          author_id: actor.id,
        },
        stamp,
      );
      await writeArticleTerms(trx, id, a.names);
      await repo.insertRevision(trx, { articleId: id, ...a.text, savedBy: actor.id }, stamp);
      if (action) {
        const details = transitionDetails(a.slug, a.text.title, null, after);
        await auditArticle(trx, actor, action, id, stamp, details);
      }
      return id;
    }),
  );
}

/** `StudioArticlesService.create`: see its docstring for the rules. */
export async function createArticle(
  ctx: ArticlesContext,
  actor: Actor | null,
  input: ArticleInput,
): Promise<StudioArticle> {
  authorize(actor, "article.create");
  const status = input.status ?? "draft";
  if (status === "published") authorize(actor, "article.publish");
  const at = ctx.now();
  const slug = input.slug ?? (await freeSlug(ctx, input.title));
  if (input.slug && (await repo.findTakenSlugs(ctx.k, [slug], null)).size > 0) {
    throw slugTaken(slug);
  }
  const images = await imageColumns(ctx, actor, input, null);
  const text = { title: input.title, subTitle: input.subTitle ?? "", content: input.content ?? "" };
  const names = {
    types: input.types ?? [],
    categories: input.categories ?? [],
    tags: input.tags ?? [],
    ecosystems: input.ecosystems ?? [],
  };
  const publishDate = iso(input.publishDate ?? at);
  const seo = seoColumns(input, null);
  const article = { slug, status, text, names, images, publishDate, seo };
  const id = await insertNew(ctx, actor, article, at);
  await indexArticle(ctx, id, text);
  if (status === "published") ctx.watch.changed();
  return presentArticle(ctx, await loadArticle(ctx, id));
}

/** What a save writes, decided before the transaction. */
interface SavePlan {
  write: Partial<repo.ArticleWrite>;
  slug: string;
  text: { text: ArticleText; changed: boolean };
  terms: { names: ArticleTermNames; changed: boolean };
  publication: PublicationChange;
  at: Date;
}

/**
 * Writes `plan` over `row` in one transaction: the columns (only if `row` is still the stored
 * version), the terms, a revision when the text changed and the audit entry of a transition.
 * @throws ConflictError (another save won), ValidationError (the slug raced).
 */
async function saveChanges(
  ctx: ArticlesContext,
  actor: Actor,
  row: StudioArticleRow,
  plan: SavePlan,
): Promise<void> {
  const { id } = row;
  const { text, terms, publication } = plan;
  const next = nextVersion(plan.at, row.updated_at);
  const action = transition(publication.before, publication.after);
  await guardSlug(plan.slug, () =>
    ctx.k.transaction().execute(async (trx) => {
      if (!(await repo.updateArticle(trx, id, plan.write, { seen: row.updated_at, next }))) {
        throw new ConflictError("The article was changed by another save: reload it first");
      }
      if (terms.changed) await writeArticleTerms(trx, id, terms.names);
      if (text.changed) {
        await repo.insertRevision(trx, { articleId: id, ...text.text, savedBy: actor.id }, next);
      }
      if (action) {
        const { before, after } = publication;
        const details = transitionDetails(plan.slug, text.text.title, before, after);
        await auditArticle(trx, actor, action, id, next, details);
      }
    }),
  );
}

/** 409 when the client's `updatedAt` is not the stored version (nothing written). */
function checkVersion(row: StudioArticleRow, updatedAt: string | undefined): void {
  if (updatedAt !== undefined && iso(updatedAt) !== iso(row.updated_at)) {
    throw new ConflictError("The article was changed since you opened it: reload it first", {
      updatedAt: row.updated_at,
    });
  }
}

/** `StudioArticlesService.update`: see its docstring for the rules. */
export async function updateArticle(
  ctx: ArticlesContext,
  actor: Actor | null,
  id: number,
  changes: ArticleChanges,
): Promise<StudioArticle> {
  const row = await loadArticle(ctx, id);
  authorize(actor, "article.edit", facts(row));
  checkVersion(row, changes.updatedAt);
  const at = ctx.now();
  const publication = publicationChange(row, changes, at);
  if (publication.changesPublication) authorize(actor, "article.publish", facts(row));
  const text = textChange(row, changes);
  const termRows = await repo.findTerms(ctx.k, [id]);
  const terms = termsChange(termRows, changes);
  const images = await imageColumns(ctx, actor, changes, row);
  const slug = changes.slug ?? row.slug;
  if (slug !== row.slug && (await repo.findTakenSlugs(ctx.k, [slug], id)).size > 0) {
    throw slugTaken(slug);
  }
  const seo = seoColumns(changes, row);
  const write = columnChanges(row, { slug, text, publication, images, seo });
  // Nothing new: no write, same version (an autosave of unchanged text costs two reads).
  if (Object.keys(write).length === 0 && !terms.changed) return presentArticle(ctx, row, termRows);
  await saveChanges(ctx, actor, row, { write, slug, text, terms, publication, at });
  if (text.changed || terms.changed) await indexArticle(ctx, id, text.text);
  if (row.status === "published" || publication.status === "published") ctx.watch.changed();
  return presentArticle(ctx, await loadArticle(ctx, id));
}

/** `StudioArticlesService.remove`: see its docstring for the rules. */
export async function removeArticle(
  ctx: ArticlesContext,
  actor: Actor | null,
  id: number,
): Promise<StudioArticle> {
  const row = await loadArticle(ctx, id);
  authorize(actor, "article.delete", facts(row));
  const gone = await presentArticle(ctx, row);
  const at = ctx.now();
  await ctx.k.transaction().execute(async (trx) => {
    if (!(await repo.deleteArticle(trx, id))) throw new NotFoundError("Article not found");
    await auditArticle(trx, actor, "article.delete", id, at.toISOString(), {
      slug: row.slug,
      title: row.title,
      state: gone.attributes.state,
    });
  });
  await ctx.search.remove(id);
  if (row.status === "published") ctx.watch.changed();
  return gone;
}

/** `StudioArticlesService.restoreRevision`: the revision's text saved through `updateArticle`. */
export async function restoreRevision(
  ctx: ArticlesContext,
  actor: Actor | null,
  id: number,
  revisionId: number,
): Promise<StudioArticle> {
  const revision = await authorizedRevision(ctx, actor, "article.edit", id, revisionId);
  return updateArticle(ctx, actor, id, {
    title: revision.title,
    subTitle: revision.sub_title,
    content: revision.content ?? "",
  });
}
