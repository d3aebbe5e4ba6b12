import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import crypto from 'node:crypto';
import {
  CONTENT_REVISIONS_KEPT, contentStateOf, slugOf,
  type ContentAdmin, type ContentBody, type ContentKind, type ContentPublic, type ContentRevision, type ContentSummary, type HelpCategory,
} from '@sunstamp/domain/contracts/content';
import { mayEditCatalogue } from '@sunstamp/domain/policies/catalogue.policy';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import { IMAGE_KINDS, sniffFileType } from '@sunstamp/domain/files/sniff.rules';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { AppError, badRequest, conflict, notFound, invalidFields } from '../../platform/errors.ts';
import { renderMarkdown } from '../../platform/markdown.ts';
import type { SpooledFile } from '../../platform/uploads.ts';
import { requireCatalogueEdit } from '../../platform/access.ts';
import * as repo from './content.repository.ts';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

/** decisions.md roles table: the blog is the admin's, help is admin's and support's. */
const areaOf = (kind: ContentKind): 'blog' | 'help' => (kind === 'post' ? 'blog' : 'help');
export const mayEditKind = (p: Pick<Principal, 'role'>, kind: ContentKind) => mayEditCatalogue(p.role, areaOf(kind));

/** Cover images a browser shows everywhere: PNG, JPEG and GIF (HEIC and TIFF are not). */
const COVER_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' };

type AuthorCols = { authorFirst: string | null; authorLast: string | null; authorEmail: string | null };
const authorOf = (r: AuthorCols) => (r.authorEmail
  ? getDisplayName({ firstName: r.authorFirst ?? '', lastName: r.authorLast ?? '', email: r.authorEmail })
  : null);
const coverUrlOf = (i: repo.ContentRow) => (i.coverId ? `/api/content/covers/${i.coverId}` : null);

function toSummary(r: { item: repo.ContentRow } & AuthorCols): ContentSummary {
  const i = r.item;
  return {
    slug: i.slug, title: i.title, summary: i.summary, category: i.category as HelpCategory | null,
    published_at: i.publishedAt!.toISOString(), updated_at: i.updatedAt.toISOString(),
    cover_url: coverUrlOf(i), author: authorOf(r),
  };
}

function toAdmin(r: { item: repo.ContentRow; revisions: number } & AuthorCols, now: Date): ContentAdmin {
  const i = r.item;
  return {
    id: i.id, kind: i.kind, slug: i.slug, title: i.title, summary: i.summary, body_md: i.bodyMd,
    status: i.status, state: contentStateOf(i, now), published_at: i.publishedAt?.toISOString() ?? null,
    category: i.category as HelpCategory | null, cover_url: coverUrlOf(i), author: authorOf(r),
    revision_count: r.revisions, created_at: i.createdAt.toISOString(), updated_at: i.updatedAt.toISOString(),
  };
}

// ---- public reads -------------------------------------------------------------------------

export async function listPublished(ctx: Ctx, kind: ContentKind, filter: { q?: string; category?: string } = {}) {
  const rows = await repo.listPublished(ctx.database.db, kind, ctx.clock.now(), filter);
  return rows.map(toSummary);
}

/** A published item by slug; anything else (draft, scheduled, unknown) is 404. */
export async function getPublished(ctx: Ctx, kind: ContentKind, slug: string): Promise<ContentPublic & { body_html: string }> {
  const [row] = await repo.listPublished(ctx.database.db, kind, ctx.clock.now(), { slug });
  if (!row) throw notFound();
  return { ...toSummary(row), body_md: row.item.bodyMd, body_html: row.item.bodyHtml };
}

export async function readCover(ctx: Pick<AppContext, 'database' | 'storage'>, coverId: string) {
  if (!UUID_RE.test(coverId)) throw notFound();
  const cover = await repo.getCover(ctx.database.db, coverId);
  if (!cover?.key || !cover.mime) throw notFound();
  return { stream: await ctx.storage.read(cover.key), mime: cover.mime };
}

// ---- the editor ---------------------------------------------------------------------------

export async function listItems(ctx: Ctx, p: Principal, kind: ContentKind) {
  requireCatalogueEdit(p, areaOf(kind));
  const now = ctx.clock.now();
  return (await repo.listItems(ctx.database.db, kind)).map((r) => toAdmin(r, now));
}

/** The item for an editor: 404 for a bad or unknown id, 403 when the role may not edit its kind. */
async function editable(ctx: Ctx, p: Principal, id: string) {
  if (!UUID_RE.test(id)) throw notFound();
  const row = await repo.getItem(ctx.database.db, id);
  if (!row) throw notFound();
  requireCatalogueEdit(p, areaOf(row.item.kind));
  return row;
}

export async function getItem(ctx: Ctx, p: Principal, id: string) {
  return toAdmin(await editable(ctx, p, id), ctx.clock.now());
}

