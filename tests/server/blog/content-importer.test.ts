import { afterEach, describe, expect, test } from 'vitest';
import { BLOG_SLUG_MAX_LENGTH } from '../../../src-shared/domain/blog-post.ts';
import { importPostFiles, readPostFiles } from '../../../server/features/blog/content-importer.ts';
import { createBuiltInPostSource } from '../../../server/features/blog/store.ts';
import { borrowPGlite } from '../../support/pglite-pool.ts';
import { createTempTree, type TempTree } from '../../support/temp-tree.ts';

/** A post file of content/blog (content/blog/README.md), with front matter fields replaced by `fields`. */
function postFile(fields: Record<string, string> = {}): string {
  const front = { title: 'A post', slug: 'a-post', excerpt: 'What it says.', published_at: '2026-03-02', ...fields };
  return `---\n${Object.entries(front)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join('\n')}\n---\n\nThe article.\n`;
}

let tree: TempTree | undefined;
afterEach(() => tree?.remove());

/** What the server's start does with a content/blog folder holding `files`. */
async function importFolder(files: Record<string, string>) {
  tree = await createTempTree(files);
  return readPostFiles(tree.dir);
}

describe('content/blog refuses, naming the file, a post the blog could not serve', () => {
  test('two files with the same slug (one of them was silently never served)', async () => {
    await expect(
      importFolder({ 'first.md': postFile({ slug: 'same-slug' }), 'second.md': postFile({ slug: 'same-slug' }) }),
    ).rejects.toThrow('content/blog/second.md: "slug" same-slug is already the slug of first.md');
  });

  test('a slug longer than a post URL may be (its page and saved copy would be a 404)', async () => {
    const slug = 'a'.repeat(BLOG_SLUG_MAX_LENGTH + 1);
    await expect(importFolder({ 'long.md': postFile({ slug }) })).rejects.toThrow(
      `content/blog/long.md: "slug" must be at most ${BLOG_SLUG_MAX_LENGTH} characters`,
    );
  });

  test('a title longer than the blog API takes back (the admin could not save its page)', async () => {
    await expect(importFolder({ 'long-title.md': postFile({ title: 'T'.repeat(301) }) })).rejects.toThrow(
      'content/blog/long-title.md: "title" must be at most 300 characters',
    );
  });

  test('a date outside the years 1 to 9999 (the database would refuse it, and the server not start)', async () => {
    await expect(importFolder({ 'year-zero.md': postFile({ published_at: '0000-03-02' }) })).rejects.toThrow(
      'content/blog/year-zero.md: "published_at" must be a date such as 2026-03-01',
    );
  });

  test('a valid post is read', async () => {
    const [post] = await importFolder({ 'ok.md': postFile() });
    expect(post?.slug).toBe('a-post');
  });
});

describe('a rolling deploy: instances of two versions start, in turn, on one database', () => {
  test('an old instance starting after the new one neither brings back a post the new content deleted nor deletes one it added', async () => {
    const database = await borrowPGlite();
    const older = await createTempTree({ 'kept.md': postFile({ slug: 'kept' }), 'removed.md': postFile({ slug: 'removed' }) });
    const newer = await createTempTree({ 'kept.md': postFile({ slug: 'kept' }), 'added.md': postFile({ slug: 'added' }) });
    const slugs = async () =>
      (await database.db.selectFrom('blog_posts').select('slug').orderBy('slug').execute()).map((row) => row.slug);
    try {
      await importPostFiles(database.db, older.dir); // the old version, running
      await importPostFiles(database.db, newer.dir); // the first new instance starts
      expect(await slugs()).toEqual(['added', 'kept']);
      await importPostFiles(database.db, older.dir); // an old instance restarts while the rollout goes on
      expect(await slugs()).toEqual(['added', 'kept']);
      await importPostFiles(database.db, newer.dir); // the next new instance
      expect(await slugs()).toEqual(['added', 'kept']);
    } finally {
      await Promise.all([older.remove(), newer.remove(), database.dispose()]);
    }
  });
});

describe('an editor changes a post file without moving its updated_at', () => {
  test('a post set to draft is withdrawn, and a corrected title or text is what readers get', async () => {
    const database = await borrowPGlite();
    const source = createBuiltInPostSource(database.db);
    const published = await createTempTree({
      'post.md': postFile({ slug: 'withdrawn' }),
      'typo.md': postFile({ slug: 'typo', title: 'Teh title' }),
    });
    const edited = await createTempTree({
      'post.md': postFile({ slug: 'withdrawn', status: 'draft' }),
      'typo.md': postFile({ slug: 'typo', title: 'The title' }),
    });
    try {
      await importPostFiles(database.db, published.dir);
      expect(await source.getPublishedBySlug('withdrawn')).toBeDefined();
      // The next start, with the edited folder: the files say what is served.
      await importPostFiles(database.db, edited.dir);
      expect(await source.getPublishedBySlug('withdrawn')).toBeUndefined();
      expect((await source.getPublishedBySlug('typo'))?.title).toBe('The title');
    } finally {
      await Promise.all([published.remove(), edited.remove(), database.dispose()]);
    }
  });
});
