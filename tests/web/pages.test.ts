import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATHS, PUBLIC_PAGE_PATHS } from '../../src-shared/domain/routes.ts';
import { PAGES } from '../../src-web/app/pages.ts';
import { routes } from '../../src-web/app/router.tsx';

const APP_DIR = path.resolve('src-web/app');
/** The router's glob of page modules (router.tsx): every file of src-web/features named *Page.tsx or *Pages.tsx. */
const PAGE_MODULE = /Pages?\.tsx$/;
const NOT_FOUND_MODULE = '../features/not-found/NotFoundPage.tsx';

function pageModuleFiles(): string[] {
  return readdirSync(path.resolve('src-web/features'), { recursive: true, encoding: 'utf8' })
    .filter((file) => PAGE_MODULE.test(path.basename(file)))
    .map((file) => path.relative(APP_DIR, path.resolve('src-web/features', file)).split(path.sep).join('/'));
}

describe('the page list shared by the router and the build (src-web/app/pages.ts)', () => {
  it('names every page of PATHS once', () => {
    expect(PAGES.map((page) => page.path).sort()).toEqual(Object.values(PATHS).sort());
  });

  it('names only modules the router can load, and every such module is a page', () => {
    const files = pageModuleFiles();
    for (const { path: pagePath, module } of PAGES) expect(files, pagePath).toContain(module);
    // A *Page.tsx that is no page would be a chunk of its own that nothing loads (or a page left out of PAGES).
    expect(new Set(files)).toEqual(new Set([...PAGES.map((page) => page.module), NOT_FOUND_MODULE]));
  });

  it('gives the router a route per page, whose module has the component PAGES names', async () => {
    const children = routes[0]?.children ?? [];
    for (const page of PAGES) {
      const route = children.find((child) => child.path === page.path);
      if (typeof route?.lazy !== 'function') throw new Error(`${page.path} has no lazy route`);
      const loaded = await route.lazy();
      expect(typeof loaded.Component, page.path).toBe('function');
    }
  }, 60_000);

  it('prerenders the public pages only', () => {
    const prerendered = PAGES.filter((page) => page.prerender).map((page) => page.path);
    expect(prerendered).toContain(PATHS.home);
    for (const privatePath of [PATHS.dashboard, PATHS.signup, PATHS.blogPost, PATHS.adminLeads]) {
      expect(prerendered).not.toContain(privatePath);
    }
  });

  it('prerenders every public page but the blog list, whose HTML the server writes per visit (its newest posts)', () => {
    const prerendered = PAGES.filter((page) => page.prerender).map((page) => page.path);
    // Left out, a page is an empty shell to crawlers and to visitors without JavaScript.
    expect(prerendered.sort()).toEqual(PUBLIC_PAGE_PATHS.filter((path) => path !== PATHS.blog).sort());
  });
});
