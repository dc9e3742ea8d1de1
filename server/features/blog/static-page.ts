import company from '../../../content/company.json' with { type: 'json' };
import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { blogPostPath } from '../../../src-shared/domain/routes.ts';
import { escapeHtml } from '../../http/html.ts';
import { htmlToText } from './sanitize.ts';

/** JSON that cannot close the <script> element it sits in, nor start an HTML comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** `url` on the site made absolute; an absolute http(s) URL as it is. */
export function absoluteUrl(siteUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function displayDate(iso: string | null): string | undefined {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return undefined;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The canonical address of a post: its page in the web app. */
export function postUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}${blogPostPath(slug)}`;
}

/** The page's look: small, inline, no web font, so the page stands alone and renders at once. */
const STYLE = `*{box-sizing:border-box}body{margin:0;font:17px/1.65 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2233;background:#fff}
a{color:#3f51b5}header,footer{background:#101436;color:#e3e6f6}header a,footer a{color:#e3e6f6}
.bar{max-width:760px;margin:0 auto;padding:14px 20px;display:flex;gap:20px;align-items:center;justify-content:space-between}
.brand{font-weight:700;font-size:20px;text-decoration:none}nav a{margin-left:16px}
main{max-width:760px;margin:0 auto;padding:24px 20px 48px}.crumbs{font-size:14px;color:#555a70}
h1{font-size:clamp(28px,5vw,40px);line-height:1.2;margin:8px 0 12px}time{color:#555a70;font-size:15px}
.lead{font-size:19px;color:#3a3e52}.hero{width:100%;height:auto;border-radius:12px;margin:16px 0;background:#eef0fa}
.tags{display:flex;flex-wrap:wrap;gap:8px;padding:0;list-style:none}.tags li{background:#e8eaf6;color:#283593;border-radius:999px;padding:2px 12px;font-size:14px}
article img{max-width:100%;height:auto}blockquote{margin:16px 0;padding:4px 16px;border-left:4px solid #e91e63;color:#3a3e52}
pre{overflow:auto;background:#f4f5fb;padding:12px;border-radius:8px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #d5d8e6;padding:6px 10px;text-align:left}
footer .bar{font-size:14px;flex-wrap:wrap}`;

/**
 * A post as a complete standalone HTML document: readable with no JavaScript, with the
 * title, description, canonical link, Open Graph and Twitter tags and BlogPosting JSON-LD
 * that search engines and link previews read. `bodyHtml` must already be sanitized;
 * every other value is escaped here.
 */
export function renderStaticPage(options: { post: BlogPost; bodyHtml: string; title?: string; siteUrl: string }): string {
  const { post, bodyHtml, siteUrl } = options;
  const heading = (options.title ?? post.title).trim() || 'Untitled Post';
  const pageTitle = post.seo.title.trim() || heading;
  const description = (post.seo.description.trim() || post.excerpt.trim() || htmlToText(bodyHtml)).slice(0, 300);
  const canonical = postUrl(siteUrl, post.slug);
  const image = post.featured_image?.data;
  const imageUrl = image ? absoluteUrl(siteUrl, image.sizes.large || image.url) : undefined;
  const keywords = post.seo_keyword
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean);
  const published = displayDate(post.published_at);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: heading,
    description,
    url: canonical,
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
    ...(imageUrl ? { image: [imageUrl] } : {}),
    ...(post.published_at ? { datePublished: post.published_at } : {}),
    dateModified: post.updated_at,
    ...(keywords.length > 0 ? { keywords: keywords.join(', ') } : {}),
    author: { '@type': 'Organization', name: company.name, url: siteUrl },
    publisher: {
      '@type': 'Organization',
      name: company.name,
      url: siteUrl,
      logo: { '@type': 'ImageObject', url: `${siteUrl}/favicon.svg` },
    },
  };
  const e = escapeHtml;
  const meta = [
    `<meta name="description" content="${e(description)}">`,
    keywords.length > 0 ? `<meta name="keywords" content="${e(keywords.join(', '))}">` : '',
    `<link rel="canonical" href="${e(canonical)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:site_name" content="${e(company.name)}">`,
    `<meta property="og:title" content="${e(pageTitle)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(canonical)}">`,
    imageUrl ? `<meta property="og:image" content="${e(imageUrl)}">` : '',
    image?.alt ? `<meta property="og:image:alt" content="${e(image.alt)}">` : '',
    post.published_at ? `<meta property="article:published_time" content="${e(post.published_at)}">` : '',
    `<meta property="article:modified_time" content="${e(post.updated_at)}">`,
    `<meta name="twitter:card" content="${imageUrl ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(pageTitle)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    imageUrl ? `<meta name="twitter:image" content="${e(imageUrl)}">` : '',
    image?.alt ? `<meta name="twitter:image:alt" content="${e(image.alt)}">` : '',
  ].filter(Boolean);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(pageTitle)} | ${e(company.name)}</title>
${meta.join('\n')}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<script type="application/ld+json">${scriptSafeJson(jsonLd)}</script>
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar"><a class="brand" href="/">${e(company.name)}</a><nav aria-label="Main"><a href="/blog">Blog</a><a href="/contact">Contact Us</a></nav></div></header>
<main>
<p class="crumbs"><a href="/">Home</a> › <a href="/blog">Blog</a> › ${e(heading)}</p>
<article>
${published ? `<time datetime="${e(post.published_at ?? '')}">${e(published)}</time>` : ''}
<h1>${e(heading)}</h1>
${post.excerpt ? `<p class="lead">${e(post.excerpt)}</p>` : ''}
${keywords.length > 0 ? `<ul class="tags" aria-label="Keywords">${keywords.map((keyword) => `<li>${e(keyword)}</li>`).join('')}</ul>` : ''}
${image ? `<img class="hero" src="${e(imageUrl ?? '')}" alt="${e(image.alt)}" width="1200" height="630">` : ''}
${bodyHtml}
</article>
<p><a href="${e(blogPostPath(post.slug))}">Read this article on ${e(company.name)}</a> · <a href="/blog">More articles</a></p>
</main>
<footer><div class="bar"><span>© ${new Date().getUTCFullYear()} ${e(company.name)}</span><span><a href="/blog">Blog</a> · <a href="/aboutus">About Us</a> · <a href="/contact">Contact Us</a></span></div></footer>
</body>
</html>
`;
}
