import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { savePostHtmlBody, type BlogPost, type BlogPostList } from '../../../src-shared/domain/blog-post.ts';
import { json, startBlogServer } from './support.ts';
import { closeHttpServer, listenOnLoopback } from '../../support/free-port.ts';
import { createTempTree } from '../../support/temp-tree.ts';

/** A story as StoryChief's API sends it (its own field names, more fields than we use). */
function story(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: `Story ${id}`,
    slug: `story-${id}`,
    excerpt: `Excerpt ${id}`,
    content: `<p>Body ${id}</p><script>alert(${id})</script>`,
    seo_title: `SEO ${id}`,
    seo_description: `Description ${id}`,
    seo_keywords: ['hiring', 'ai recruiting'],
    published_at: `2026-0${(id % 9) + 1}-01T10:00:00+00:00`,
    updated_at: `2026-0${(id % 9) + 1}-02T10:00:00+00:00`,
    status: 'published',
    featured_image: {
      data: {
        url: `https://images.storychief.io/${id}.jpg`,
        sizes: { large: `https://images.storychief.io/${id}-l.jpg`, regular: `https://images.storychief.io/${id}-r.jpg` },
        alt: `Image ${id}`,
        name: `${id}.jpg`,
      },
    },
    author: { data: { name: 'Editor' } },
    ...extra,
  };
}

/** A StoryChief answer holding `one` story alone, whatever was asked. */
function onlyStory(one: ReturnType<typeof story>): StoryChiefPeer['answer'] {
  const pagination = { total: 1, count: 1, per_page: 100, current_page: 1, total_pages: 1, links: {} };
  return () => ({ status: 200, body: { data: [one], meta: { pagination } } });
}

/** StoryChief's answers paging through `stories()` (read at each request), as its list requests ask. */
function pagedStories(stories: () => ReturnType<typeof story>[]): StoryChiefPeer['answer'] {
  return (request) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 10);
    const all = stories();
    const data = all.slice((page - 1) * perPage, page * perPage);
    const pagination = {
      total: all.length,
      count: data.length,
      per_page: perPage,
      current_page: page,
      total_pages: Math.ceil(all.length / perPage),
      links: {},
    };
    return { status: 200, body: { data, meta: { pagination } } };
  };
}

interface PeerRequest {
  url: string;
  authorization: string | undefined;
}

/** A local HTTP peer standing in for StoryChief; `answer` decides each reply. */
class StoryChiefPeer {
  readonly requests: PeerRequest[] = [];
  answer: (request: IncomingMessage) => { status: number; body: unknown; delayMs?: number } = (request) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    const single = /^\/1\.0\/stories\/(\d+)$/.exec(url.pathname);
    if (single)
      return Number(single[1]) <= 3 ? { status: 200, body: { data: story(Number(single[1])) } } : { status: 404, body: {} };
    const perPage = Number(url.searchParams.get('per_page') ?? 10);
    return {
      status: 200,
      body: {
        data: [story(1), story(2), story(3)].slice(0, perPage),
        meta: { pagination: { total: 3, count: 3, per_page: perPage, current_page: 1, total_pages: 1, links: {} } },
      },
    };
  };
  private server: Server = createServer((request, response) => {
    this.requests.push({ url: request.url ?? '', authorization: request.headers.authorization });
    const { status, body, delayMs = 0 } = this.answer(request);
    setTimeout(() => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)), delayMs);
  });
  origin = '';
  async start() {
    this.origin = await listenOnLoopback(this.server);
  }
  close() {
    return closeHttpServer(this.server);
  }
}

/** Records every URL the process fetches that is not one of the test's own calls to the server. */
function recordOutboundFetches(ownOrigin: () => string) {
  const outbound: string[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(ownOrigin())) outbound.push(url);
    return realFetch(input, init);
  });
  return outbound;
}

