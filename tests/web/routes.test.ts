import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blogPostPath, pagePatternOf, PATHS } from '../../src-shared/domain/routes.ts';
import { routes } from '../../src-web/app/router.tsx';

describe('the page list shared by the router and the server', () => {
  it('knows every page of the product', () => {
    for (const path of Object.values(PATHS)) expect(pagePatternOf(path.replace(':slug', 'a-post'))).toBe(path);
    expect(pagePatternOf('/features/')).toBe(PATHS.features);
  });

  it('rejects what is not a page', () => {
    for (const path of ['/nope', '/blog/a/b', '/admin', '/admin/leads/1', '/features.html']) {
      expect(pagePatternOf(path), path).toBeUndefined();
    }
  });

  it("agrees with the browser's router, so a path the server answers 404 shows the not-found page", () => {
    // The page pattern the router renders at `pathname`, undefined for its not-found page ('*').
    const routed = (pathname: string) => {
      const path = matchRoutes(routes, pathname)?.at(-1)?.route.path;
      return path === '*' ? undefined : path;
    };
    const paths = ['/contact', '/Contact', '/CONTACT/', '/Blog', '/blog/A-Post', '/Blog/a-post', '/features/', '/index.html'];
    for (const path of paths) expect(routed(path), path).toBe(pagePatternOf(path));
  });

  it('builds blog post paths safely', () => {
    expect(blogPostPath('hiring in 2026?')).toBe('/blog/hiring%20in%202026%3F');
  });
});
