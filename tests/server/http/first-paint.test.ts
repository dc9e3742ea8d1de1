import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostBySlug } from '../../../src-shared/api/blog/find-post-by-slug.ts';
import type { BlogPost, BlogPostList } from '../../../src-shared/domain/blog-post.ts';
import { createBlogFirstPaint } from '../../../server/features/blog/first-paint.ts';
import type { PageStore } from '../../../server/features/blog/store.ts';
import type { PostSource } from '../../../server/features/blog/post-source.ts';
import { createPublicPages } from '../../../server/features/blog/public-pages.ts';
import { escapeHtml } from '../../../server/http/html.ts';
import { renderFirstPaint } from '../../../server/http/web-app/page-html.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { addOlderPosts } from '../../support/older-posts.ts';
import { createTempTree, type TempTree } from '../../support/temp-tree.ts';

const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>HireAssist</title></head>' +
  '<body><div id="root"><div class="boot-bar">HireAssist</div><!--first-paint--></div></body></html>';
const PRERENDERED_HOME = INDEX.replace('<div class="boot-bar">HireAssist</div>', '<main><h1>Hire faster</h1></main>');
const ROUTE_ASSETS = {
  '/': { scripts: ['/assets/HomePage-1.js'], styles: ['/assets/HomePage-1.css'], html: '/pages/home.html' },
  '/blog/:slug': { scripts: ['/assets/BlogPostPage-1.js'], styles: [] },
};
const POST_SLUG = 'writing-job-descriptions-that-attract-the-right-candidates';
const SITE_URL = 'https://hireassist.example';

/** The answers a page carries for the app (src-web/components/preloaded-responses.ts). */
function preloadedResponses(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="preloaded-responses">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null') as Record<string, unknown>;
}

let build: TempTree;
let server: TestServer;

beforeAll(async () => {
  build = await createTempTree({
    'index.html': INDEX,
    'pages/home.html': PRERENDERED_HOME,
    'route-assets.json': JSON.stringify(ROUTE_ASSETS),
  });
  // The short cache of the built-in store is off: a test adds posts to the database directly.
  server = await startTestServer({ webDistDir: build.dir, env: { PUBLIC_URL: SITE_URL, BLOG_CACHE_TTL_SECONDS: '0' } });
});
afterAll(async () => {
  await server.close();
  await build.remove();
});