describe('with STORYCHIEF_API_KEY set, posts come from StoryChief through the adapter', () => {
  const peer = new StoryChiefPeer();
  let server: Awaited<ReturnType<typeof startBlogServer>>;
  let outbound: string[];

  beforeAll(async () => {
    await peer.start();
    server = await startBlogServer(
      {
        STORYCHIEF_API_KEY: 'sc-secret-key',
        STORYCHIEF_TIMEOUT_MS: '300',
        STORYCHIEF_CACHE_TTL_SECONDS: '0',
        PUBLIC_URL: 'https://hireassist.example',
      },
      { storyChiefBaseUrl: `${peer.origin}/1.0` },
    );
  });
  afterAll(async () => {
    await server.close();
    await peer.close();
  });
  afterEach(() => {
    peer.requests.length = 0;
    vi.restoreAllMocks();
  });

  test('the list keeps our API shape, with the key sent as a bearer token and the query passed on', async () => {
    const response = await server.fetch('/api/storychief/posts?page=1&per_page=2');
    const body = (await response.json()) as BlogPostList;
    expect(response.status).toBe(200);
    expect(body.meta.pagination).toMatchObject({ total: 3, count: 2, per_page: 2, current_page: 1, total_pages: 2 });
    expect(body.data[0]).toEqual({
      id: 1,
      slug: 'story-1',
      title: 'Story 1',
      excerpt: 'Excerpt 1',
      content: '<p>Body 1</p><script>alert(1)</script>',
      seo_keyword: 'hiring, ai recruiting',
      status: 'published',
      published_at: '2026-02-01T10:00:00+00:00',
      updated_at: '2026-02-02T10:00:00+00:00',
      seo: { title: 'SEO 1', description: 'Description 1' },
      featured_image: {
        data: {
          url: 'https://images.storychief.io/1.jpg',
          sizes: {
            large: 'https://images.storychief.io/1-l.jpg',
            regular: 'https://images.storychief.io/1-r.jpg',
            full: 'https://images.storychief.io/1.jpg',
          },
          alt: 'Image 1',
          name: '1.jpg',
        },
      },
    } satisfies BlogPost);
    expect(peer.requests).toEqual([
      { url: '/1.0/stories?page=1&per_page=2&status=published', authorization: 'Bearer sc-secret-key' },
    ]);
    expect(await server.app.database.db.selectFrom('blog_posts').selectAll().execute()).toEqual([]);
  });

  test('a single post, a missing one, and the static page rendered from StoryChief with the script removed', async () => {
    expect(
      ((await (await server.fetch('/api/storychief/stories/2?includes[]=content')).json()) as { data: BlogPost }).data.slug,
    ).toBe('story-2');
    expect((await server.fetch('/api/storychief/stories/7')).status).toBe(404);
    const page = await server.fetch('/blog/story-3.html');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<p>Body 3</p>');
    expect(html).not.toContain('alert(3)');
    // The page's saved copy of the post is stored sanitized too, as the admin's saves are.
    const copy = (await (await server.fetch('/api/cached-post/story-3')).json()) as BlogPost;
    expect(copy.content).toBe('<p>Body 3</p>');
    expect(html).toContain('<meta property="og:image" content="https://images.storychief.io/3-l.jpg">');
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data: https://images.storychief.io");
  });

  test('a story StoryChief calls published but dates in the future is in no list or count, and has no post or page', async () => {
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    const stories = [story(4, { published_at: tomorrow }), story(1), story(2), story(3)];
    peer.answer = (request) => {
      const single = /^\/1\.0\/stories\/(\d+)$/.exec(new URL(request.url ?? '/', 'http://peer').pathname);
      if (single) return { status: 200, body: { data: stories.find((candidate) => candidate.id === Number(single[1])) } };
      const pagination = { total: 4, count: 4, per_page: 10, current_page: 1, total_pages: 1, links: {} };
      return { status: 200, body: { data: stories, meta: { pagination } } };
    };
    const body = (await (await server.fetch('/api/storychief/stories')).json()) as BlogPostList;
    expect(body.data.map((post) => post.slug)).toEqual(['story-1', 'story-2', 'story-3']);
    expect(body.meta.pagination.total).toBe(3);
    expect((await server.fetch('/api/storychief/stories/4')).status).toBe(404);
    expect((await server.fetch('/blog/story-4.html')).status).toBe(404);
    expect(await (await server.fetch('/sitemap.xml')).text()).not.toContain('story-4');
  });

  test('a story whose status is none of ours (unpublished, archived) is no public post, only the admin sees it, as a draft', async () => {
    const stories = [story(5, { status: 'unpublished' }), story(6, { status: 'archived' })];
    peer.answer = (request) => {
      const single = /^\/1\.0\/stories\/(\d+)$/.exec(new URL(request.url ?? '/', 'http://peer').pathname);
      const found = stories.find((candidate) => candidate.id === Number(single?.[1]));
      return found ? { status: 200, body: { data: found } } : { status: 404, body: {} };
    };
    for (const id of [5, 6]) {
      const response = await server.fetch(`/api/storychief/stories/${id}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(`Body ${id}`);
    }
    const asAdmin = await server.fetch('/api/storychief/stories/5', {
      headers: { authorization: `Bearer ${await server.adminToken()}` },
    });
    expect(((await asAdmin.json()) as { data: BlogPost }).data.status).toBe('draft');
  });

  test('a story whose dates StoryChief sends unreadable still has its page and sitemap entry, not a 500', async () => {
    const odd = story(7, { updated_at: 'last Tuesday', published_at: 'soon' });
    peer.answer = onlyStory(odd);
    const page = await server.fetch('/blog/story-7.html');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<p>Body 7</p>');
    const sitemap = await server.fetch('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain('/blog/story-7</loc>');
  });

  test('a story dated outside the years 1 to 9999 (which the database cannot store) still has its page, not a 500', async () => {
    const odd = story(7, { updated_at: '+010000-01-01T00:00:00Z', published_at: '0000-01-01T00:00:00Z' });
    peer.answer = onlyStory(odd);
    const page = await server.fetch('/blog/story-7.html');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<p>Body 7</p>');
  });

  test('a story whose text holds a NUL or half a surrogate pair (which the database refuses) still has its page, not a 500', async () => {
    const odd = story(7, {
      title: 'Story\u0000 7',
      excerpt: 'Half \ud800 a pair',
      content: '<p>Body\u0000 7</p>',
      seo_title: 'SEO\udc00 7',
    });
    peer.answer = onlyStory(odd);
    const page = await server.fetch('/blog/story-7.html');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Story 7</h1>');
    expect(html).toContain('<p>Body 7</p>');
    expect(html).toContain('Half \ufffd a pair');
  });

  test('StoryChief failing, answering nonsense or too slowly is a 502 with a clear message, never a hang', async () => {
    for (const answer of [
      { status: 500, body: { error: 'boom' } },
      { status: 200, body: 'not an object' },
      { status: 200, body: { data: [] }, delayMs: 1000 },
    ]) {
      peer.answer = () => answer;
      const started = Date.now();
      const response = await server.fetch('/api/storychief/stories');
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: 'The blog is unavailable right now. Please try again in a moment.' });
      expect(Date.now() - started).toBeLessThan(900);
    }
  });

  test("while StoryChief is down, a public post's saved page stands in and a draft's stays hidden", async () => {
    const token = await server.adminToken();
    for (const [id, status] of [
      [8, 'published'],
      [9, 'draft'],
    ] as const) {
      const post: BlogPost = {
        id,
        slug: `story-${id}`,
        title: `Story ${id}`,
        excerpt: '',
        content: `<p>Saved body ${id}</p>`,
        seo_keyword: '',
        status,
        published_at: status === 'published' ? '2026-01-01T10:00:00.000Z' : null,
        updated_at: '2026-01-02T10:00:00.000Z',
        seo: { title: '', description: '' },
        featured_image: null,
      };
      expect((await server.fetch('/api/save-post-html', json(savePostHtmlBody(post), token))).status).toBe(200);
    }
    peer.answer = () => ({ status: 500, body: { error: 'down' } });

    const page = await server.fetch('/blog/story-8.html');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<p>Saved body 8</p>');
    expect(((await (await server.fetch('/api/cached-post/story-8')).json()) as BlogPost).slug).toBe('story-8');
    expect(await (await server.fetch('/api/check-html/story-8')).json()).toEqual({ exists: true });

    expect((await server.fetch('/blog/story-9.html')).status).toBe(502);
    expect((await server.fetch('/api/cached-post/story-9')).status).toBe(404);
    expect(await (await server.fetch('/api/check-html/story-9')).json()).toEqual({ exists: false });
  });

  test('no request ever reaches a host the configuration does not name', async () => {
    peer.answer = new StoryChiefPeer().answer;
    outbound = recordOutboundFetches(() => server.url);
    const hostile: [string, RequestInit?][] = [
      ['/api/storychief/stories?base=http://evil.example&url=http://evil.example/'],
      ['/api/storychief/stories', { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } }],
      ['/api/storychief/stories/1@evil.example'],
      ['/api/storychief/stories/%2F%2Fevil.example'],
      ['/api/storychief/stories/..%2F..%2Fevil'],
      ['/api/storychief/publications/posts/2?includes[]=content'],
      ['/blog/%2F%2Fevil.example.html'],
      ['/blog/story-1.html'],
      ['/api/check-html/story-1'],
      ['/sitemap.xml'],
    ];
    for (const [path, init] of hostile) await server.fetch(path, init);
    expect(outbound.length).toBeGreaterThan(0);
    for (const url of outbound) expect(new URL(url).origin).toBe(peer.origin);
    for (const request of peer.requests) expect(request.url).toMatch(/^\/1\.0\/stories(\/\d+)?\?/);
  });

  test('a post older than the newest 100 still has its page, its API answer and its sitemap entry; a made-up slug stays a 404', async () => {
    // 250 published stories, newest first, in StoryChief's pages.
    const stories = Array.from({ length: 250 }, (_, index) => story(index + 1));
    peer.answer = pagedStories(() => stories);
    const bySlug = await server.fetch('/api/post-by-slug/story-230');
    expect(bySlug.status).toBe(200);
    expect(((await bySlug.json()) as { data: BlogPost }).data.title).toBe('Story 230');
    const page = await server.fetch('/blog/story-230.html');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<p>Body 230</p>');
    const sitemap = await (await server.fetch('/sitemap.xml')).text();
    expect(sitemap).toContain('/blog/story-1<');
    expect(sitemap).toContain('/blog/story-250<');
    peer.requests.length = 0;
    expect((await server.fetch('/api/post-by-slug/no-such-story')).status).toBe(404);
    // The lookup reads StoryChief's pages until they end, and no further.
    expect(peer.requests.map((request) => request.url)).toEqual([
      '/1.0/stories?page=1&per_page=100&status=published',
      '/1.0/stories?page=2&per_page=100&status=published',
      '/1.0/stories?page=3&per_page=100&status=published',
    ]);
  });

  test("a search reads StoryChief's pages (its API cannot search) and says when it read only the newest 5,000 posts", async () => {
    let stories = Array.from({ length: 250 }, (_, index) => story(index + 1));
    peer.answer = pagedStories(() => stories);
    const search = async (query: string) =>
      (await (await server.fetch(`/api/storychief/stories?per_page=50&${query}`)).json()) as BlogPostList;

    const found = await search('search=STORY%20230');
    expect(found.data.map((post) => post.title)).toEqual(['Story 230']);
    expect(found.meta.pagination.total).toBe(1);
    // Every post was read: nothing to say about older ones.
    expect(found.meta.searched_newest).toBeUndefined();
    // The reader's words never go to StoryChief: only the fixed list requests do.
    for (const request of peer.requests) expect(request.url).toMatch(/^\/1\.0\/stories\?page=\d+&per_page=100&status=published$/);
    expect((await search('keyword=AI%20Recruiting&page=5')).meta.pagination).toMatchObject({ total: 250, count: 50 });

    stories = Array.from({ length: 5_050 }, (_, index) => story(index + 1));
    const beyond = await search('search=Story%205040');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.searched_newest).toBe(5_000);
  });

  test("the keyword list counts StoryChief's published posts here, and says when it read only the newest 5,000", async () => {
    let stories = Array.from({ length: 250 }, (_, index) =>
      story(index + 1, index < 3 ? { seo_keywords: ['Rare Topic', 'hiring', 'HIRING'] } : {}),
    );
    peer.answer = pagedStories(() => stories);
    const keywords = async (query = '') =>
      (await (await server.fetch(`/api/blog-keywords${query}`)).json()) as {
        data: { keyword: string; count: number }[];
        searched_newest?: number;
      };

    expect(await keywords()).toEqual({
      data: [
        { keyword: 'hiring', count: 250 },
        { keyword: 'ai recruiting', count: 247 },
        { keyword: 'Rare Topic', count: 3 },
      ],
    });
    expect((await keywords('?search=RARE')).data).toEqual([{ keyword: 'Rare Topic', count: 3 }]);
    // The reader's words never go to StoryChief: only the fixed list requests do.
    for (const request of peer.requests) expect(request.url).toMatch(/^\/1\.0\/stories\?page=\d+&per_page=100&status=published$/);

    stories = Array.from({ length: 5_050 }, (_, index) => story(index + 1));
    // Equal counts go by name.
    expect(await keywords('?limit=1')).toEqual({ data: [{ keyword: 'ai recruiting', count: 5_000 }], searched_newest: 5_000 });
  });

  test("while StoryChief is down, the app's blog pages answer 502, not the 200 of a page that can show no post", async () => {
    const build = await createTempTree({
      'index.html':
        '<!doctype html><html><head><title>HireAssist</title></head><body><div id="root"><!--first-paint--></div></body></html>',
    });
    const withApp = await startBlogServer(
      { STORYCHIEF_API_KEY: 'sc-secret-key', STORYCHIEF_CACHE_TTL_SECONDS: '0' },
      { storyChiefBaseUrl: `${peer.origin}/1.0`, webDistDir: build.dir },
    );
    try {
      expect((await withApp.fetch('/blog/story-1')).status).toBe(200);
      peer.answer = () => ({ status: 500, body: { error: 'down' } });
      for (const path of ['/blog', '/blog/story-1']) {
        const response = await withApp.fetch(path);
        expect(response.status, path).toBe(502);
        // The app still comes, and says the blog is unavailable.
        expect(await response.text(), path).toContain('<div id="root">');
      }
    } finally {
      peer.answer = new StoryChiefPeer().answer;
      await withApp.close();
      await build.remove();
    }
  });

  test('the short cache answers repeated requests without asking StoryChief again', async () => {
    const cached = await startBlogServer(
      { STORYCHIEF_API_KEY: 'sc-secret-key', STORYCHIEF_CACHE_TTL_SECONDS: '60' },
      { storyChiefBaseUrl: `${peer.origin}/1.0` },
    );
    try {
      for (let i = 0; i < 5; i += 1) expect((await cached.fetch('/api/storychief/stories?per_page=3')).status).toBe(200);
      expect(peer.requests).toHaveLength(1);
    } finally {
      await cached.close();
    }
  });
});

describe('with the built-in store', () => {
  test('the blog makes no outbound request at all', async () => {
    const server = await startBlogServer();
    const outbound = recordOutboundFetches(() => server.url);
    try {
      for (const path of [
        '/api/storychief/stories',
        '/api/storychief/stories/1',
        '/blog/reducing-time-to-hire.html',
        '/sitemap.xml',
      ]) {
        expect((await server.fetch(path)).status).toBe(200);
      }
      expect(outbound).toEqual([]);
    } finally {
      vi.restoreAllMocks();
      await server.close();
    }
  });
});
