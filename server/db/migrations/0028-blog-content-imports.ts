import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * Each content/blog the servers have imported, in the order they first did (features/blog/
 * content-importer.ts): in a rolling deploy an instance of the old version, starting after a new
 * one, finds its content older than the newest and leaves the posts alone, rather than bringing
 * back the posts the new content deleted and deleting the ones it added.
 */
export const blogContentImports: Migration = {
  id: 28,
  name: 'blog content imports',
  async up(db) {
    await sql`create table blog_content_imports (
      id integer generated always as identity primary key,
      content_hash text not null unique,
      first_imported_at timestamptz not null default now()
    )`.execute(db);
  },
};
