import { sql } from 'kysely';
import { describe, expect, test, vi } from 'vitest';
import { withShortCache } from '../../../server/features/blog/post-source.ts';
import { createBuiltInPostSource } from '../../../server/features/blog/store.ts';
import { planTargets, recording, seededDatabase } from '../../support/query-plans.ts';

/**
 * The short cache over the built-in store, counting the statements the store sends: at a million
 * posts the keyword aggregate reads every published post (2 s on PostgreSQL) and a list's count
 * every matching one (154 ms), so a request that differs only in `limit`, `page` or the keywords'
 * search must not run them again.
 */
const POSTS = 300;

describe.each(planTargets('blogcache'))("the built-in store's short cache on $name", (target) => {
  const database = seededDatabase(target, async (db) => {
    // 38 keywords: Hiring in every post, Topic 0b to 6b in about 43 each, Topic 0 to 29 in 10 each (ties sorted by name).
    await sql`insert into blog_posts (slug, title, excerpt, content_html, seo_keyword, status, published_at)
      select 'post-' || n, 'Post number ' || n, 'An excerpt of ' || n, '<p>Body ' || n || '</p>',
        'Topic ' || (n % 30) || ', Topic ' || (n % 7) || 'b, Hiring', 'published', timestamptz '2024-01-01' - n * interval '1 hour'
      from generate_series(1, ${POSTS}::int) as n`.execute(db);
    // One keyword in three spellings (shown as most of its posts write it), and one of LIKE's wildcards.
    await sql`insert into blog_posts (slug, title, excerpt, content_html, seo_keyword, status, published_at)
      values ('remote-1', 'Remote 1', '', '', 'Remote Work, remote work', 'published', null),
        ('remote-2', 'Remote 2', '', '', ' REMOTE WORK ,50%_off', 'published', null),
        ('remote-3', 'Remote 3', '', '', 'remote work', 'published', null),
        ('draft', 'Draft', '', '', 'Secret plans', 'draft', null)`.execute(db);
  });

  function cachedStore() {
    const { db, sent } = recording(database.db);
    const statements = (pattern: RegExp) => sent.filter((query) => pattern.test(query.sql)).length;
    return { cached: withShortCache(createBuiltInPostSource(db), 60_000), statements };
  }

  test('keyword lists asked with limits 1 to 20 run the keyword aggregate once, each the most used `limit` keywords', async () => {
    const { cached, statements } = cachedStore();
    const uncached = createBuiltInPostSource(database.db);
    for (const search of [undefined, 'topic']) {
      for (let limit = 1; limit <= 20; limit += 1) {
        const answer = await cached.listKeywords({ limit, ...(search ? { search } : {}) });
        expect(answer, `limit ${limit}, search ${search}`).toEqual(
          await uncached.listKeywords({ limit, ...(search ? { search } : {}) }),
        );
        expect(answer.keywords).toHaveLength(limit);
      }
    }
    expect(statements(/unnest/), 'one aggregate for both searches').toBe(1);
  });

  test("distinct searches run the keyword aggregate once, each answer the uncached store's", async () => {
    const { cached, statements } = cachedStore();
    const uncached = createBuiltInPostSource(database.db);
    const searches = [
      undefined,
      'topic',
      'TOPIC 1',
      'b',
      'hir',
      'i',
      '1',
      'remote',
      'ORK',
      '%',
      '_',
      '%_',
      'ic 2',
      'secret',
      'x',
    ];
    for (const search of searches) {
      for (const limit of [1, 5, 200]) {
        const query = { limit, ...(search === undefined ? {} : { search }) };
        expect(await cached.listKeywords(query), `limit ${limit}, search ${search}`).toEqual(await uncached.listKeywords(query));
      }
    }
    expect(await cached.listKeywords({ limit: 3, search: 'ork' })).toEqual({ keywords: [{ keyword: 'remote work', count: 3 }] });
    expect(statements(/unnest/), 'one aggregate for every search and limit').toBe(1);
  });

  test('a scheduled post shows in the keyword list once its date passes, not a minute later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { cached } = cachedStore();
      const goesLive = new Date(Date.now() + 30_000);
      await sql`insert into blog_posts (slug, title, excerpt, content_html, seo_keyword, status, published_at)
        values ('scheduled', 'Scheduled', '', '', 'Launch day', 'published', ${goesLive})`.execute(database.db);
      expect(await cached.listKeywords({ limit: 5, search: 'launch' })).toEqual({ keywords: [] });
      vi.setSystemTime(goesLive.getTime() - 1000);
      expect(await cached.listKeywords({ limit: 5, search: 'launch' })).toEqual({ keywords: [] });
      vi.setSystemTime(goesLive.getTime() + 1000);
      expect(await cached.listKeywords({ limit: 5, search: 'launch' })).toEqual({
        keywords: [{ keyword: 'Launch day', count: 1 }],
      });
    } finally {
      vi.useRealTimers();
      await sql`delete from blog_posts where slug = 'scheduled'`.execute(database.db);
    }
  });

  test("pages 1 to 5 of one filter run the list's count once, each page with the filter's total", async () => {
    const { cached, statements } = cachedStore();
    const uncached = createBuiltInPostSource(database.db);
    for (let page = 1; page <= 5; page += 1) {
      const query = { page, perPage: 10, status: 'published', search: 'post number 1' } as const;
      const answer = await cached.list(query);
      expect(answer).toEqual(await uncached.list(query));
      expect(answer.posts).toHaveLength(10);
    }
    expect(statements(/count\(\*\)/), 'one count for the filter').toBe(1);
    // Another filter has a total of its own.
    const keyworded = await cached.list({ page: 1, perPage: 10, status: 'published', keyword: 'topic 3' });
    expect(keyworded.total).toBe(10);
    expect(statements(/count\(\*\)/)).toBe(2);
  });
});
