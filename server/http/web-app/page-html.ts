import company from '../../../content/company.json' with { type: 'json' };
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../../src-shared/domain/public-config.ts';
import type { PageHead, RouteAssetsEntry } from '../../../src-shared/domain/route-assets.ts';
import { PATHS, type PagePath } from '../../../src-shared/domain/routes.ts';
import { escapeHtml } from '../html.ts';
import type { BuiltFile } from './load-build.ts';

/**
 * What a page's server side adds to the app's HTML so that the page paints before the app's
 * code has run. Every string is HTML the provider has already escaped or sanitised, but
 * `title` and `description`, which are text.
 */
export interface FirstPaint {
  /** The answer's status: 404 for the page of something that does not exist (the app shows its not-found view). */
  status?: number;
  /** The page's own <title> and meta description, in place of the app's (the home page's). */
  title?: string;
  description?: string;
  /** Elements for <head>, e.g. a preload of the page's largest image. */
  head?: string;
  /** Markup shown in #root (under the boot bar) until the app renders the page in its place. */
  root?: string;
  /**
   * Bodies of the GET requests the page makes as it starts, keyed by path and query: the app
   * takes each once instead of fetching it (src-web/components/preloaded-responses.ts).
   */
  responses?: Record<string, unknown>;
}

/**
 * Builds a page's first paint from its path and query (the blog list's page is in its query);
 * undefined leaves the page as the build made it.
 */
export type FirstPaintProvider = (pathname: string, query?: URLSearchParams) => Promise<FirstPaint | undefined>;

/** route-assets.json, as the build wrote it (src-shared/domain/route-assets.ts). */
type RouteAssets = Partial<Record<PagePath, RouteAssetsEntry>>;

/** Where the build leaves room inside #root (src-web/index.html) for a page's first paint. */
const ROOT_SLOT = '<!--first-paint-->';
const RESPONSES_ID = 'preloaded-responses';
/** The head's opening and its charset declaration if it has one, which must stay first. */
const HEAD_START = /<head>(?:\s*<meta charset="[^"]*"\s*\/?>)?/i;
const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/i;

/** JSON that cannot close the <script> element it sits in, nor start an HTML comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** `value` as a JSON data element at the end of <body>, where the app reads it by `id`. */
function withJsonElement(html: string, id: string, value: unknown): string {
  return html.replace('</body>', () => `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script></body>`);
}

