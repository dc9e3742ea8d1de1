import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createFakeBlogServer, makePost } from './fake-blog-server.ts';
import { renderBlog } from './render-blog.tsx';

afterEach(() => vi.unstubAllGlobals());

const twelve = () => Array.from({ length: 12 }, (_, i) => makePost(30 - i));
const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('the blog list', () => {
  test('shows 9 cards a page with pagination, each with image, date, title, excerpt, chips and Read More', async () => {
    renderBlog('/blog', createFakeBlogServer(twelve()));
    expect(screen.getByText('Loading posts…')).toBeTruthy();
    await waitFor(() => expect(cardTitles()).toHaveLength(9));
    const first = screen.getAllByRole('article')[0] as HTMLElement;
    expect(within(first).getByRole('img').getAttribute('src')).toBe('/img/30.svg');
    expect(within(first).getByText('February 3, 2026')).toBeTruthy();
    expect(within(first).getByText('Excerpt of post 30')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Read More: Post number 30' }).getAttribute('href')).toBe('/blog/post-30');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(cardTitles()).toEqual(['Post number 21', 'Post number 20', 'Post number 19']);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(cardTitles()).toHaveLength(9);
  });

  test("a page button takes the keyboard to the new page's first post, not left at the bottom or on the page body", async () => {
    renderBlog('/blog', createFakeBlogServer(twelve()));
    await waitFor(() => expect(cardTitles()).toHaveLength(9));
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Next page' }).focus();
    // On the last page 'Next page' is disabled: the focus it held must not drop to the body.
    await user.keyboard('{Enter}');
    const list = screen.getByRole('region', { name: 'Blog posts, page 2 of 2' });
    expect(document.activeElement).toBe(list);
    await user.tab();
    expect(within(list).getAllByRole('article')[0]?.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.textContent).toContain('Post number 21');
  });

  test('the page is in the address: a page button adds ?page=N, and /blog?page=2 opens on page 2 with its canonical link', async () => {
    const location = () => screen.getByTestId('location').textContent;
    const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    const first = renderBlog('/blog', createFakeBlogServer(twelve()));
    await waitFor(() => expect(cardTitles()).toHaveLength(9));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(location()).toBe('/blog?page=2');
    expect(canonical()).toMatch(/\/blog\?page=2$/);
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(location()).toBe('/blog');
    expect(canonical()).toMatch(/\/blog$/);
    first.unmount();

    renderBlog('/blog?page=2', createFakeBlogServer(twelve()));
    await waitFor(() => expect(cardTitles()).toEqual(['Post number 21', 'Post number 20', 'Post number 19']));
    expect(screen.getByRole('region', { name: 'Blog posts, page 2 of 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(canonical()).toMatch(/\/blog\?page=2$/);
    // Typing a search resets to page 1, and so does the address, which keeps the search.
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'Post');
    expect(location()).toBe('/blog?q=Post');
  });

  test("a searched list's canonical link is /blog, the blog's list, not the page of all posts with its number", async () => {
    renderBlog('/blog?q=Post&page=2', createFakeBlogServer(twelve()));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Blog posts, page 2 of 2' })).toBeTruthy());
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveProperty('value', 'Post');
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toMatch(/\/blog$/);
  });

  test.each([
    ['/blog?page=9', '/blog?page=2', 2],
    ['/blog?page=abc', '/blog', 1],
    ['/blog?page=0', '/blog', 1],
    ['/blog?page=1', '/blog', 1],
    ['/blog?page=3&utm_source=mail', '/blog?page=2&utm_source=mail', 2],
  ])('%s, a page that is bad or past the end, shows the nearest page and is renamed %s', async (path, renamed, shown) => {
    renderBlog(path, createFakeBlogServer(twelve()));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(renamed));
    expect(screen.getByRole('region', { name: `Blog posts, page ${shown} of 2` })).toBeTruthy();
  });

  test('search is case-insensitive over title, excerpt, content and keywords, and resets to page 1', async () => {
    const posts = [
      ...twelve(),
      makePost(1, { title: 'Onboarding Remote Staff', excerpt: '', content: '<p>x</p>', seo_keyword: '' }),
      makePost(2, { title: 'A', excerpt: 'All about ONBOARDING', seo_keyword: '' }),
      makePost(3, { title: 'B', content: '<p>Great onboarding</p>', seo_keyword: '' }),
      makePost(4, { title: 'C', seo_keyword: 'Onboarding, culture' }),
    ];
    renderBlog('/blog', createFakeBlogServer(posts));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'oNbOaRdInG');
    expect(cardTitles()).toEqual(['Onboarding Remote Staff', 'A', 'B', 'C']);
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
  });

  test("search matches a post's words, not its HTML markup or entities", async () => {
    const posts = [
      makePost(1, { title: 'Styled', excerpt: 'x', content: '<p><strong class="lead">Bold</strong> claim</p>', seo_keyword: '' }),
      makePost(2, { title: 'Questions', excerpt: 'x', content: '<p>Run a Q&amp;A session</p>', seo_keyword: '' }),
    ];
    renderBlog('/blog', createFakeBlogServer(posts));
    const user = userEvent.setup();
    const search = await screen.findByRole('searchbox', { name: 'Search posts' });
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    await user.type(search, 'strong');
    expect(screen.getByText('No posts found')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'Q&A');
    expect(cardTitles()).toEqual(['Questions']);
  });

  test('the keyword dropdown lists every keyword, filters on seo_keyword, resets to page 1; Clear Filters undoes both', async () => {
    renderBlog('/blog', createFakeBlogServer(twelve()));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    const select = screen.getByRole('combobox', { name: 'Keyword' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All keywords', 'hiring', 'interviews', 'recruiting']);
    await user.selectOptions(select, 'recruiting');
    expect(cardTitles()).toEqual([
      'Post number 29',
      'Post number 27',
      'Post number 25',
      'Post number 23',
      'Post number 21',
      'Post number 19',
    ]);

    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'number 2');
    expect(cardTitles()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(cardTitles()).toHaveLength(9);
    expect((screen.getByRole('searchbox', { name: 'Search posts' }) as HTMLInputElement).value).toBe('');
    expect((select as HTMLSelectElement).value).toBe('');
  });

  test("fallback texts, up to 4 chips plus '+N more', and a placeholder for a broken image", async () => {
    renderBlog(
      '/blog',
      createFakeBlogServer([
        makePost(5, { title: '', excerpt: '', published_at: 'not a date', seo_keyword: 'a, b, c, d, e, f' }),
      ]),
    );
    const card = (await screen.findAllByRole('article'))[0] as HTMLElement;
    expect(within(card).getByText('Untitled Post')).toBeTruthy();
    expect(within(card).getByText('No description available')).toBeTruthy();
    expect(within(card).getByText('Date unavailable')).toBeTruthy();
    const chips = within(within(card).getByRole('list', { name: 'Keywords' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['a', 'b', 'c', 'd', '+2 more']);
    const image = within(card).getByRole('img');
    fireEvent.error(image);
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });

  test('empty states: no posts at all, and none matching the filters', async () => {
    renderBlog('/blog', createFakeBlogServer([]));
    expect(await screen.findByText('No posts found')).toBeTruthy();
    expect(screen.getByText('No posts available at the moment.')).toBeTruthy();
  });

  test('empty state with filters', async () => {
    renderBlog('/blog', createFakeBlogServer(twelve()));
    await screen.findAllByRole('article');
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search posts' }), 'zzz');
    expect(screen.getByText('No posts found')).toBeTruthy();
    expect(screen.getByText('No results found for your current filters. Try adjusting your search criteria.')).toBeTruthy();
  });

  test("every path failing shows 'Error Loading Blog' with the server's message, and Try Again loads again", async () => {
    const server = createFakeBlogServer(twelve());
    server.failing = new Set(['/api/storychief/']);
    renderBlog('/blog', server);
    expect(await screen.findByText('Error Loading Blog')).toBeTruthy();
    expect(screen.getByText('Blog store offline')).toBeTruthy();
    server.failing.clear();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(9));
  });

  test('a search the blog source could run over its newest posts only says so plainly', async () => {
    // 60 posts: more than the first request's 50, so the search goes to the server.
    const server = createFakeBlogServer(Array.from({ length: 60 }, (_, i) => makePost(90 - i)));
    server.extra = (url) => {
      if (!url.searchParams.get('search')) return undefined;
      const pagination = { total: 1, count: 1, per_page: 50, current_page: 1, total_pages: 1, links: {} };
      return Response.json({ data: [makePost(40)], meta: { pagination, searched_newest: 5000 } });
    };
    renderBlog('/blog?q=post+number+40', server);
    await waitFor(() => expect(cardTitles()).toEqual(['Post number 40']));
    expect(
      screen.getByText('Only the newest 5,000 posts were searched: older posts are not in these results.').getAttribute('role'),
    ).toBe('status');
    expect(server.requests.at(-1)).toBe('/api/storychief/stories?page=1&per_page=50&status=published&search=post+number+40');
  });
});
