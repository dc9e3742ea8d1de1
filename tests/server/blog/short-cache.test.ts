import { describe, expect, test } from 'vitest';
import { withShortCache, type CountingPostSource } from '../../../server/features/blog/post-source.ts';

/** A source that records every slug it is asked for and has no post. */
function recordingSource() {
  const asked: string[] = [];
  const source: CountingPostSource = {
    list: () => Promise.resolve({ posts: [], total: 0 }),
    listPage: () => Promise.resolve([]),
    count: () => Promise.resolve(0),
    getById: () => Promise.resolve(undefined),
    getPublishedBySlug: (slug) => {
      asked.push(slug);
      return Promise.resolve(undefined);
    },
    listPublishedSlugs: () => Promise.resolve([]),
    listKeywords: () => Promise.resolve({ keywords: [] }),
    keywordTable: () => Promise.resolve({ keywords: [], nextGoLive: null }),
  };
  return { source, asked };
}

describe("the built-in store's short cache", () => {
  test('a flood of made-up slugs within the cache time keeps a bounded number of answers: the oldest are dropped', async () => {
    const { source, asked } = recordingSource();
    const cached = withShortCache(source, 60_000);
    const started = performance.now();
    for (let i = 0; i < 20_000; i += 1) await cached.getPublishedBySlug(`junk-${i}`);
    // Each answer is kept for at most a bounded count, not swept one by one on every request.
    expect(performance.now() - started).toBeLessThan(2_000);
    asked.length = 0;
    await cached.getPublishedBySlug('junk-19999');
    expect(asked, 'the newest answer is kept').toEqual([]);
    await cached.getPublishedBySlug('junk-0');
    expect(asked, 'the oldest answer was dropped').toEqual(['junk-0']);
  });

  test('an answer is reused within the cache time and asked again after it', async () => {
    const { source, asked } = recordingSource();
    const cached = withShortCache(source, 50);
    await cached.getPublishedBySlug('a-post');
    await cached.getPublishedBySlug('a-post');
    expect(asked).toEqual(['a-post']);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cached.getPublishedBySlug('a-post');
    expect(asked).toEqual(['a-post', 'a-post']);
  });
});
