import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { createTempTree, type TempTree } from '../../support/temp-tree.ts';

/** index.html as the build makes it: the home page's title and description, the app's for every page. */
const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>HireAssist — AI-powered recruiting</title>' +
  '<meta name="description" content="The home page&#39;s description." /></head>' +
  '<body><div id="root"><div class="boot-bar">HireAssist</div><!--first-paint--></div></body></html>';
const PRERENDERED_CONTACT = INDEX.replace('<div class="boot-bar">HireAssist</div>', '<div inert><h1>Contact Us</h1></div>');
const CONTACT_META = {
  title: 'Contact Us | HireAssist',
  description: 'Send HireAssist a message, ask about "pricing" & book a demo. <Tampa>',
  type: 'website',
};
const ROUTE_ASSETS = {
  '/contact': { scripts: ['/assets/ContactPage-1.js'], styles: [], html: '/pages/contact.html', meta: CONTACT_META },
  '/signup': { scripts: ['/assets/SignUpPage-1.js'], styles: [] },
};
const SITE_URL = 'https://hireassist.example';

let build: TempTree;
let server: TestServer;

beforeAll(async () => {
  build = await createTempTree({
    'index.html': INDEX,
    'pages/contact.html': PRERENDERED_CONTACT,
    'route-assets.json': JSON.stringify(ROUTE_ASSETS),
  });
  server = await startTestServer({ webDistDir: build.dir, env: { PUBLIC_URL: SITE_URL } });
});
afterAll(async () => {
  await server.close();
  await build.remove();
});

const headOf = async (path: string) => {
  const response = await server.fetch(path);
  expect(response.status).toBe(200);
  const html = await response.text();
  return html.slice(0, html.indexOf('</head>'));
};
const count = (text: string, part: string) => text.split(part).length - 1;

describe("a prerendered page's head, as a crawler or a link preview that runs no script reads it", () => {
  it("names the page's own title, description, canonical address and Open Graph tags, each once", async () => {
    const head = await headOf('/contact');
    const description = 'Send HireAssist a message, ask about &quot;pricing&quot; &amp; book a demo. &lt;Tampa&gt;';
    for (const tag of [
      '<title>Contact Us | HireAssist</title>',
      `<meta name="description" content="${description}">`,
      `<link rel="canonical" href="${SITE_URL}/contact">`,
      '<meta property="og:site_name" content="HireAssist">',
      '<meta property="og:title" content="Contact Us | HireAssist">',
      `<meta property="og:description" content="${description}">`,
      `<meta property="og:url" content="${SITE_URL}/contact">`,
      '<meta property="og:type" content="website">',
      '<meta name="twitter:card" content="summary">',
    ])
      expect(count(head, tag), tag).toBe(1);
    expect(count(head, '<title>')).toBe(1);
    expect(count(head, 'name="description"')).toBe(1);
    expect(head).not.toContain('AI-powered recruiting');
    // The charset declaration stays first in <head>.
    expect(head).toMatch(/^<!doctype html><html><head><meta charset="UTF-8" \/>/);
  });

  it('names one address for the page, whatever the trailing slash', async () => {
    expect(await headOf('/contact/')).toContain(`<link rel="canonical" href="${SITE_URL}/contact">`);
  });

  it('leaves a page the build did not prerender as the app shell: the app sets its head when it runs', async () => {
    const head = await headOf('/signup');
    expect(head).toContain('<title>HireAssist — AI-powered recruiting</title>');
    expect(head).not.toContain('rel="canonical"');
  });
});

describe("a prerendered page's build file", () => {
  it('is no second address of the page: its path answers 404 like any unknown page (the app shows its not-found page there)', async () => {
    for (const path of ['/pages/contact.html', '/pages/contact.html?x=1']) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).not.toContain('<h1>Contact Us</h1>');
      expect(html, path).toContain('<div class="boot-bar">HireAssist</div>');
    }
    // Its compressed copies neither.
    expect((await server.fetch('/pages/contact.html', { headers: { 'accept-encoding': 'br, gzip' } })).status).toBe(404);
  });
});
