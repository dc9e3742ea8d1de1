import { describe, expect, it } from 'vitest';
import { blogPostPath, pagePatternOf, PATHS } from '../../src-shared/domain/routes.ts';

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

  it('builds blog post paths safely', () => {
    expect(blogPostPath('hiring in 2026?')).toBe('/blog/hiring%20in%202026%3F');
  });
});
