import { sql, type ExpressionBuilder, type ExpressionWrapper, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { BlogPost, BlogStatusFilter } from '../../../src-shared/domain/blog-post.ts';
import type { BlogPostsTable, Schema } from '../../db/schema.ts';
import { KEYWORDS_KEPT, type CountedKeyword } from './keyword-table.ts';
import type { CountingPostSource, KeywordPage, KeywordQuery, PostFilterQuery, PostPage, PostQuery } from './post-source.ts';

/** What the database derives from a post for its search (migration 32): never written, never served. */
type SearchColumns = 'content_text' | 'keywords';
type PostRow = Omit<Selectable<BlogPostsTable>, SearchColumns>;

/** The columns a post is read from: every one but the search's, which would only double what is read. */
const POST_COLUMNS = [
  'id',
  'slug',
  'title',
  'excerpt',
  'content_html',
  'seo_keyword',
  'seo_title',
  'seo_description',
  'featured_image_url',
  'featured_image_alt',
  'featured_image_name',
  'status',
  'published_at',
  'updated_at',
] as const satisfies readonly (keyof PostRow)[];

/** A stored post as the blog API serves it. */
export function rowToPost(row: PostRow): BlogPost {
  const url = row.featured_image_url;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content_html,
    seo_keyword: row.seo_keyword,
    status: row.status,
    published_at: row.published_at ? row.published_at.toISOString() : null,
    updated_at: row.updated_at.toISOString(),
    seo: { title: row.seo_title, description: row.seo_description },
    featured_image: url
      ? {
          data: {
            url,
            sizes: { large: url, regular: url, full: url },
            alt: row.featured_image_alt,
            name: row.featured_image_name,
          },
        }
      : null,
  };
}

/** A post as content/blog describes it: every column but the id and the search's. */
export type ImportedPost = Omit<BlogPostsTable, 'id' | SearchColumns>;

/**
 * Inserts a post from content/blog, or replaces the stored one when the file says anything
 * else: the importer applies only the newest content (content-importer.ts), so its files are
 * what readers get. Replacing only when `updated_at` moved forward kept a post an editor set
 * to draft, or corrected, as it was. True when a row changed. One statement, so instances
 * starting together agree.
 */
