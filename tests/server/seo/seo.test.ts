import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configProblems } from '../../support/config-problems.ts';
import { registerSeoRoutes } from '../../../server/features/seo/routes.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

describe('robots.txt and sitemap.xml from the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: 'https://hireassist.example' } });
  });
  afterAll(() => server.close());

  it('robots.txt keeps crawlers out of the admin and account pages and names the sitemap', async () => {
    const response = await server.fetch('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /admin', 'Disallow: /dashboard', 'Disallow: /profile']));
    // Every signed-in page: to a crawler each is the app's shell under the home page's title.
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /subscription', 'Disallow: /settings', 'Disallow: /security']));
    expect(lines).toContain('Sitemap: https://hireassist.example/sitemap.xml');
  });

  it('sitemap.xml lists every public page under PUBLIC_URL and no private one', async () => {
    const response = await server.fetch('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of [
      '/',
      '/features',
      '/how-it-works',
      '/testimonials',
      '/pricing',
      '/blog',
      '/contact',
      '/careers',
      '/aboutus',
      '/press',
    ]) {
      expect(locs).toContain(`https://hireassist.example${path}`);
    }
    expect(locs.some((loc) => /\/(admin|dashboard|profile|settings|security|subscription)/.test(loc ?? ''))).toBe(false);
  });

  it('leaves the sign-up page out of the sitemap when no external sign-up form is configured (the page then only opens the sign-up dialog)', async () => {
    const xml = await (await server.fetch('/sitemap.xml')).text();
    expect(xml).toContain('<loc>https://hireassist.example/affiliates</loc>');
    expect(xml).not.toContain('/signup<');
  });

  it('the CSP lets the page frame the intro video and the job portal, and nothing from Stripe when it is not configured', async () => {
    const csp = (await server.fetch('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/careers\.hireassist\.ai/);
    // The Jobs page probes the portal (a no-cors request) to fall back when it is unreachable.
    expect(csp).toMatch(/connect-src [^;]*https:\/\/careers\.hireassist\.ai/);
    expect(csp).not.toContain('stripe');
  });

  it('GET /api/config carries the marketing section, with no Stripe table when none is configured', async () => {
    const config = (await (await server.fetch('/api/config')).json()) as { marketing: Record<string, unknown> };
    expect(config.marketing).toEqual({
      introVideoUrl: expect.stringMatching(/^https:\/\/www\.youtube-nocookie\.com\/embed\//),
      careersPortalUrl: 'https://careers.hireassist.ai/jobs',
      stripePricingTable: null,
    });
  });
});

describe('with Stripe’s pricing table and other third parties configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        STRIPE_PRICING_TABLE_ID: 'prctbl_1AbcDef',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_51XyZ',
        INTRO_VIDEO_URL: 'https://player.vimeo.com/video/76979871',
        CAREERS_PORTAL_URL: 'https://jobs.example.org/hireassist',
      },
    });
  });
  afterAll(() => server.close());

  it('serves the table id and publishable key to the browser and opens the CSP to exactly those origins', async () => {
    const config = (await (await server.fetch('/api/config')).json()) as { marketing: Record<string, unknown> };
    expect(config.marketing).toEqual({
      introVideoUrl: 'https://player.vimeo.com/video/76979871',
      careersPortalUrl: 'https://jobs.example.org/hireassist',
      stripePricingTable: { pricingTableId: 'prctbl_1AbcDef', publishableKey: 'pk_live_51XyZ' },
    });
    const csp = (await server.fetch('/pricing')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain('frame-src https://player.vimeo.com https://jobs.example.org https://js.stripe.com;');
  });
});

describe('the marketing configuration is checked at start-up', () => {
  it('names the missing half of a Stripe pricing table configuration', () => {
    expect(configProblems({ STRIPE_PRICING_TABLE_ID: 'prctbl_1Abc' })).toEqual([
      expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY is missing/),
    ]);
    expect(configProblems({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1Abc' })).toEqual([
      expect.stringMatching(/^STRIPE_PRICING_TABLE_ID is missing/),
    ]);
  });

  it('refuses a secret key in place of the publishable key, without repeating it', () => {
    const found = configProblems({ STRIPE_PRICING_TABLE_ID: 'prctbl_1Abc', STRIPE_PUBLISHABLE_KEY: 'sk_live_supersecret' });
    expect(found).toEqual([expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY must be a publishable key/)]);
    expect(found.join('\n')).not.toContain('supersecret');
  });

  it('wants https URLs for the video and the job portal', () => {
    expect(configProblems({ INTRO_VIDEO_URL: 'http://insecure.example/video', CAREERS_PORTAL_URL: 'not a url' })).toEqual([
      expect.stringMatching(/^INTRO_VIDEO_URL must start with https:\/\//),
      expect.stringMatching(/^CAREERS_PORTAL_URL must be a URL/),
    ]);
  });
});

describe('the sign-up page in the sitemap', () => {
  // Left out when no external sign-up form is configured: checked on the first server above,
  // which has no SIGNUP_EMBED_URL (a server start saved).

  it('is listed when SIGNUP_EMBED_URL is configured', async () => {
    const server = await startTestServer({
      env: { PUBLIC_URL: 'https://hireassist.example', SIGNUP_EMBED_URL: 'https://app.example/signup' },
    });
    try {
      expect(await (await server.fetch('/sitemap.xml')).text()).toContain('<loc>https://hireassist.example/signup</loc>');
    } finally {
      await server.close();
    }
  });
});

describe('pages that only the server knows join the sitemap through providers', () => {
  it('adds a provider’s pages, escaped and dated, and leaves out a failing provider', async () => {
    const app = Fastify();
    registerSeoRoutes(app, {
      publicUrl: 'https://hireassist.example',
      sitemapProviders: [
        async () => [
          { path: '/blog/hiring-faster-with-ai', lastModified: new Date('2026-03-04T10:00:00Z') },
          { path: '/blog/q&a' },
        ],
        async () => {
          throw new Error('blog store unavailable');
        },
      ],
    });
    const response = await app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<url><loc>https://hireassist.example/blog/hiring-faster-with-ai</loc><lastmod>2026-03-04</lastmod></url>',
    );
    expect(response.body).toContain('<loc>https://hireassist.example/blog/q&amp;a</loc>');
    expect(response.body).toContain('<loc>https://hireassist.example/features</loc>');
    await app.close();
  });
});
