import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * The built-in blog store and the generated static pages. Pages live in the database, not
 * on disk, so every server instance serves the same ones.
 */
export const blog: Migration = {
  id: 5,
  name: 'blog',
  async up(db) {
    await sql`create table blog_posts (
      id integer generated always as identity primary key,
      slug text not null unique,
      title text not null,
      excerpt text not null default '',
      content_html text not null,
      seo_keyword text not null default '',
      seo_title text not null default '',
      seo_description text not null default '',
      featured_image_url text,
      featured_image_alt text not null default '',
      featured_image_name text not null default '',
      status text not null default 'published' check (status in ('published', 'draft', 'scheduled')),
      published_at timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);
    await sql`create index blog_posts_listing on blog_posts (status, published_at desc nulls last, id desc)`.execute(db);
    await sql`create table blog_html_pages (
      slug text primary key,
      title text not null,
      body_html text not null,
      post_data jsonb not null,
      post_updated_at timestamptz not null,
      generated_at timestamptz not null default now()
    )`.execute(db);
  },
};
