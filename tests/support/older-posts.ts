import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../server/db/schema.ts';

/**
 * Adds `count` published posts straight to the built-in store: `<prefix>-1`, titled "Older post
 * 1", the newest, each one `step` older than the one before, all dated before every imported
 * post (2020). The built-in store's short cache must be off (BLOG_CACHE_TTL_SECONDS=0).
 * Returns their removal.
 */
export async function addOlderPosts(
  db: Kysely<Schema>,
  prefix: string,
  count: number,
  step: 'minute' | 'day',
): Promise<() => Promise<void>> {
  await sql`insert into blog_posts (slug, title, content_html, status, published_at, updated_at)
    select ${prefix} || '-' || n, 'Older post ' || n, '<p>From the archive</p>', 'published',
      timestamptz '2020-01-01' - n * ${sql.raw(`interval '1 ${step}'`)}, timestamptz '2020-01-01'
    from generate_series(1, ${count}::int) as n`.execute(db);
  return async () => {
    await db.deleteFrom('blog_posts').where('slug', 'like', `${prefix}-%`).execute();
  };
}
