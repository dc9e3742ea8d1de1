import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { marked } from 'marked';
import { Value } from 'typebox/value';
import { parse as parseYaml } from 'yaml';
import { BLOG_POST_STATUSES, BLOG_SLUG_PATTERN, BlogPostSchema } from '../../../src-shared/domain/blog-post.ts';
import { describeFieldErrors } from '../../../src-shared/domain/validation-errors.ts';
import type { Schema } from '../../db/schema.ts';
import { storableDate } from '../../db/storable-date.ts';
import { sanitizeBlogHtml } from './sanitize.ts';
import { deletePostsOtherThan, rowToPost, upsertImportedPost, type ImportedPost } from './store.ts';

/** Where the built-in store's featured images are served from (files of content/blog/images). */
export const BLOG_IMAGE_PATH = '/blog/images';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;
const slugPattern = new RegExp(BLOG_SLUG_PATTERN);

class ContentError extends Error {
  constructor(file: string, problem: string) {
    super(`content/blog/${file}: ${problem}`);
    this.name = 'ContentError';
  }
}

function requiredText(file: string, data: Record<string, unknown>, key: string): string {
  const value = data[key];
  if (typeof value !== 'string' || value.trim() === '') throw new ContentError(file, `"${key}" is required`);
  return value.trim();
}

function date(file: string, value: unknown, key: string): Date {
  const parsed = storableDate(value instanceof Date ? value.getTime() : String(value));
  if (!parsed) throw new ContentError(file, `"${key}" must be a date such as 2026-03-01`);
  return parsed;
}

/** One Markdown file with front matter (see content/blog/README.md), as a row of blog_posts. */
function parsePostFile(file: string, source: string): ImportedPost {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new ContentError(file, 'must start with front matter between --- lines');
  const data: unknown = parseYaml(match[1] ?? '');
  if (typeof data !== 'object' || data === null) throw new ContentError(file, 'front matter must be a mapping');
  const front = data as Record<string, unknown>;
  const slug = requiredText(file, front, 'slug');
  if (!slugPattern.test(slug)) throw new ContentError(file, `"slug" must be lower-case words joined by hyphens (got "${slug}")`);
  const status = BLOG_POST_STATUSES.find((candidate) => candidate === (front.status ?? 'published'));
  if (!status) throw new ContentError(file, `"status" must be one of ${BLOG_POST_STATUSES.join(', ')}`);
  const seo = (typeof front.seo === 'object' && front.seo !== null ? front.seo : {}) as Record<string, unknown>;
  const image = (typeof front.featured_image === 'object' && front.featured_image !== null ? front.featured_image : {}) as Record<
    string,
    unknown
  >;
  const imageFile = typeof image.file === 'string' ? image.file : undefined;
  if (imageFile !== undefined && !/^[a-z0-9-]+\.(svg|webp)$/.test(imageFile)) {
    throw new ContentError(file, `"featured_image.file" must name a file in content/blog/images (got "${imageFile}")`);
  }
  const keywords = Array.isArray(front.seo_keywords) ? front.seo_keywords.map(String) : [];
  const publishedAt =
    front.published_at === undefined || front.published_at === null ? null : date(file, front.published_at, 'published_at');
  const post: ImportedPost = {
    slug,
    title: requiredText(file, front, 'title'),
    excerpt: requiredText(file, front, 'excerpt'),
    content_html: sanitizeBlogHtml(marked.parse(match[2] ?? '', { async: false })),
    seo_keyword: keywords.join(', '),
    seo_title: typeof seo.title === 'string' ? seo.title : '',
    seo_description: typeof seo.description === 'string' ? seo.description : '',
    featured_image_url: imageFile ? `${BLOG_IMAGE_PATH}/${imageFile}` : null,
    featured_image_alt: typeof image.alt === 'string' ? image.alt : '',
    featured_image_name: imageFile ?? '',
    status,
    published_at: publishedAt,
    updated_at: front.updated_at === undefined ? (publishedAt ?? new Date(0)) : date(file, front.updated_at, 'updated_at'),
  };
  // A post the blog API would refuse back (a slug too long for its URL, a title too long for the
  // admin's save-post-html) would be listed yet have no page: refused here, where the file is named.
  const [field, problem] =
    Object.entries(describeFieldErrors([...Value.Errors(BlogPostSchema, rowToPost({ id: 0, ...post }))]))[0] ?? [];
  if (field !== undefined) throw new ContentError(file, `"${field}" ${problem}`);
  return post;
}

/** Every post of `dir`, sorted by file name. Throws on the first invalid file (or a repeated slug), naming it. */
export async function readPostFiles(dir: string): Promise<ImportedPost[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.md') && name !== 'README.md').sort();
  const posts = await Promise.all(files.map(async (file) => parsePostFile(file, await readFile(path.join(dir, file), 'utf8'))));
  // The store keeps one post a slug: a second file with it would be dropped or win by its date, silently.
  const fileOfSlug = new Map<string, string>();
  posts.forEach((post, index) => {
    const file = files[index] ?? '';
    const earlier = fileOfSlug.get(post.slug);
    if (earlier) throw new ContentError(file, `"slug" ${post.slug} is already the slug of ${earlier}`);
    fileOfSlug.set(post.slug, file);
  });
  return posts;
}

/** The content's fingerprint: the same posts, parsed the same way, give the same hash. */
function contentHash(posts: readonly ImportedPost[]): string {
  return createHash('sha256').update(JSON.stringify(posts)).digest('hex');
}

/**
 * Records `hash` as imported (first time: as the newest) and tells whether it is the newest
 * content the database has seen. In a rolling deploy the new version's first instance makes its
 * content the newest; an old instance starting later then finds its own content older.
 */
async function isNewestContent(trx: Kysely<Schema>, hash: string): Promise<boolean> {
  await trx
    .insertInto('blog_content_imports')
    .values({ content_hash: hash })
    .onConflict((c) => c.doNothing())
    .execute();
  const newest = await trx
    .selectFrom('blog_content_imports')
    .select('content_hash')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return newest.content_hash === hash;
}

type ImportResult = { applied: true; changed: number } | { applied: false };

/**
 * Imports content/blog into the built-in store: new slugs are inserted, a post whose file
 * changed is replaced, and a post whose file is gone is deleted. Safe to run on every start and from several instances at once (one import at a
 * time, under a lock). Content older than the newest the database has imported is not applied
 * (`applied: false`): with two versions running in a rolling deploy, an old instance restarting
 * would otherwise bring back the posts the new content deleted and delete the ones it added.
 * Content is "older" by when it was first imported: content identical to an earlier one
 * (a revert of the folder) counts as that one, so it takes a change to apply again.
 */
export async function importPostFiles(db: Kysely<Schema>, dir: string): Promise<ImportResult> {
  const posts = await readPostFiles(dir);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('blog content import'))`.execute(trx);
    if (!(await isNewestContent(trx, contentHash(posts)))) return { applied: false };
    let changed = 0;
    for (const post of posts) {
      if (await upsertImportedPost(trx, post)) changed += 1;
    }
    const removed = await deletePostsOtherThan(
      trx,
      posts.map((post) => post.slug),
    );
    return { applied: true, changed: changed + removed };
  });
}
