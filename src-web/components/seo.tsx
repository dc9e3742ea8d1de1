import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { PageHead } from '../../src-shared/domain/route-assets.ts';
import { usePublicConfig } from './public-config.ts';

export interface PageMeta {
  /** The page's own title; " | HireAssist" is added. */
  title: string;
  /** One or two sentences for search results and link previews (about 150 characters). */
  description: string;
  /** Open Graph type: 'website' for pages, 'article' for blog posts. */
  type?: 'website' | 'article';
  /** An absolute path or URL of a preview image. */
  image?: string;
  /** The page's canonical path when its query names it (the blog list's /blog?page=2); else the current path. */
  path?: string;
}

const SITE_NAME = 'HireAssist';

/**
 * Given only while the build prerenders a page (src-web/prerender/render.tsx), where no effect
 * runs: usePageMeta hands it the page's head, which the build records for the server to write
 * into the page's HTML, so crawlers and link previews that run no script read the page's own
 * title and description rather than the home page's.
 */
export const PrerenderedPageMetaContext = createContext<((meta: PageHead) => void) | undefined>(undefined);

function upsertMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function upsertCanonical(href: string): void {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!element) {
    element = document.createElement('link');
    element.rel = 'canonical';
    document.head.append(element);
  }
  element.href = href;
}

/**
 * Sets the page's title, meta description, canonical URL and Open Graph / Twitter tags.
 * Call it once at the top of every page component:
 *
 *     usePageMeta({ title: post.title, description: post.excerpt, type: 'article' });
 *
 * The canonical URL is the site's public origin (PUBLIC_URL, from /api/config) plus the
 * current path without query, hash or trailing slash; until the config arrives the page's own origin is used.
 */
export function usePageMeta({ title, description, type = 'website', image, path }: PageMeta): void {
  const { pathname } = useLocation();
  const config = usePublicConfig();
  useContext(PrerenderedPageMetaContext)?.({ title: `${title} | ${SITE_NAME}`, description, type, ...(image ? { image } : {}) });
  const origin = config.status === 'ready' ? config.config.siteUrl : window.location.origin;

  useEffect(() => {
    const fullTitle = `${title} | ${SITE_NAME}`;
    // A page's one address has no trailing slash, as the server's canonical link says (pagePatternOf
    // tolerates /features/): the app must not rename it once it runs.
    const url = `${origin}${path ?? (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname)}`;
    document.title = fullTitle;
    upsertMeta('name', 'description', description);
    upsertCanonical(url);
    upsertMeta('property', 'og:site_name', SITE_NAME);
    upsertMeta('property', 'og:title', fullTitle);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:url', url);
    upsertMeta('property', 'og:type', type);
    upsertMeta('name', 'twitter:card', image ? 'summary_large_image' : 'summary');
    if (image) upsertMeta('property', 'og:image', new URL(image, origin).href);
    else document.head.querySelector('meta[property="og:image"]')?.remove();
  }, [title, description, type, image, origin, pathname, path]);
}

/** Structured data for search engines (schema.org JSON-LD), rendered where the component sits. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  // '<' escaped so that no string in the data can close the script element.
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
