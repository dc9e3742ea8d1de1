// @vitest-environment node
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import home from '../../../content/marketing/home.json';
import { prerenderPage } from '../../../src-web/prerender/render.tsx';

/** The headings of the home page's sections, in the page's order: the hero's, then the lower sections'. */
const SECTION_HEADINGS = [
  home.hero.heading,
  home.video.heading,
  home.keyFeatures.heading,
  home.howItWorks.heading,
  home.testimonials.heading,
  home.clients.heading,
  home.closing.heading,
];

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('the home page as the build prerenders it (src-web/prerender, vite.config.ts)', () => {
  it('holds every section, the lower ones included, in order and before the footer', async () => {
    const html = (await prerenderPage('/')).markup;
    const headings = [...html.matchAll(/<h[12]\b[^>]*>([\s\S]*?)<\/h[12]>/g)].map(([, inner]) => text(inner ?? ''));
    const footer = headings.indexOf('Company');
    expect(footer).toBeGreaterThan(0);
    expect(headings.slice(0, footer).filter((heading) => SECTION_HEADINGS.includes(heading))).toEqual(SECTION_HEADINGS);
    // In place, inside the container the app reads it back from (HomePage.tsx): not written
    // after the page, hidden, for a script to move (React's outlining of large parts).
    expect(/<div hidden id="S:/.test(html)).toBe(false);
    // Its only script is its JSON-LD data (which the build leaves out): nothing a crawler must run.
    expect(html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '').includes('<script')).toBe(false);
    const container = html.slice(html.indexOf('data-home-sections'), html.indexOf('<footer'));
    for (const heading of SECTION_HEADINGS.slice(2)) expect(text(container)).toContain(heading);
  });

  it('keeps the lower sections\u2019 images lazy, so the first screen does not wait for them', async () => {
    const html = (await prerenderPage('/')).markup;
    const container = html.slice(html.indexOf('data-home-sections'), html.indexOf('<footer'));
    const images = [...container.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toContain('loading="lazy"');
  });

  it('stays small enough for the page to arrive in the first round trip', async () => {
    // The page's HTML (index.html's head, about 7.3 KB compressed, this markup and the response's
    // headers) must fit in the first round trip of a connection (10 packets, 14.6 KB): one more
    // delays its first paint by a round trip (Lighthouse, mobile: LCP +200 ms, score 96 not 98).
    // Hence the lower sections' icons without their glyphs in it (HomeSections.tsx). 5.2 KB on
    // 2026-11-25, JSON-LD included (the build leaves it out).
    const html = (await prerenderPage('/')).markup;
    const compressed = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(compressed).toBeLessThan(6 * 1024);
  });
});
