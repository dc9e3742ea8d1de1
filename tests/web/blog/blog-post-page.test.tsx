import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setAdminMode } from '../../../src-web/features/admin-mode/admin-mode.ts';
import { sanitizePostHtml } from '../../../src-web/features/blog/sanitize-html.ts';
import { STORAGE_KEYS } from '../../../src-shared/domain/constants.ts';
import { createFakeBlogServer, makePost } from './fake-blog-server.ts';
import { renderBlog } from './render-blog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAdminMode(false);
});

const hostileBody =
  '<h2>Heading</h2><p onclick="alert(1)">Text <a href="javascript:alert(1)">bad</a> <a href="https://example.com" target="_top">good</a></p>' +
  '<script>window.hacked = true</script><img src=x onerror="window.hacked = true"><svg><script>alert(1)</script></svg><style>body{display:none}</style>';

describe('the blog post page', () => {
  test('breadcrumb, Back to Blog, image, date, title, excerpt, chips and the body sanitized again', async () => {
    renderBlog('/blog/post-7', createFakeBlogServer([makePost(7, { content: hostileBody, seo_keyword: 'a, b, c, d, e, f' })]));
    expect(screen.getByText('Loading post…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Post number 7' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Blog', 'Post number 7']);
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
    expect(screen.getByText('Excerpt of post 7')).toBeTruthy();
    expect(screen.getByText('January 8, 2026')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Keywords' })).getAllByRole('listitem')).toHaveLength(6);

    expect(screen.getByRole('heading', { level: 2, name: 'Heading' })).toBeTruthy();
    const body = screen.getByRole('heading', { level: 2, name: 'Heading' }).parentElement as HTMLElement;
    expect(body.innerHTML).not.toMatch(/onclick|onerror|javascript:|<script|<svg|<style/);
    expect(screen.getByRole('link', { name: 'good' }).getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to Blog' }));
    expect(screen.getByTestId('location').textContent).toBe('/blog');
  });

  test('a featured image that fails to load is hidden', async () => {
    renderBlog('/blog/post-7', createFakeBlogServer([makePost(7)]));
    const image = await screen.findByRole('img', { name: 'Image 7' });
    fireEvent.error(image);
    expect(screen.queryByRole('img', { name: 'Image 7' })).toBeNull();
  });

  test("an unknown slug shows 'Post Not Found' with Back to Blog", async () => {
    renderBlog('/blog/nothing-here', createFakeBlogServer([makePost(7)]));
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeTruthy();
    expect(screen.getByText('The blog post you are looking for does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toBeTruthy();
  });

  test("when the blog cannot be reached it says so, without 'Post Not Found', and Try Again shows the post once it is back", async () => {
    const server = createFakeBlogServer([makePost(7)]);
    // What the server answers while its post source (StoryChief) is down.
    const unavailable = 'The blog is unavailable right now. Please try again in a moment.';
    server.failWith = () => Response.json({ error: unavailable }, { status: 502, statusText: 'Bad Gateway' });
    server.failing = new Set(['/api/storychief/']);
    renderBlog('/blog/post-7', server);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(unavailable)).toBeTruthy();
    expect(screen.queryByText('Post Not Found')).toBeNull();
    expect(screen.queryByText('The blog post you are looking for does not exist.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toBeTruthy();

    server.failing.clear();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post number 7' })).toBeTruthy();
  });
});

describe('admin mode on the post page', () => {
  test('a footer click toggles it; it shows Cached, HTML Generated, View HTML and the SEO HTML panel', async () => {
    const server = createFakeBlogServer([makePost(7), makePost(6)]);
    server.cached.set('post-7', makePost(7));
    localStorage.setItem(STORAGE_KEYS.adminToken, 'good-token');
    renderBlog('/blog/post-7', server);
    await screen.findByRole('heading', { level: 1, name: 'Post number 7' });
    expect(screen.queryByText('Cached')).toBeNull();

    fireEvent.click(screen.getByText('Footer text'));
    const tools = await screen.findByRole('complementary', { name: 'Blog admin tools' }, { timeout: 10_000 });
    expect(within(tools).getByText('Cached')).toBeTruthy();
    expect(await within(tools).findByText('HTML Generated')).toBeTruthy();
    expect(within(tools).getByRole('link', { name: 'View HTML' }).getAttribute('href')).toBe('/blog/post-7.html');

    const user = userEvent.setup();
    await user.click(await within(tools).findByRole('button', { name: 'Generate HTML for Post number 6' }));
    expect(await within(tools).findByText('HTML generated for "Post number 6".')).toBeTruthy();
    await user.click(within(tools).getByRole('button', { name: 'Generate All HTML' }));
    expect(await within(tools).findByText('HTML generation finished: 2 succeeded, 0 failed.')).toBeTruthy();
    expect(server.saved.map((save) => (save.body as { slug: string }).slug)).toEqual(['post-6', 'post-7', 'post-6']);

    fireEvent.click(screen.getByText('Footer text'));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Blog admin tools' })).toBeNull());
  });

  test("generate-all failing reports 'Failed to generate HTML files. Check console for details.'", async () => {
    const server = createFakeBlogServer([makePost(7)]);
    localStorage.setItem(STORAGE_KEYS.adminToken, 'good-token');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBlog('/blog/post-7', server);
    await screen.findByRole('heading', { level: 1, name: 'Post number 7' });
    act(() => setAdminMode(true));
    const generateAll = await screen.findByRole('button', { name: 'Generate All HTML' });
    server.failing = new Set(['/api/storychief/']);
    await userEvent.setup().click(generateAll);
    expect(await screen.findByText('Failed to generate HTML files. Check console for details.')).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
  });

  test('with no admin token the panel asks for the admin password and logs in through the admin API', async () => {
    const server = createFakeBlogServer([makePost(7)]);
    server.extra = (url, init) =>
      url.pathname === '/api/admin/auth/login'
        ? JSON.parse(String(init?.body)).password === 'right-password'
          ? Response.json({ success: true, token: 'good-token', expiresAt: '2030-01-01T00:00:00Z' })
          : Response.json({ success: false, error: 'Invalid password' }, { status: 401 })
        : undefined;
    renderBlog('/blog/post-7', server);
    await screen.findByRole('heading', { level: 1, name: 'Post number 7' });
    act(() => setAdminMode(true));
    const password = await screen.findByLabelText('Admin password');
    const user = userEvent.setup();
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid password')).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'right-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Generate All HTML' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('good-token');
  });
});

describe('the browser-side sanitizer', () => {
  test.each([
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    // Links to another host that look relative, as the server's sanitizer refuses them: browsers
    // read a backslash as a slash and skip tabs and newlines, so each of these opens evil.example.
    ['<a href="/\\evil.example/">x</a>', '<a>x</a>'],
    ['<a href="\\/evil.example/">x</a>', '<a>x</a>'],
    ['<a href="/&#9;/evil.example/">x</a>', '<a>x</a>'],
    ['<img src=" /\\evil.example/x.png">', '<img>'],
    ['<a href="/blog/reducing-time-to-hire">x</a>', '<a href="/blog/reducing-time-to-hire">x</a>'],
    ['<img src="data:image/svg+xml,<svg onload=alert(1)>">', '<img>'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['<svg/onload=alert(1)>', ''],
    ['<div style="position:fixed" class="x" id="main">ok</div>', '<div>ok</div>'],
    ['<custom-element>kept text</custom-element>', 'kept text'],
    ['<!--[if IE]><script>alert(1)</script><![endif]--><p>ok</p>', '<p>ok</p>'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ])('%s', (input, expected) => {
    expect(sanitizePostHtml(input)).toBe(expected);
  });
});
