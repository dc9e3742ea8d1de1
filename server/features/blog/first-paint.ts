import company from '../../../content/company.json' with { type: 'json' };
import {
  BLOG_LIST_PAGE,
  BLOG_LIST_PATHS,
  blogPostImage,
  blogPostPageMeta,
  blogPostTitle,
  isBlogSlug,
  type BlogPost,
} from '../../../src-shared/domain/blog-post.ts';
import {
  blogListPath,
  blogListRequestPages,
  blogPageCards,
  blogPageCount,
  isFilteredBlogList,
  shownBlogPage,
} from '../../../src-shared/domain/blog-list-page.ts';
import { BLOG } from '../../../src-shared/domain/constants.ts';
import type { PageHead } from '../../../src-shared/domain/route-assets.ts';
import { blogPostPath, PATHS } from '../../../src-shared/domain/routes.ts';
import { pageHead, type FirstPaint, type FirstPaintProvider } from '../../http/web-app/page-html.ts';
import { inlinedImageSrc, type BlogImages } from './images.ts';
import { listBody } from './list-body.ts';
import { PostSourceUnavailableError, type PostQuery, type PostSource } from './post-source.ts';
import type { PublicPages } from './public-pages.ts';
import { escapeHtml as e } from '../../http/html.ts';
import { absoluteUrl, displayDate, postUrl } from './static-page.ts';

/**
 * The look of the first paint, close to the app's own pages (src-web/features/blog) so the
 * swap to the app is quiet: same widths, the same image box, the theme's variables. The app
 * replaces this markup entirely, so none of it is ever shifted (no layout shift). It is a
 * preview, inert and hidden from assistive technology: the app's page is the one to use.
 */
const STYLE = `<style>
.fp{max-width:820px;margin:0 auto;padding:20px 16px 32px}
.fp-list{max-width:1200px;padding-top:24px}
/* The page header band (src-web/features/marketing/shared/PageHeader.module.css), below the fixed top bar. */
.fp-band{padding:120px 24px 48px;text-align:center;background:linear-gradient(135deg,#e9ebf9 0%,#f7f8fd 55%,#fce4ec 100%)}
.fp-band time{display:block;margin:0 0 12px;font-weight:600;color:#3b3f55}
.fp-band h1{margin:0 auto 16px;max-width:880px;font-size:clamp(32px,5vw,44px);line-height:1.15;letter-spacing:-0.01em;color:#141a4d}
.fp-band h1:last-child{margin-bottom:0}
.fp-band p{margin:0 auto;max-width:760px;font-size:20px;line-height:1.55;color:#3b3f55}
@media (max-width:599px){.fp-band{padding:88px 20px 32px}.fp-band p{font-size:16px}}
.fp a{color:var(--colorBrandForeground1)}
.fp-crumbs{margin:0 0 12px;font-size:12px;color:var(--colorNeutralForeground3)}
.fp-crumbs ol{display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:0;padding:0}
.fp-crumbs li:not(:last-child)::after{content:"›";margin-left:4px}
.fp-back{display:flex;height:32px;margin:0 0 16px}
.fp-back a{display:inline-flex;align-items:center;gap:6px;margin-left:-13px;padding:0 12px;border:1px solid transparent;font-weight:600;color:var(--colorNeutralForeground2);text-decoration:none}
.fp time{color:var(--colorNeutralForeground3)}
.fp-image{display:block;width:100%;height:auto;aspect-ratio:1200/630;border-radius:var(--borderRadiusXLarge);margin-bottom:16px;background:#e8eaf6;object-fit:cover}
.fp-filters{height:58px;margin-bottom:20px}
@media (max-width:700px){.fp-filters{height:172px}}
.fp-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:20px}
@media (max-width:400px){.fp-grid{grid-template-columns:1fr}}
.fp-card{border-radius:var(--borderRadiusXLarge);overflow:hidden;box-shadow:0 0 2px rgba(0,0,0,.12),0 2px 4px rgba(0,0,0,.14)}
.fp-card .fp-image{border-radius:0;margin:0}.fp-card div{padding:16px}
.fp-card h2{margin:8px 0;font-size:20px;line-height:28px;font-weight:600}.fp-card h2 a{color:inherit;text-decoration:none}
.fp-card p{margin:0;color:var(--colorNeutralForeground2);display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
</style>`;

/** The post page's 'Back to Blog' arrow (ArrowLeftIcon in src-web/features/blog/blog-icons.ts), so the swap to the app does not change it. */
const BACK_ARROW =
  '<svg width="20" height="20" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true"><path d="M9.16 16.87a.5.5 0 1 0 .67-.74L3.67 10.5H17.5a.5.5 0 0 0 0-1H3.67l6.16-5.63a.5.5 0 0 0-.67-.74L2.24 9.44a.75.75 0 0 0 0 1.11z"/></svg>';