export async function upsertImportedPost(db: Kysely<Schema>, post: ImportedPost): Promise<boolean> {
  const columns = Object.keys(post);
  const stored = sql.join(columns.map((column) => sql.ref(`blog_posts.${column}`)));
  const imported = sql.join(columns.map((column) => sql.ref(`excluded.${column}`)));
  const result = await db
    .insertInto('blog_posts')
    .values(post)
    .onConflict((conflict) =>
      conflict
        .column('slug')
        .doUpdateSet(post)
        .where(sql<SqlBool>`(${stored}) is distinct from (${imported})`),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/**
 * Deletes the posts whose file is gone from content/blog (every post but `keptSlugs`), so a
 * removed post is served nowhere. The number of posts deleted.
 */
export async function deletePostsOtherThan(db: Kysely<Schema>, keptSlugs: readonly string[]): Promise<number> {
  let query = db.deleteFrom('blog_posts');
  if (keptSlugs.length > 0) query = query.where('slug', 'not in', keptSlugs);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

type PostFilter = (eb: ExpressionBuilder<Schema, 'blog_posts'>) => ExpressionWrapper<Schema, 'blog_posts', SqlBool>;

/**
 * Readers may see the post now: isPublishedAt (post-source.ts) as SQL, so a post scheduled by
 * its date is left out of pages and counts alike. The clock is the server's, as for isPublishedAt.
 */
const publicNow: PostFilter = (eb) =>
  eb.and([eb('status', '=', 'published'), eb.or([eb('published_at', 'is', null), eb('published_at', '<=', new Date())])]);

/** The rows a list's status asks for: 'published' means public now; the others (the admin's) are the status column. */
function statusFilter(status: BlogStatusFilter): PostFilter {
  if (status === 'published') return publicNow;
  // 'all' is no condition at all (an empty `and` is true).
  return (eb) => eb.and(status === 'all' ? [] : [eb('status', '=', status)]);
}

/** `text` as a LIKE pattern that finds it anywhere, its wildcards (and the escape character) taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * The list page's search and keyword filter (src-web/features/blog/list-rules.ts) in SQL: the
 * search case-insensitively anywhere in the title, excerpt, content text or keywords; the keyword
 * one of seo_keyword's comma-separated keywords, whole, case-insensitively. Both compare columns
 * migration 32 indexes (content_text is the content as a reader sees it: its tags dropped, its
 * entities decoded, as search.ts reads it), so a search reads indexes, not every post.
 */
function searchFilter({ search, keyword }: Pick<PostQuery, 'search' | 'keyword'>): PostFilter {
  return (eb) => {
    const conditions = [];
    if (search) {
      const pattern = containsPattern(search);
      conditions.push(
        eb.or(
          (['title', 'excerpt', 'content_text', 'seo_keyword'] as const).map(
            (column) => sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    // The keywords column holds them trimmed of spaces and in lower case: containment is what its GIN index answers.
    if (keyword) conditions.push(sql<SqlBool>`keywords @> array[lower(${keyword})]`);
    return eb.and(conditions);
  };
}

/** The rows a list asks for: its status, search and keyword filter. */
function listFilter(filter: PostFilterQuery): PostFilter {
  const byStatus = statusFilter(filter.status);
  const bySearch = searchFilter(filter);
  return (eb) => eb.and([byStatus(eb), bySearch(eb)]);
}

/**
 * The published posts' keywords counted in the database: a keyword once per post, any case as one
 * (shown as most of its posts write it), blanks left out, the most used first, then by lower case.
 * A search first keeps the posts whose keywords hold it (seo_keyword's trigram index, migration 32),
 * then the keywords that do. Every published post is read without a search, and with one that most
 * hold (2 s at a million): behind the short cache (withShortCache) only the table without a search
 * is read, once a period, and every search answered from it (keyword-table.ts).
 */
async function countedKeywords(db: Kysely<Schema>, { search, limit }: KeywordQuery): Promise<CountedKeyword[]> {
  const pattern = search === undefined ? undefined : containsPattern(search.toLowerCase());
  let posts = db.selectFrom('blog_posts').select(['id', 'seo_keyword']).where(publicNow);
  if (pattern !== undefined) posts = posts.where(sql<SqlBool>`seo_keyword ilike ${pattern} escape '\\'`);
  const word = sql<string>`btrim(listed.word)`;
  const { rows } = await sql<CountedKeyword>`
    select mode() within group (order by ${word}) as keyword, lower(${word}) as key, count(distinct posts.id)::int as count
    from (${posts}) as posts cross join unnest(string_to_array(posts.seo_keyword, ',')) as listed(word)
    where ${word} <> '' ${pattern === undefined ? sql`` : sql`and lower(${word}) like ${pattern} escape '\\'`}
    group by lower(${word})
    order by count desc, lower(${word})
    limit ${limit}`.execute(db);
  return rows;
}

/** The built-in store: posts in the `blog_posts` table, newest publication first. */
export function createBuiltInPostSource(db: Kysely<Schema>): CountingPostSource {
  const ordered = () =>
    db
      .selectFrom('blog_posts')
      .select(POST_COLUMNS)
      .orderBy('published_at', (order) => order.desc().nullsLast())
      .orderBy('id', 'desc');

  const source: CountingPostSource = {
    async listPage(query) {
      const rows = await ordered()
        .where(listFilter(query))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage)
        .execute();
      return rows.map(rowToPost);
    },

    async count(filter) {
      const { total } = await db
        .selectFrom('blog_posts')
        .select(sql<number>`count(*)::int`.as('total'))
        .where(listFilter(filter))
        .executeTakeFirstOrThrow();
      return total;
    },

    async list(query): Promise<PostPage> {
      const [posts, total] = await Promise.all([source.listPage(query), source.count(query)]);
      return { posts, total };
    },

    async getById(id, { includeUnpublished }) {
      let query = db.selectFrom('blog_posts').select(POST_COLUMNS).where('id', '=', id);
      if (!includeUnpublished) query = query.where(publicNow);
      const row = await query.executeTakeFirst();
      return row ? rowToPost(row) : undefined;
    },

    async getPublishedBySlug(slug) {
      const row = await db
        .selectFrom('blog_posts')
        .select(POST_COLUMNS)
        .where('slug', '=', slug)
        .where(publicNow)
        .executeTakeFirst();
      return row ? rowToPost(row) : undefined;
    },

    async listKeywords(query): Promise<KeywordPage> {
      const rows = await countedKeywords(db, query);
      return { keywords: rows.map(({ keyword, count }) => ({ keyword, count })) };
    },

    async keywordTable() {
      // Read before the keywords, so a post going live between the two is at worst read again soon.
      const { next } = await db
        .selectFrom('blog_posts')
        .select((eb) => eb.fn.min('published_at').as('next'))
        .where('status', '=', 'published')
        .where('published_at', '>', new Date())
        .executeTakeFirstOrThrow();
      const keywords = await countedKeywords(db, { limit: KEYWORDS_KEPT });
      return { keywords, nextGoLive: next === null ? null : new Date(next).getTime() };
    },

    async listPublishedSlugs(limit) {
      const rows = await db
        .selectFrom('blog_posts')
        .select(['slug', 'updated_at'])
        .where(publicNow)
        .orderBy('published_at', (order) => order.desc().nullsLast())
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ slug: row.slug, updated_at: row.updated_at.toISOString() }));
    },
  };
  return source;
}

export interface StoredPage {
  slug: string;
  title: string;
  bodyHtml: string;
  post: BlogPost;
  postUpdatedAt: Date;
  generatedAt: Date;
}

/**
 * The generated static pages, one per slug, in the database so every instance serves them.
 * Read them through public-pages.ts, which serves a page only while its post is public.
 */
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
