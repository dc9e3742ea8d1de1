import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BlogPost, BlogPostList } from '../../../src-shared/domain/blog-post.ts';
import { BLOG_HTML_POLICY } from '../../../src-shared/domain/blog-html-policy.ts';
import { ADMIN_AUTH_ERRORS } from '../../../server/features/admin/guard.ts';
import { json, startBlogServer } from './support.ts';

/** The slice of the DOM these checks read (jsdom ships no types, and the server's tsconfig has no DOM lib). */
interface ParsedElement {
  tagName: string;
  attributes: Iterable<{ name: string; value: string }>;
  textContent: string | null;
  getAttribute(name: string): string | null;
}
interface ParsedDocument {
  querySelectorAll(selector: string): Iterable<ParsedElement> & { length: number };
  querySelector(selector: string): ParsedElement | null;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: ParsedDocument } };
};

/**
 * Script tags, event handlers, javascript: URLs, SVG and MathML tricks and the OWASP XSS
 * filter-evasion cheat sheet's vectors.
 */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<a onmouseover=alert(document.cookie)>xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=http://xss.rocks/xss.js?< B >',
  '<SCRIPT SRC=//xss.rocks/.j>',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '<iframe src=http://xss.rocks/scriptlet.html <',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<IMG LOWSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  "<svg/onload=alert('XSS')>",
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:alert(1)">CLICKME</math>',
  '<math><mi xlink:href="data:x,<script>alert(4)</script>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<BR SIZE="&{alert(\'XSS\')}">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="//evil.example/phish">looks relative</a>',
  '<a href="/\\evil.example/phish">looks relative</a>',
  '<a href="\\/evil.example/phish">looks relative</a>',
  '<a href="/&#9;/evil.example/phish">looks relative</a>',
  '<img src=" /\\evil.example/x.png">',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<a href="https://example.com" target="_blank">opener</a>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)">',
  '<template><script>alert(1)</script></template>',
  '<textarea></textarea><script>alert(1)</script>',
  '<xmp><p title="</xmp><img src=x onerror=alert(1)>">',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</p>',
  '<p class="admin-only" id="main">hijack</p>',
];

const LINK_SCHEMES = new Set(BLOG_HTML_POLICY.linkSchemes.map((scheme) => `${scheme}:`));
const SKELETON = new Set([
  'html',
  'head',
  'meta',
  'title',
  'link',
  'script',
  'style',
  'body',
  'header',
  'nav',
  'main',
  'article',
  'time',
  'footer',
  'img',
]);

/** Every element and attribute of the served page is one the policy or the page skeleton allows, and no URL can run code. */
function assertInert(html: string): void {
  const document = new JSDOM(html).window.document;
  const allowedTags = new Set<string>([...BLOG_HTML_POLICY.tags, ...SKELETON]);
  for (const element of document.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    expect(allowedTags, `element <${tag}>`).toContain(tag);
    if (tag === 'script') expect(element.getAttribute('type')).toBe('application/ld+json');
    for (const attribute of element.attributes) {
      expect(attribute.name, `attribute ${attribute.name} on <${tag}>`).not.toMatch(
        /^on|^style$|^xlink:|^background$|^dynsrc$|^lowsrc$/,
      );
      if (['href', 'src', 'action', 'formaction', 'data'].includes(attribute.name)) {
        const url = new URL(attribute.value, 'https://hireassist.example/blog/x.html');
        expect(LINK_SCHEMES, `${attribute.name}="${attribute.value}"`).toContain(url.protocol);
        // An address without a scheme looks relative: it must stay on the site.
        if (!/^\s*[a-z][a-z0-9+.-]*:/i.test(attribute.value))
          expect(url.host, `${attribute.name}="${attribute.value}" looks relative`).toBe('hireassist.example');
      }
      if (tag === 'meta') expect(attribute.name).not.toBe('http-equiv');
    }
    if (tag === 'a' && element.getAttribute('target')) expect(element.getAttribute('rel')).toContain('noopener');
  }
}

let server: Awaited<ReturnType<typeof startBlogServer>>;
let token: string;
let post: BlogPost;

beforeAll(async () => {
  server = await startBlogServer({ PUBLIC_URL: 'https://hireassist.example' });
  token = await server.adminToken();
  post = ((await (await server.fetch('/api/storychief/stories?per_page=1')).json()) as BlogPostList).data[0] as BlogPost;
});
afterAll(() => server.close());

/** Saves the first post with `body` merged in; `auth` null sends no token. */
const save = (body: Record<string, unknown>, auth: string | null = token) =>
  server.fetch(
    '/api/save-post-html',
    json(
      { filename: `${post.slug}.html`, html: '<p>ok</p>', slug: post.slug, title: post.title, postData: post, ...body },
      auth ?? undefined,
    ),
  );

