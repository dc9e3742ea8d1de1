import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';
import { installedTrigramOps } from './trigram.ts';

/**
 * The blog list's search and keyword filter (searchFilter in features/blog/store.ts) from
 * indexes, so a search at a million posts no longer reads every post. What they compare is
 * stored beside the post, computed by the database on each write:
 * - `content_text`: the content as a reader sees it (the tags dropped, the entities the
 *   sanitizer writes decoded, &amp; last so "&amp;lt;" stays "&lt;"), which the search used to
 *   recompute for every row; with a trigram index like the title's, excerpt's and keywords'.
 * - `keywords`: seo_keyword's keywords, each trimmed of spaces and in lower case, in a GIN
 *   index, so the filter is `keywords @> array[keyword]` rather than a split of every row.
 * Without pg_trgm (migration 10 could not create it) the columns are still there and the
 * keyword index too; a search then reads the table, as before.
 */
export const blogSearchIndexes: Migration = {
  id: 32,
  name: 'blog search indexes',
  async up(db) {
    await sql`alter table blog_posts
      add column content_text text not null generated always as (
        replace(replace(replace(replace(replace(replace(
          regexp_replace(content_html, '<[^>]*>', '', 'g'),
          '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
      ) stored,
      add column keywords text[] not null generated always as (
        string_to_array(lower(btrim(regexp_replace(seo_keyword, ' *, *', ',', 'g'))), ',')
      ) stored`.execute(db);
    await sql`create index blog_posts_keywords on blog_posts using gin (keywords)`.execute(db);
    const ops = await installedTrigramOps(db);
    if (ops === undefined) return;
    for (const column of ['title', 'excerpt', 'content_text', 'seo_keyword']) {
      await sql`create index ${sql.raw(`blog_posts_${column}_trgm`)} on blog_posts using gin (${sql.ref(column)} ${ops})`.execute(
        db,
      );
    }
  },
};
