import { describe, expect, it } from 'vitest';
import { blogPostPath, isPagePath, PATHS } from '../../src-shared/domain/routes.ts';

describe('the page list shared by the router and the server', () => {
  it('knows every page of the product', () => {
    for (const path of Object.values(PATHS)) expect(isPagePath(path.replace(':slug', 'a-post'))).toBe(true);
    expect(isPagePath('/features/')).toBe(true);
  });

  it('rejects what is not a page', () => {
    for (const path of ['/nope', '/blog/a/b', '/admin', '/admin/leads/1', '/features.html']) {
      expect(isPagePath(path), path).toBe(false);
    }
  });

  it('builds blog post paths safely', () => {
    expect(blogPostPath('hiring in 2026?')).toBe('/blog/hiring%20in%202026%3F');
  });
});