describe('pages that paint before the app has run', () => {
  it('serves a prerendered page with preload links for its own code and styles', async () => {
    const response = await server.fetch('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<main><h1>Hire faster</h1></main>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-1.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/HomePage-1.css">');
  });

  it('writes a blog post, its small image itself and the answers the app asks for into the post page', async () => {
    const html = await (await server.fetch(`/blog/${POST_SLUG}`)).text();
    const svg = await (await server.fetch('/blog/images/job-descriptions.svg')).text();
    // As URL-encoded text, which the page's compression can shrink (base64 it cannot).
    const inlined = /<img class="fp-image" src="data:image\/svg\+xml,([^"]+)"/.exec(html)?.[1];
    expect(decodeURIComponent(inlined ?? '')).toBe(svg);
    expect(html).not.toContain('rel="preload" as="image"');
    expect(html).toContain('<h1>Writing Job Descriptions That Attract the Right Candidates</h1>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/BlogPostPage-1.js">');
    const answers = preloadedResponses(html);
    const list = '/api/storychief/stories?page=1&per_page=100&status=published';
    const check = `/api/check-html/${POST_SLUG}`;
    // The slug lookup's copy carries only the post it looks for, as the API's answer has it.
    const live = (await (await server.fetch(list)).json()) as { data: BlogPost[] };
    expect(answers[list]).toEqual({ ...live, data: live.data.filter((post) => post.slug === POST_SLUG) });
    expect(answers[check]).toEqual(await (await server.fetch(check)).json());
  });

  it('writes the first page of cards into the blog list page, but not the list answer with every post in full', async () => {
    const html = await (await server.fetch('/blog')).text();
    expect(html.match(/<article class="fp-card">/g)).toHaveLength(9);
    expect(html).not.toContain('id="preloaded-responses"');
    const { data: posts } = (await (
      await server.fetch('/api/storychief/stories?page=1&per_page=50&status=published')
    ).json()) as { data: BlogPost[] };
    // The cards are the newest posts', in order; no post's text is in the page.
    const titles = [...html.matchAll(/<h2><a href="[^"]+">([^<]+)<\/a><\/h2>/g)].map((match) => match[1]);
    expect(titles).toEqual(posts.slice(0, 9).map((post) => post.title));
    expect(html).not.toContain(posts[0]?.content.slice(0, 60));
  });

  it('writes the page the address names (/blog?page=2) with its own canonical link; a bad or too large page names the one shown', async () => {
    const { data: posts } = (await (
      await server.fetch('/api/storychief/stories?page=1&per_page=50&status=published')
    ).json()) as { data: BlogPost[] };
    const lastPage = Math.ceil(posts.length / 9);
    expect(lastPage).toBeGreaterThan(1);
    for (const [address, page] of [
      ['/blog?page=2', 2],
      [`/blog?page=${lastPage + 5}`, lastPage],
      ['/blog?page=abc', 1],
      ['/blog?page=1', 1],
    ] as const) {
      const html = await (await server.fetch(address)).text();
      const titles = [...html.matchAll(/<h2><a href="[^"]+">([^<]+)<\/a><\/h2>/g)].map((match) => match[1]);
      expect(titles, address).toEqual(posts.slice((page - 1) * 9, page * 9).map((post) => post.title));
      const canonical = page === 1 ? `${SITE_URL}/blog` : `${SITE_URL}/blog?page=${page}`;
      expect(html, address).toContain(`<link rel="canonical" href="${canonical}">`);
      expect(html, address).toContain(`<meta property="og:url" content="${canonical}">`);
    }
  });

  it("a searched or filtered list (/blog?q=…&page=2) names /blog as canonical and paints no other list's cards", async () => {
    for (const address of ['/blog?q=interview&page=2', '/blog?keyword=recruiting']) {
      const html = await (await server.fetch(address)).text();
      expect(html, address).toContain(`<link rel="canonical" href="${SITE_URL}/blog">`);
      // The search reads the posts' text as the browser parses it: the server paints no other page's cards in their place.
      expect(html, address).not.toMatch(/<h2><a href=/);
    }
  });

  it("gives the blog list page its own title, description, canonical link and Open Graph tags, not the home page's", async () => {
    const head = (await (await server.fetch('/blog')).text()).split('</head>')[0] ?? '';
    // As the app's list page sets them (src-web/features/blog/BlogListPage.tsx, through seo.tsx).
    const title = 'Blog | HireAssist';
    const description =
      'Articles for employers and recruiters on job descriptions, interviewing, screening, hiring metrics and using AI to hire faster.';
    for (const tag of [
      `<title>${title}</title>`,
      `<meta name="description" content="${description}">`,
      `<link rel="canonical" href="${SITE_URL}/blog">`,
      `<meta property="og:title" content="${title}">`,
      `<meta property="og:url" content="${SITE_URL}/blog">`,
      '<meta property="og:type" content="website">',
    ]) {
      expect(head.split(tag).length - 1, tag).toBe(1);
    }
    expect(head.match(/<title>/g)).toHaveLength(1);
  });

  it("gives a post's page the post's title, description, canonical link and Open Graph tags, each once", async () => {
    const head = (await (await server.fetch(`/blog/${POST_SLUG}`)).text()).split('</head>')[0] ?? '';
    const { data } = (await (await server.fetch('/api/storychief/stories?per_page=100')).json()) as { data: BlogPost[] };
    const post = data.find((candidate) => candidate.slug === POST_SLUG);
    // As the app's page sets them (src-web/components/seo.tsx), so the HTML and the app agree.
    const title = escapeHtml(`${post?.seo.title} | HireAssist`);
    const description = escapeHtml(post?.seo.description ?? '');
    const url = `${SITE_URL}/blog/${POST_SLUG}`;
    for (const tag of [
      `<title>${title}</title>`,
      `<meta name="description" content="${description}">`,
      `<link rel="canonical" href="${url}">`,
      `<meta property="og:title" content="${title}">`,
      `<meta property="og:description" content="${description}">`,
      `<meta property="og:url" content="${url}">`,
      '<meta property="og:type" content="article">',
      `<meta property="og:image" content="${SITE_URL}/blog/images/job-descriptions.svg">`,
    ]) {
      expect(head.split(tag).length - 1, tag).toBe(1);
    }
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('answers a slug no post has with a 404 and the app, with no article, so the app shows its not-found view', async () => {
    const response = await server.fetch('/blog/no-such-post');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).not.toContain('<article');
    expect(preloadedResponses(html)['/api/check-html/no-such-post']).toEqual({ exists: false });
  });

  it('answers with a 404 too an address no slug can be (a NUL the database refuses, capitals, too long)', async () => {
    for (const path of ['/blog/%00', '/blog/no%00post', '/blog/No-Such-Post', `/blog/${'a'.repeat(121)}`]) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('<article');
    }
  });
});

describe('a post older than the newest 100, which the slug lookup lists', () => {
  it('has its page painted with it, and the app finds it by its slug', async () => {
    // 120 posts dated years before the imported ones: the oldest lie beyond the newest 100.
    const remove = await addOlderPosts(server.app.database.db, 'archive-post', 120, 'day');
    try {
      const response = await server.fetch('/blog/archive-post-120');
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Older post 120');
      const http = { fetch, baseUrl: server.url };
      expect((await findPostBySlug(http, 'archive-post-120')).title).toBe('Older post 120');
      await expect(findPostBySlug(http, 'archive-post-121')).rejects.toThrow('Post with slug "archive-post-121" not found');
      expect((await server.fetch('/blog/archive-post-121')).status).toBe(404);
    } finally {
      await remove();
    }
  });
});

