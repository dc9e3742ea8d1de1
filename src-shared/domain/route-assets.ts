/**
 * route-assets.json, the build's word to the server about each page: written by vite.config.ts,
 * read by server/http/web-app/page-html.ts.
 */

/**
 * A page's head as the app's page sets it (usePageMeta, src-web/components/seo.tsx): the full
 * title (" | HireAssist" included), the description, the Open Graph type and image.
 */
export interface PageHead {
  title: string;
  description: string;
  type: 'website' | 'article';
  image?: string;
}

/**
 * One page's entry: its chunk's scripts and style sheets, and for a prerendered page the build
 * file of its HTML (markup already in #root) and its head, which the server writes into it.
 */
export interface RouteAssetsEntry {
  scripts: string[];
  styles: string[];
  html?: string;
  meta?: PageHead;
}
