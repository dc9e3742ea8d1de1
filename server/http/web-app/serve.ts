import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gzipSync } from 'node:zlib';
import type { PublicConfig } from '../../../src-shared/domain/public-config.ts';
import { pagePatternOf, type PagePath } from '../../../src-shared/domain/routes.ts';
import type { ErrorBody } from '../errors.ts';
import { loadWebBuild, type BuiltFile } from './load-build.ts';
import { buildPageFiles, renderFirstPaint, withPublicConfig, type FirstPaintProvider } from './page-html.ts';

/** Paths that belong to machines, never to the web app's pages. */
const MACHINE_PREFIXES = ['/api/', '/cognito/'];

const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>HireAssist</title>' +
  '<p>The web app has not been built yet. Run <code>npm run build</code>, or use <code>npm start</code>, which builds it for you.</p>';

/**
 * Serves the built web app: files by exact path, every page of the app as index.html with
 * preload links for the page's own code (a real 404 status for unknown pages, which the app
 * renders as its not-found page), and a JSON 404 for unknown API paths. Every page carries the
 * public configuration (`publicConfig`); a page with a first-paint provider (the blog's) also
 * gets its content and data written into its HTML.
 */
export function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { firstPaint?: Partial<Record<PagePath, FirstPaintProvider>>; publicConfig?: PublicConfig } = {},
): void {
  const { firstPaint = {}, publicConfig } = options;
  const files = loadWebBuild(distDir);
  if (!files) app.log.warn({ distDir }, 'web app not built: pages answer 503 until `npm run build` runs');
  const index = files?.get('/index.html');
  const built =
    files &&
    buildPageFiles(files, distDir, publicConfig && ((html) => withPublicConfig(html, publicConfig)), publicConfig?.siteUrl);

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, index: BuiltFile, pathname: string) => {
    const pattern = pagePatternOf(pathname);
    const page = pattern && built?.pages.get(pattern);
    if (!pattern || !page) {
      const shell = built ? await built.index.file() : index;
      return sendFile(request, reply, shell, pathname === '/index.html' ? 200 : 404);
    }
    const additions = await firstPaint[pattern]?.(pathname, new URLSearchParams(queryOf(request.url))).catch((error: unknown) => {
      // The page still works without its first paint: the app fetches what it needs.
      request.log.warn({ err: error, pathname }, 'first paint failed; serving the page without it');
      return undefined;
    });
    if (!additions) return sendFile(request, reply, await page.file(), 200);
    const html = Buffer.from(renderFirstPaint(page.html, additions));
    const { etag: _static, ...headers } = index.headers;
    reply.status(additions.status ?? 200).headers(headers);
    // Compressed per request (fast gzip): the page carries per-post content, so it is not precomputed.
    if ((request.headers['accept-encoding'] ?? '').includes('gzip'))
      return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
    return reply.send(html);
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = pathOf(request.url);
    if (MACHINE_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || request.method !== 'GET') {
      const body: ErrorBody = { error: `Not found: ${request.method} ${pathname}` };
      return reply.status(404).send(body);
    }
    if (!index) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    // /index.html by name is what the web app's version check fetches (with a cache-busting query).
    if (pathname === '/index.html' && !isScriptFetch(request)) return reply.redirect(`/${queryOf(request.url)}`, 301);
    return sendPage(request, reply, index, pathname);
  };

  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const pathname = pathOf(request.url);
    const file = files?.get(pathname);
    // A prerendered page's build file (/pages/contact.html) is that page only at the page's
    // own address: by its file name it was a second copy of the page with a 200, where the
    // app, which knows no such path, showed its not-found page.
    const template = built?.templates.has(pathname) ?? false;
    return file && file !== index && !template ? sendFile(request, reply, file, 200) : notFound(request, reply);
  });
  app.setNotFoundHandler(notFound);
}

/**
 * A request made by a page's script (fetch: Sec-Fetch-Mode cors, same-origin or no-cors), such
 * as the version check's, rather than a browser's navigation or a crawler (which sends none).
 * The app has no /index.html page: a visitor or crawler is sent to the home page's one address
 * instead of being shown the not-found page with a 200; the version check still reads the file.
 */
function isScriptFetch(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  return typeof mode === 'string' && mode !== 'navigate';
}

/** The query of `url`, with its '?', or ''. */
function queryOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}

function pathOf(url: string): string {
  const raw = url.split('?', 1)[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: BuiltFile, status: number) {
  reply.status(status).headers(file.headers);
  if (status === 200 && request.headers['if-none-match'] === file.headers.etag) return reply.status(304).send();
  const accepted = request.headers['accept-encoding'] ?? '';
  if (file.br && accepted.includes('br')) return reply.header('content-encoding', 'br').send(file.br);
  if (file.gzip && accepted.includes('gzip')) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}