function readRouteAssets(distDir: string): RouteAssets {
  const file = path.join(distDir, 'route-assets.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RouteAssets) : {};
}

/** Links that start a page's own code and styles downloading with the app's entry, not after it. */
function preloadLinks(assets: RouteAssets[PagePath]): string {
  if (!assets) return '';
  return [
    ...assets.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...assets.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join('');
}

/**
 * `GET /api/config`'s answer written into a page, so the app has it at its first render instead
 * of a round trip later: the pricing page shows Stripe's table or ours from the start, the Jobs
 * page's portal starts loading at once. Public values only, the same bytes for everyone.
 */
export function withPublicConfig(html: string, config: unknown): string {
  return withJsonElement(html, PUBLIC_CONFIG_ELEMENT_ID, config);
}

function withHead(html: string, head: string): string {
  return head ? html.replace('</head>', `${head}</head>`) : html;
}

/**
 * A page's HTML with what its server side adds: `template` is already the page's static HTML.
 * The head elements go first in <head>, so the page's image is requested before any script;
 * the answers go after the markup, which the browser can paint without them.
 */
export function renderFirstPaint(template: string, firstPaint: FirstPaint): string {
  const { title, description } = firstPaint;
  // The page's own title and description replace the app's, so the page has one of each.
  const ownHead =
    (title === undefined ? '' : `<title>${escapeHtml(title)}</title>`) +
    (description === undefined ? '' : `<meta name="description" content="${escapeHtml(description)}">`);
  const html = template
    .replace(TITLE, (element) => (title === undefined ? element : ''))
    .replace(DESCRIPTION, (element) => (description === undefined ? element : ''))
    .replace(HEAD_START, (start) => `${start}${ownHead}${firstPaint.head ?? ''}`)
    .replace(ROOT_SLOT, () => firstPaint.root ?? '');
  return firstPaint.responses ? withJsonElement(html, RESPONSES_ID, firstPaint.responses) : html;
}

/**
 * A page's head for crawlers and link previews that run no script, as the app's page sets it
 * once it runs (usePageMeta): its title and description (which replace index.html's, the home
 * page's), its canonical address `url` (none without PUBLIC_URL) and its Open Graph and Twitter
 * tags, an image's address made absolute against `url`.
 */
export function pageHead(meta: PageHead, url: string | undefined): Pick<FirstPaint, 'title' | 'description' | 'head'> {
  const tags = [
    url === undefined ? '' : `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${escapeHtml(company.name)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    url === undefined ? '' : `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:type" content="${escapeHtml(meta.type)}">`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    meta.image && url !== undefined ? `<meta property="og:image" content="${escapeHtml(new URL(meta.image, url).href)}">` : '',
  ];
  return { title: meta.title, description: meta.description, head: tags.join('') };
}

const brotliBest = promisify(brotliCompress);
const gzipBest = promisify(gzip);

/** A page's HTML: as it is, and as a file to send, compressed by the first request that needs it. */
export interface PageFile {
  html: string;
  file(): Promise<BuiltFile>;
}

/**
 * A page of the app whose HTML differs from index.html. Its compressed variants are made
 * once, on zlib's thread pool, when the page is first asked for: made for every page at
 * start-up, at brotli's best quality, they blocked each start for 1.2 to 1.7 s (2026-11-26,
 * 2 vCPU) before the server could answer anything. Should compressing fail (zlib out of
 * memory), the page goes out uncompressed and the next request tries again: a kept failure
 * would break the page until a restart.
 */
function htmlFile(index: BuiltFile, html: string): PageFile {
  const body = Buffer.from(html);
  const headers = { ...index.headers, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  let compressed: Promise<BuiltFile> | undefined;
  const compress = () =>
    Promise.all([brotliBest(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gzipBest(body, { level: 9 })]).then(
      ([br, gzip]): BuiltFile => ({ body, br, gzip, headers }),
      (): BuiltFile => {
        compressed = undefined;
        return { body, headers };
      },
    );
  return { html, file: () => (compressed ??= compress()) };
}

/**
 * Each page's HTML, worked out once at start-up: its prerendered HTML if the build made one,
 * else index.html, plus preload links for the page's own chunk, and `addition` (the public
 * configuration) in every page. `index` is index.html with the addition: the app's shell for
 * paths that are no page (its not-found page) and for /index.html by name. `templates`: the
 * build paths of the prerendered pages' HTML, which are no address of their own.
 */
export function buildPageFiles(
  files: ReadonlyMap<string, BuiltFile>,
  distDir: string,
  addition: (html: string) => string = (html) => html,
  siteUrl?: string,
): { pages: Map<PagePath, PageFile>; index: PageFile; templates: ReadonlySet<string> } {
  const built = files.get('/index.html');
  if (!built) throw new Error('the web build has no index.html');
  const builtHtml = built.body.toString('utf8');
  const pageFile = (html: string): PageFile =>
    html === builtHtml ? { html, file: () => Promise.resolve(built) } : htmlFile(built, html);
  const assets = readRouteAssets(distDir);
  const pages = new Map<PagePath, PageFile>();
  const templates = new Set<string>();
  for (const pattern of Object.values(PATHS)) {
    const page = assets[pattern];
    const prerendered = page?.html && files.get(page.html);
    if (prerendered && page.html) templates.add(page.html);
    let template = (prerendered || built).body.toString('utf8');
    // Only a prerendered page's path is fixed (no :parameter), so it is the page's one address.
    if (prerendered && page.meta) template = renderFirstPaint(template, pageHead(page.meta, siteUrl && `${siteUrl}${pattern}`));
    pages.set(pattern, pageFile(addition(withHead(template, preloadLinks(page)))));
  }
  return { pages, index: pageFile(addition(builtHtml)), templates };
}