describe('save-post-html with hostile HTML', () => {
  test('every vector of the corpus, alone and all together, is stored and served inert', async () => {
    const all = XSS_CORPUS.join('\n<p>between</p>\n');
    for (const vector of [...XSS_CORPUS, all]) {
      const response = await save({ html: `<p>Intro</p>${vector}<p>Outro</p>` });
      expect(response.status, vector).toBe(200);
      const stored = await server.app.database.db
        .selectFrom('blog_html_pages')
        .select('body_html')
        .where('slug', '=', post.slug)
        .executeTakeFirstOrThrow();
      expect(stored.body_html, vector).not.toMatch(/<(script|svg|math|iframe|style|meta|base|object|embed|form|input|link)\b/i);
      assertInert(`<!doctype html><body>${stored.body_html}</body>`);
      const page = await (await server.fetch(`/blog/${post.slug}.html`)).text();
      assertInert(page);
      expect(page, vector).toContain('<p>Intro</p>');
    }
  });

  test('hostile text in the title and post data is escaped in the head, meta tags and JSON-LD', async () => {
    const evil = '</title><script>alert(1)</script>"\'><img src=x onerror=alert(2)>';
    const response = await save({
      title: evil,
      postData: { ...post, title: evil, excerpt: evil, seo: { title: evil, description: evil }, seo_keyword: `${evil}, ok` },
    });
    expect(response.status).toBe(200);
    const page = await (await server.fetch(`/blog/${post.slug}.html`)).text();
    assertInert(page);
    const document = new JSDOM(page).window.document;
    expect(document.querySelector('h1')?.textContent).toBe(evil);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    const jsonLd = JSON.parse(document.querySelector('script')?.textContent ?? '{}') as { headline: string };
    expect(jsonLd.headline).toBe(evil);
  });

  test('a whole document keeps only its sanitized body', async () => {
    await save({
      html: '<html><head><title>Evil</title><script>alert(1)</script></head><body><h2>Body</h2><script>x()</script></body></html>',
    });
    const page = await (await server.fetch(`/blog/${post.slug}.html`)).text();
    expect(page).toContain('<h2>Body</h2>');
    expect(page).not.toContain('Evil');
    assertInert(page);
  });
});

describe('save-post-html with a hostile document shape', () => {
  test('a document of unclosed <body tags is saved at once, not after stalling the server for every visitor', async () => {
    const started = performance.now();
    const response = await save({ html: `<html>${'<body'.repeat(99_000)}` });
    expect(response.status).toBe(200);
    // A guard against the quadratic scan, not a speed figure: it took 25 s on a 2-core VM, the
    // linear one a fraction of a second; the bound leaves room for a busy machine.
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 60_000);
});

describe('save-post-html refuses', () => {
  test('a request without a valid admin token (401, nothing stored)', async () => {
    await server.app.database.db.deleteFrom('blog_html_pages').execute();
    expect((await save({}, null)).status).toBe(401);
    const response = await save({}, 'forged.token');
    expect(response.status).toBe(401);
    // The app's admin gate answers, as on every admin route, before the body is read.
    expect(await response.json()).toEqual({ success: false, error: ADMIN_AUTH_ERRORS.invalid });
    expect(await server.app.database.db.selectFrom('blog_html_pages').selectAll().execute()).toEqual([]);
  });

  test.each([
    ['../../etc/passwd', '../../etc/passwd.html'],
    ['..', '...html'],
    ['a/b', 'a/b.html'],
    ['a\\b', 'a\\b.html'],
    ['%2e%2e%2fx', '%2e%2e%2fx.html'],
    ['Post', 'Post.html'],
    ['post ', 'post .html'],
    ['post\u0000', 'post\u0000.html'],
  ])('path traversal or an unsafe slug: %j', async (slug, filename) => {
    const response = await save({ slug, filename, postData: { ...post, slug } });
    expect(response.status).toBe(400);
    // Refused on the slug or on the file name made from it, whichever is checked first.
    expect(((await response.json()) as { error: string }).error).toMatch(/'(postData\.)?(slug|filename)'/);
  });

  test.each([
    ['../evil.html'],
    ['other-post.html'],
    ['reducing-time-to-hire.htm'],
    ['/tmp/x.html'],
    ['reducing-time-to-hire.html/../../x'],
  ])('a filename other than exactly {slug}.html: %j', async (filename) => {
    const response = await save({ filename });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: `Invalid request body: 'filename' must be exactly "${post.slug}.html"` });
  });

  test.each([['0000-01-01T00:00:00Z'], ['-000001-01-01T00:00:00Z'], ['+010000-01-01T00:00:00Z']])(
    'post data dated outside the years 1 to 9999, which the database cannot store: %j (400, not a 500)',
    async (updatedAt) => {
      const response = await save({ postData: { ...post, updated_at: updatedAt } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid request body: 'postData.updated_at' must be a date" });
    },
  );

  test('post data for another slug, unknown fields and a missing body field', async () => {
    expect((await save({ postData: { ...post, slug: 'another-post' } })).status).toBe(400);
    expect((await save({ extra: 'field' })).status).toBe(400);
    const response = await server.fetch('/api/save-post-html', json({ filename: 'x.html', slug: 'x' }, token));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain("'html' is required");
    expect(await server.app.database.db.selectFrom('blog_html_pages').selectAll().execute()).toEqual([]);
  });
});
