// @vitest-environment node
import { describe, expect, it } from 'vitest';
import about from '../../../content/marketing/about.json';
import pricing from '../../../content/marketing/pricing.json';
import { PAGES } from '../../../src-web/app/pages.ts';
import { prerenderPage } from '../../../src-web/prerender/render.tsx';

const PRERENDERED = PAGES.filter((page) => page.prerender).map((page) => page.path);

/**
 * What a crawler or a link preview that runs no script reads in a prerendered page's <head>
 * is what the build takes from here (vite.config.ts writes it into route-assets.json, the
 * server into the page): the page's own title and description, as the app sets them once it runs.
 */
describe("each prerendered page's own title and description, as the build records them", () => {
  it('takes them from the page itself, word for word as the app sets them', async () => {
    expect((await prerenderPage('/pricing')).meta).toEqual({
      title: `${pricing.seo.title} | HireAssist`,
      description: pricing.seo.description,
      type: 'website',
    });
    expect((await prerenderPage('/aboutus')).meta).toMatchObject({
      title: 'About Us | HireAssist',
      description: about.seo.description,
    });
    expect((await prerenderPage('/contact')).meta).toMatchObject({ title: 'Contact Us | HireAssist' });
  });

  it('gives every prerendered page a title and a description of its own', async () => {
    const metas = await Promise.all(PRERENDERED.map(async (path) => (await prerenderPage(path)).meta));
    expect(metas.every((meta) => meta && meta.title.endsWith(' | HireAssist') && meta.description.length > 60)).toBe(true);
    expect(new Set(metas.map((meta) => meta?.title)).size).toBe(PRERENDERED.length);
    expect(new Set(metas.map((meta) => meta?.description)).size).toBe(PRERENDERED.length);
  });
});