describe('a blog longer than the list request of 50 posts', () => {
  it('paints the cards and canonical link of a page beyond the first 50 posts, counting every post', async () => {
    const remove = await addOlderPosts(server.app.database.db, 'paged-archive', 120, 'day');
    try {
      const { meta } = (await (await server.fetch('/api/storychief/stories?per_page=1')).json()) as BlogPostList;
      const total = meta.pagination.total;
      // Page 7 holds posts 55 to 63, page 6 posts 46 to 54: across the first and second request pages.
      for (const page of [6, 7, Math.ceil(total / 9)]) {
        const html = await (await server.fetch(`/blog?page=${page}`)).text();
        const titles = [...html.matchAll(/<h2><a href="[^"]+">([^<]+)<\/a><\/h2>/g)].map((match) => match[1]);
        const start = (page - 1) * 9;
        const { data } = (await (await server.fetch(`/api/storychief/stories?per_page=9&page=${page}`)).json()) as BlogPostList;
        expect(data.length, `page ${page}`).toBeGreaterThan(0);
        expect(titles, `page ${page} from ${start}`).toEqual(data.map((post) => post.title));
        expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/blog?page=${page}">`);
      }
    } finally {
      await remove();
    }
  });
});

describe('the public configuration in every page (src-web/components/public-config.ts reads it)', () => {
  const configIn = (html: string) =>
    JSON.parse(/<script type="application\/json" id="public-config">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;

  it.each([
    ['/', 200],
    ['/contact', 200],
    [`/blog/${POST_SLUG}`, 200],
    ['/index.html', 200],
    ['/no-such-page', 404],
    ['/blog/no-such-post', 404],
  ])("%s carries GET /api/config's answer, so the app need not ask for it", async (path, status) => {
    const config: unknown = await (await server.fetch('/api/config')).json();
    const response = await server.fetch(path);
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(configIn(html)).toEqual(config);
    expect(html.match(/id="public-config"/g)).toHaveLength(1);
  });

  it('goes out compressed, and the same bytes again answer 304 to their etag', async () => {
    const first = await server.fetch('/contact', { headers: { 'accept-encoding': 'br' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(configIn(await first.text())).not.toBeNull();
    const etag = first.headers.get('etag') ?? '';
    expect((await server.fetch('/contact', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});

describe('escaping in the blog first paint (with an in-memory post source)', () => {
  const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
  const post: BlogPost = {
    id: 1,
    slug: 'hostile',
    title: hostile,
    excerpt: hostile,
    content: `<p>ok</p>${hostile}`,
    seo_keyword: '',
    status: 'published',
    published_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    seo: { title: '', description: '' },
    featured_image: {
      data: { url: '" onload="alert(3)', sizes: { large: '', regular: '', full: '' }, alt: hostile, name: 'x' },
    },
  };
  const source: PostSource = {
    list: () => Promise.resolve({ posts: [post], total: 1 }),
    getById: () => Promise.resolve(post),
    getPublishedBySlug: () => Promise.resolve(post),
    listPublishedSlugs: () => Promise.resolve([post]),
    listKeywords: () => Promise.resolve({ keywords: [] }),
  };
  const noPages: PageStore = { get: () => Promise.resolve(undefined), save: () => Promise.resolve() };
  const pages = createPublicPages(source, noPages);

  it('escapes every value in the markup and keeps the answers inside their script element', async () => {
    const providers = createBlogFirstPaint(source, pages, new Map(), SITE_URL);
    for (const [provider, pathname, scripts] of [
      [providers['/blog/:slug'], '/blog/hostile', 1],
      [providers['/blog'], '/blog', 0],
    ] as const) {
      const firstPaint = await provider(pathname);
      const html = renderFirstPaint(INDEX, firstPaint ?? {});
      expect(html, pathname).not.toMatch(/<script>alert|<img src=x|onload="alert/);
      expect(html.match(/<script/g)?.length ?? 0, pathname).toBe(scripts);
      if (scripts > 0) {
        const answers = Object.values(preloadedResponses(html)) as { data?: BlogPost[] }[];
        expect(answers[0]?.data?.[0]?.title, pathname).toBe(hostile);
        // The post's own head: its text kept, escaped.
        expect(html).toContain(`<title>${escapeHtml(hostile)} | HireAssist</title>`);
        expect(html).toContain(`<meta property="og:description" content="${escapeHtml(hostile)}">`);
      }
    }
  });

  it("preloads an image from elsewhere (StoryChief's CDN) instead of writing it into the page", async () => {
    const remote = 'https://images.storychief.io/cover.webp';
    const withRemoteImage: BlogPost = {
      ...post,
      title: 'Remote',
      featured_image: { data: { url: remote, sizes: { large: remote, regular: '', full: '' }, alt: 'Cover', name: 'cover' } },
    };
    const providers = createBlogFirstPaint(
      { ...source, list: () => Promise.resolve({ posts: [withRemoteImage], total: 1 }) },
      pages,
      new Map(),
      SITE_URL,
    );
    const firstPaint = await providers['/blog']('/blog');
    expect(firstPaint?.head).toContain(`<link rel="preload" as="image" href="${remote}" fetchpriority="high">`);
    expect(firstPaint?.root).toContain(`<img class="fp-image" src="${remote}"`);
  });
});
