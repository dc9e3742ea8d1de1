import type { FastifyInstance } from 'fastify';
import { PATHS, PUBLIC_PAGE_PATHS } from '../../../src-shared/domain/routes.ts';

/** One `<url>` of the sitemap; `path` is absolute within the site (starts with '/'). */
export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/**
 * Adds pages the server only knows at request time (the blog's posts, for one). Register one
 * with `registerSeoRoutes(app, {publicUrl, sitemapProviders: [...]})`; a provider that fails
 * is logged and left out, so the sitemap still lists every other page.
 */
export type SitemapProvider = () => Promise<readonly SitemapEntry[]>;

/** The most URLs one sitemap may list (sitemaps.org); search engines refuse a longer one. */
export const SITEMAP_MAX_URLS = 50_000;

/** The admin area and every signed-in page: to a crawler each is the app's shell, the home page's title and no content. */
const DISALLOWED_PATHS: readonly string[] = [
  '/admin',
  PATHS.dashboard,
  PATHS.profile,
  PATHS.subscription,
  PATHS.settings,
  PATHS.security,
];

function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const loc = `${publicUrl}${path}`.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
    return `  <url><loc>${loc}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** `GET /robots.txt` and `GET /sitemap.xml`, built from PUBLIC_URL so every deployment names itself. */
export function registerSeoRoutes(
  app: FastifyInstance,
  options: {
    publicUrl: string;
    sitemapProviders?: readonly SitemapProvider[];
    /** The sign-up page is listed only when it embeds an external form (otherwise it is a detour to a dialog). */
    listSignupPage?: boolean;
  },
): void {
  const robots = robotsTxt(options.publicUrl);
  app.get('/robots.txt', { config: { access: 'public' } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );

  const staticEntries = [...PUBLIC_PAGE_PATHS, ...(options.listSignupPage ? [PATHS.signup] : [])].map((path) => ({ path }));
  app.get('/sitemap.xml', { config: { access: 'public' } }, async (request, reply) => {
    const extra = await Promise.all(
      (options.sitemapProviders ?? []).map((provide) =>
        provide().catch((error: unknown) => {
          request.log.error({ err: error }, 'a sitemap provider failed; its pages are left out');
          return [];
        }),
      ),
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(sitemapXml(options.publicUrl, [...staticEntries, ...extra.flat()].slice(0, SITEMAP_MAX_URLS)));
  });
}