/** The body's columns, checked: a help article needs a category, a post has none; the slug is free. */
async function columnsOf(ctx: Ctx, kind: ContentKind, b: ContentBody, exceptId?: string, wasPublishedAt?: Date | null) {
  if (kind === 'help' && !b.category) throw invalidFields([{ category: 'Choose a category.' }]);
  if (kind === 'post' && b.category) throw invalidFields([{ category: 'Blog posts have no category.' }]);
  const slug = b.slug || slugOf(b.title);
  if (!slug) throw invalidFields([{ slug: 'Write a slug: the title has no letters or digits to make one from.' }]);
  if (await repo.slugTaken(ctx.database.db, kind, slug, exceptId)) {
    throw invalidFields([{ slug: `Another ${kind === 'post' ? 'post' : 'article'} already uses "${slug}".` }]);
  }
  // Publishing without a date means now; a draft keeps the date it was given (or had) for later.
  const publishedAt = b.published_at
    ? new Date(b.published_at)
    : b.status === 'published' ? (wasPublishedAt ?? ctx.clock.now()) : null;
  return {
    slug, title: b.title, summary: b.summary, bodyMd: b.body_md, bodyHtml: await renderMarkdown(b.body_md),
    status: b.status, publishedAt, category: b.category,
  };
}

export async function createItem(ctx: Ctx, p: Principal, kind: ContentKind, b: ContentBody) {
  requireCatalogueEdit(p, areaOf(kind));
  const now = ctx.clock.now();
  const cols = await columnsOf(ctx, kind, b);
  const row = await repo.insertItem(ctx.database.db, { ...cols, kind, authorId: p.id, createdAt: now, updatedAt: now })
    .catch(slugRace);
  return getItem(ctx, p, row.id);
}

/** Two saves racing for one slug: the unique index decides, and the loser hears why. */
function slugRace(e: unknown): never {
  const code = (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
  if (code === '23505') throw conflict('Another item took this slug a moment ago. Choose another.');
  throw e;
}

/** Replaces an item; what it was before is kept as a revision (when the text changed). */
export async function updateItem(ctx: Ctx, p: Principal, id: string, b: ContentBody) {
  const { item } = await editable(ctx, p, id);
  const cols = await columnsOf(ctx, item.kind, b, id, item.publishedAt);
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const before = await repo.lockItem(tx, id);
    if (!before) throw notFound();
    const textChanged = before.title !== cols.title || before.summary !== cols.summary
      || before.bodyMd !== cols.bodyMd || before.category !== cols.category;
    if (textChanged) await repo.addRevision(tx, before, p.id, now, CONTENT_REVISIONS_KEPT);
    await repo.updateItem(tx, id, { ...cols, updatedAt: now });
  }).catch(slugRace);
  return getItem(ctx, p, id);
}

export async function deleteItem(ctx: Pick<AppContext, 'database' | 'clock' | 'storage'>, p: Principal, id: string) {
  await editable(ctx, p, id);
  const gone = await repo.deleteItem(ctx.database.db, id);
  if (gone?.coverKey) await ctx.storage.remove(gone.coverKey).catch(() => {});
}

export async function listRevisions(ctx: Ctx, p: Principal, id: string): Promise<ContentRevision[]> {
  await editable(ctx, p, id);
  return (await repo.listRevisions(ctx.database.db, id)).map((r) => ({
    id: r.rev.id, title: r.rev.title, summary: r.rev.summary, body_md: r.rev.bodyMd,
    category: r.rev.category as HelpCategory | null, edited_by: authorOf(r), saved_at: r.rev.savedAt.toISOString(),
  }));
}

/** Sets the cover image from one uploaded PNG, JPEG or GIF (checked by content); the old one is removed. */
export async function setCover(ctx: Pick<AppContext, 'database' | 'clock' | 'storage'>, p: Principal, id: string, files: SpooledFile[]) {
  const { item } = await editable(ctx, p, id);
  if (files.length !== 1) throw badRequest('Send one image as "files".');
  const file = files[0]!;
  const sniffed = sniffFileType(file.head);
  const mime = IMAGE_KINDS.includes(sniffed.kind) ? COVER_TYPES[sniffed.kind] : undefined;
  if (!mime) throw new AppError(415, `"${file.fileName}" is not a PNG, JPEG or GIF image.`, 'unsupported_media_type');
  const coverId = crypto.randomUUID();
  const key = `content/covers/${coverId}`;
  await ctx.storage.putFile(key, file.path);
  await repo.updateItem(ctx.database.db, id, { coverId, coverKey: key, coverMime: mime, updatedAt: ctx.clock.now() });
  if (item.coverKey) await ctx.storage.remove(item.coverKey).catch(() => {});
  return getItem(ctx, p, id);
}

export async function removeCover(ctx: Pick<AppContext, 'database' | 'clock' | 'storage'>, p: Principal, id: string) {
  const { item } = await editable(ctx, p, id);
  await repo.updateItem(ctx.database.db, id, { coverId: null, coverKey: null, coverMime: null, updatedAt: ctx.clock.now() });
  if (item.coverKey) await ctx.storage.remove(item.coverKey).catch(() => {});
  return getItem(ctx, p, id);
}