/**
 * The card's or post's image; the ones on the first screen (`eager`) are requested first,
 * or, when small built-in files, written into the page itself.
 */
function image(post: BlogPost, className: string, eager: boolean, images: BlogImages): string {
  const picture = blogPostImage(post);
  if (!picture) return '';
  const src = eager ? inlinedImageSrc(images, picture.src) : picture.src;
  const loading = eager ? ' fetchpriority="high"' : ' loading="lazy"';
  return `<img class="${className}" src="${e(src)}" alt="${e(picture.alt)}" width="1200" height="630"${loading}>`;
}

/** A preload of the page's first image, unless it is written into the page. */
function preloadImage(post: BlogPost | undefined, images: BlogImages): string {
  const picture = post && blogPostImage(post);
  if (!picture || inlinedImageSrc(images, picture.src) !== picture.src) return '';
  return `<link rel="preload" as="image" href="${e(picture.src)}" fetchpriority="high">`;
}

function dateOf(post: BlogPost): string {
  const shown = displayDate(post.published_at);
  return shown ? `<time datetime="${e(post.published_at ?? '')}">${e(shown)}</time>` : '';
}

/** The top of the post (what the first screen shows); the article's body comes with the app. */
function postMarkup(post: BlogPost, images: BlogImages): string {
  const heading = blogPostTitle(post);
  return `${STYLE}<article inert aria-hidden="true">
<header class="fp-band">${dateOf(post)}<h1>${e(heading)}</h1>${post.excerpt ? `<p>${e(post.excerpt)}</p>` : ''}</header>
<div class="fp"><nav class="fp-crumbs" aria-label="Breadcrumb"><ol><li><a href="${PATHS.home}">Home</a></li><li><a href="${PATHS.blog}">Blog</a></li><li aria-current="page">${e(heading)}</li></ol></nav>
<p class="fp-back"><a href="${PATHS.blog}">${BACK_ARROW}Back to Blog</a></p>
${image(post, 'fp-image', true, images)}</div>
</article>`;
}

/** The post page's head as the app's page sets it (src-web/components/seo.tsx, from blogPostPageMeta). */
function postMeta(post: BlogPost, siteUrl: string): Pick<FirstPaint, 'title' | 'description' | 'head'> {
  const { title, description, image } = blogPostPageMeta(post);
  const meta: PageHead = { title: `${title} | ${company.name}`, description, type: 'article' };
  return pageHead(image ? { ...meta, image: absoluteUrl(siteUrl, image) } : meta, postUrl(siteUrl, post.slug));
}

/** The list page's head, as src-web/features/blog/BlogListPage.tsx sets it: page 1 (and a searched list) is /blog, page 2 /blog?page=2. */
function listMeta(siteUrl: string, page: number): Pick<FirstPaint, 'title' | 'description' | 'head'> {
  const meta: PageHead = {
    title: `${BLOG_LIST_PAGE.title} | ${company.name}`,
    description: BLOG_LIST_PAGE.description,
    type: 'website',
  };
  return pageHead(meta, `${siteUrl}${blogListPath(page)}`);
}

/** The cards of one page of the list (as pageOf in src-web/features/blog/list-rules.ts cuts them). */
function listMarkup(posts: BlogPost[], images: BlogImages): string {
  const cards = posts.map((post, index) => {
    const href = e(blogPostPath(post.slug));
    return `<article class="fp-card">${image(post, 'fp-image', index < 3, images)}<div>${dateOf(post)}<h2><a href="${href}">${e(blogPostTitle(post))}</a></h2><p>${e(post.excerpt.trim() || 'No description available')}</p></div></article>`;
  });
  return `${STYLE}<section inert aria-hidden="true"><header class="fp-band"><h1>${BLOG_LIST_PAGE.title}</h1><p>${BLOG_LIST_PAGE.intro}</p></header><div class="fp fp-list"><div class="fp-filters"></div><div class="fp-grid">${cards.join('')}</div></div></section>`;
}

/** The request the web app makes for a list, as the key of its preloaded answer. */
function listRequest(query: PostQuery): string {
  const search = new URLSearchParams({ page: String(query.page), per_page: String(query.perPage), status: query.status });
  return `/api/storychief/${BLOG_LIST_PATHS[0]}?${search}`;
}

/**
 * While the post source is unavailable, a blog page answers 502 as the blog's API and static
 * pages do: the app still comes and says the blog is unavailable (a saved copy of a post may
 * stand in), but a crawler is told to come back rather than handed a 200 that shows no post.
 */
