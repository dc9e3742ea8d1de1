import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';

/** A post for tests; the date of day `n` of 2026 makes `published_at` and `updated_at` distinct and ordered. */
export function makePost(n: number, overrides: Partial<BlogPost> = {}): BlogPost {
  const day = String((n % 28) + 1).padStart(2, '0');
  const month = String(Math.floor(n / 28) + 1).padStart(2, '0');
  return {
    id: n,
    slug: `post-${n}`,
    title: `Post number ${n}`,
    excerpt: `Excerpt of post ${n}`,
    content: `<p>Content of post ${n}</p>`,
    seo_keyword: n % 2 === 0 ? 'hiring, interviews' : 'recruiting',
    status: 'published',
    published_at: `2026-${month}-${day}T09:00:00.000Z`,
    updated_at: `2026-${month}-${day}T10:00:00.000Z`,
    seo: { title: '', description: '' },
    featured_image: {
      data: { url: `/img/${n}.svg`, sizes: { large: `/img/${n}.svg`, regular: '', full: '' }, alt: `Image ${n}`, name: '' },
    },
    ...overrides,
  };
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

/**
 * Stands in for the server's blog API in jsdom (the real server is tested in tests/server):
 * it pages and filters like the server, records every request, and can fail chosen paths.
 */
export function createFakeBlogServer(initial: BlogPost[]) {
  const state = {
    posts: initial,
    requests: [] as string[],
    /** Path prefixes answered with `failWith`. */
    failing: new Set<string>(),
    failWith: () => Response.json({ error: 'Blog store offline' }, { status: 503, statusText: 'Service Unavailable' }),
    saved: [] as { body: unknown; authorization: string | null }[],
    cached: new Map<string, BlogPost>(),
    extra: undefined as Handler | undefined,
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    state.requests.push(`${url.pathname}${url.search}`);
    const custom = state.extra?.(url, init);
    if (custom) return custom;
    if ([...state.failing].some((prefix) => url.pathname.startsWith(prefix))) return state.failWith();
    if (url.pathname === '/api/config') return Response.json({ siteUrl: 'http://localhost', version: 'test' });
    const list = /^\/api\/storychief\/(stories|posts|publications\/posts|publications\/stories)$/.exec(url.pathname);
    if (list) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      const data = state.posts.slice((page - 1) * perPage, page * perPage);
      return Response.json({
        data,
        meta: {
          pagination: {
            total: state.posts.length,
            count: data.length,
            per_page: perPage,
            current_page: page,
            total_pages: Math.ceil(state.posts.length / perPage),
            links: {},
          },
        },
      });
    }
    const cached = /^\/api\/cached-post\/(.+)$/.exec(url.pathname);
    if (cached) {
      const post = state.cached.get(cached[1] ?? '');
      return post ? Response.json(post) : Response.json({ error: 'No cached copy' }, { status: 404 });
    }
    if (url.pathname.startsWith('/api/check-html/'))
      return Response.json({ exists: state.cached.has(url.pathname.split('/').pop() ?? '') });
    if (url.pathname === '/api/save-post-html') {
      const authorization = new Headers(init?.headers).get('authorization');
      if (authorization !== 'Bearer good-token')
        return Response.json({ error: 'Admin authentication required' }, { status: 401 });
      state.saved.push({ body: JSON.parse(String(init?.body)), authorization });
      return Response.json({ success: true, url: '/blog/x.html' });
    }
    return Response.json({ error: `Not found: ${url.pathname}` }, { status: 404, statusText: 'Not Found' });
  };
  return Object.assign(state, { fetch: fetch as typeof globalThis.fetch });
}
