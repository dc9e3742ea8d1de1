import type { Kysely } from 'kysely';
import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import type { Schema } from '../../db/schema.ts';

export interface StoredPage {
  slug: string;
  title: string;
  bodyHtml: string;
  post: BlogPost;
  postUpdatedAt: Date;
  generatedAt: Date;
}

/** The generated static pages, one per slug, in the database so every instance serves them. */
export function createPageStore(db: Kysely<Schema>) {
  return {
    async get(slug: string): Promise<StoredPage | undefined> {
      const row = await db.selectFrom('blog_html_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row
        ? {
            slug: row.slug,
            title: row.title,
            bodyHtml: row.body_html,
            post: row.post_data,
            postUpdatedAt: row.post_updated_at,
            generatedAt: row.generated_at,
          }
        : undefined;
    },

    async exists(slug: string): Promise<boolean> {
      const row = await db.selectFrom('blog_html_pages').select('slug').where('slug', '=', slug).executeTakeFirst();
      return row !== undefined;
    },

    /** Stores (or replaces) the page of `slug`. `bodyHtml` must already be sanitized. */
    async save(page: Omit<StoredPage, 'generatedAt'>): Promise<void> {
      const values = {
        slug: page.slug,
        title: page.title,
        body_html: page.bodyHtml,
        post_data: JSON.stringify(page.post),
        post_updated_at: page.postUpdatedAt,
      };
      await db
        .insertInto('blog_html_pages')
        .values(values)
        .onConflict((conflict) => conflict.column('slug').doUpdateSet({ ...values, generated_at: new Date() }))
        .execute();
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;