function unavailableAs502(provide: FirstPaintProvider): FirstPaintProvider {
  return async (pathname, query) => {
    try {
      return await provide(pathname, query);
    } catch (error) {
      if (error instanceof PostSourceUnavailableError) return { status: 502 };
      throw error;
    }
  };
}

/**
 * The blog pages' first paint, written into the page's HTML so it paints (and its image
 * loads) at once: the list's first page of cards, or the post with the answers to the
 * requests the app makes as it starts, so it renders the post without waiting for the API.
 *
 * The list page carries no answer: the app's list request returns 50 posts with their whole
 * text (the search reads it), which made the page 24 KB compressed instead of 10 KB, more
 * than a phone's first round trip brings, and its first paint about 0.2 s later under
 * Lighthouse's mobile throttling (bench/lighthouse). The app asks for the list as it starts.
 */
export function createBlogFirstPaint(source: PostSource, publicPages: PublicPages, images: BlogImages, siteUrl: string) {
  const list: FirstPaintProvider = async (_pathname, query = new URLSearchParams()) => {
    const first = await source.list(BLOG.listRequest);
    // The page the app will show for the address, among all the blog's posts: a bad number shows page 1, one past the end the last (the app renames the address).
    const shown = shownBlogPage(query, blogPageCount(first.total));
    // A searched or filtered list: the search reads the posts' text as the browser parses it, so
    // the app finds its cards; painting the unfiltered list's in their place would flash other posts.
    const filtered = isFilteredBlogList(query);
    // A page beyond the first request's posts: its cards are in the list request page (or two) the app fetches for it.
    const requestPages = blogListRequestPages(shown, first.total);
    const posts = filtered
      ? []
      : await Promise.all(requestPages.map((page) => (page === 1 ? first : source.list({ ...BLOG.listRequest, page })))).then(
          (lists) => lists.flatMap((list) => list.posts),
        );
    const cards = filtered ? [] : blogPageCards(shown, requestPages[0] ?? 1, posts);
    const meta = listMeta(siteUrl, filtered ? 1 : shown);
    return {
      ...meta,
      head: `${meta.head ?? ''}${preloadImage(cards[0], images)}`,
      root: listMarkup(cards, images),
    } satisfies FirstPaint;
  };

  const post: FirstPaintProvider = async (pathname) => {
    const slug = pathname.slice(PATHS.blog.length + 1).replace(/\/$/, '');
    // The app looks the slug up among the newest posts and checks for a saved copy (src-shared/api/blog/post-cache.ts).
    const lookup: PostQuery = { page: 1, perPage: BLOG.slugLookupPerPage, status: 'published' };
    // An address no slug can be (capitals, too long, a NUL the database refuses) names no post:
    // it is not looked for, so it is a 404 like any other missing post, never a failed paint's 200.
    const possible = isBlogSlug(slug);
    const [page, saved] = await Promise.all([source.list(lookup), possible ? publicPages.savedPage(slug) : undefined]);
    const listed = page.posts.find((candidate) => candidate.slug === slug);
    // A post older than the newest ones the lookup lists: the app then asks for it by its slug.
    const older = possible && !listed && page.total > lookup.perPage ? await source.getPublishedBySlug(slug) : undefined;
    const found = listed ?? older;
    // The lookup (src-shared/api/blog/find-post-by-slug.ts) is the one reader of this copy and
    // keeps only the post with the slug, so the copy carries only that post, not all 100.
    const lookupAnswer = { ...listBody(BLOG_LIST_PATHS[0], lookup, page), data: listed ? [listed] : [] };
    const checkHtml = `/api/check-html/${encodeURIComponent(slug)}`;
    // No public post has the slug: the app's page, with its not-found view and a status that says so.
    const meta: FirstPaint = found ? postMeta(found, siteUrl) : { status: 404 };
    return {
      ...meta,
      head: `${meta.head ?? ''}${preloadImage(found, images)}`,
      root: found ? postMarkup(found, images) : '',
      responses: {
        [listRequest(lookup)]: lookupAnswer,
        [checkHtml]: { exists: saved !== undefined },
        ...(older ? { [`/api/post-by-slug/${encodeURIComponent(slug)}`]: { data: older } } : {}),
        ...(saved ? { [`/api/cached-post/${encodeURIComponent(slug)}`]: saved.post } : {}),
      },
    } satisfies FirstPaint;
  };

  return { [PATHS.blog]: unavailableAs502(list), [PATHS.blogPost]: unavailableAs502(post) };
}
