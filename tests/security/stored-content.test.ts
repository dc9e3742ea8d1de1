import { createRequire } from 'node:module';
import { UpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AffiliateApplicationsPageReply,
  LeadsPageReply as LeadsReply,
  OutboxPageReply,
  UsersPageReply as UsersReply,
} from '../../src-shared/domain/admin-lists.ts';
import { leadsCsv, usersCsv } from '../support/admin-csv.ts';
import { CONTACT_LIMITS } from '../../src-shared/domain/contact.ts';
import { toManagedUser } from '../../src-shared/domain/managed-user.ts';
import type { IdentityTestServer } from '../server/identity/support.ts';
import { CSV_FORMULA_CORPUS, XSS_CORPUS } from './corpora.ts';
import { addBlogPost, adminToken, savePostHtmlBody, startSecurityServer } from './support.ts';

/**
 * Text that visitors store and others see: blog HTML (served as a page), contact and
 * affiliate fields and profile names (shown in the admin area, which renders text through
 * React), and the CSV exports built from them.
 */

/** The slice of the DOM these checks read (jsdom ships no types the server's tsconfig can use). */
interface ParsedElement {
  tagName: string;
  attributes: Iterable<{ name: string; value: string }>;
}
interface ParsedDocument {
  querySelectorAll(selector: string): Iterable<ParsedElement>;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: ParsedDocument } };
};

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'background', 'poster', 'srcset']);

/** Elements that run code, load a document or change where the page's links go. */
const ACTIVE_TAGS = 'script:not([type="application/ld+json"]), iframe, frame, object, embed, applet, base, form, svg, math';

/** What would run in a browser that renders `html`: none of it may survive. */
function activeContent(html: string): string[] {
  const { document } = new JSDOM(html).window;
  // The page's own head has meta and style tags; in the body they can only come from the post.
  const found = [...document.querySelectorAll(`${ACTIVE_TAGS}, body meta, body style, body link`)].map(
    (element) => `<${element.tagName.toLowerCase()}>`,
  );
  for (const element of document.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    for (const { name, value } of element.attributes) {
      const attribute = name.toLowerCase();
      if (attribute.startsWith('on')) found.push(`${tag}[${attribute}]`);
      if (attribute === 'srcdoc' || (attribute === 'style' && /expression|url\s*\(/i.test(value)))
        found.push(`${tag}[${attribute}]`);
      // The browser decodes entities and drops blanks and control characters before it reads the scheme.
      const scheme = [...value]
        .filter((character) => character.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (URL_ATTRIBUTES.has(attribute) && /^(javascript|vbscript|data:text\/html)/.test(scheme)) {
        found.push(`${tag}[${attribute}=${value}]`);
      }
    }
  }
  return found;
}

/** The corpus around article text, as an editor's post would carry it. */
const inArticle = (payload: string) => `<p>before</p>${payload}<p>after</p>`;

// Inert as written; they turn active only if a naive filter decodes entities or strips "<script>" once.
const INERT_UNTIL_FILTERED = new Set(['&lt;script&gt;alert(1)&lt;/script&gt;', '<scr<script>ipt>alert(1)</scr</script>ipt>']);

it('the detector finds active content in every unsanitized payload meant to carry some', () => {
  const missed = XSS_CORPUS.filter(
    (payload) => !INERT_UNTIL_FILTERED.has(payload) && activeContent(inArticle(payload)).length === 0,
  );
  expect(missed).toEqual([]);
});

let t: IdentityTestServer;
let admin: string;
beforeAll(async () => {
  t = await startSecurityServer({ CONTACT_RATE_LIMIT_MAX: '10000', AFFILIATES_RATE_LIMIT: '10000' });
  admin = await adminToken(t.server);
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token?: string) =>
  t.server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function adminJson<T>(path: string): Promise<{ body: T; response: Response }> {
  const response = await t.server.fetch(path, { headers: { authorization: `Bearer ${admin}` } });
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
  expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
  return { body: (await response.json()) as T, response };
}

describe('blog HTML: POST /api/save-post-html, then GET /blog/{slug}.html', () => {
  it('serves every payload of the corpus with no script, no handler and no javascript: URL, under a CSP', async () => {
    // One page per payload, so a payload that breaks the sanitizer's state cannot hide another.
    for (const [index, payload] of XSS_CORPUS.entries()) {
      const slug = `xss-corpus-${index}`;
      const html = inArticle(payload);
      await addBlogPost(t.server.app.database.db, slug);
      const saved = await post('/api/save-post-html', savePostHtmlBody(slug, html), admin);
      expect(saved.status, payload).toBe(200);
      const page = await t.server.fetch(`/blog/${slug}.html`);
      expect(page.status, payload).toBe(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      const served = await page.text();
      expect(activeContent(served), `${payload} served as ${served.slice(0, 2000)}`).toEqual([]);
      // The API copy of the post is sanitized too (the web app renders its content).
      const cached = (await (await t.server.fetch(`/api/cached-post/${slug}`)).json()) as { content: string };
      expect(activeContent(cached.content), `${payload} in /api/cached-post`).toEqual([]);
    }
  });
});

describe('contact and affiliate fields, read back through the admin API', () => {
  it('come back as the same text, in JSON, for the React admin screens to render as text', async () => {
    const payloads = XSS_CORPUS.filter((payload) => payload.length <= CONTACT_LIMITS.name);
    expect(payloads.length).toBeGreaterThanOrEqual(30);
    for (const [index, payload] of payloads.entries()) {
      const contact = await post('/api/contact', {
        name: payload,
        email: `xss-${index}@example.com`,
        subject: payload,
        message: payload,
      });
      expect(contact.status, payload).toBe(201);
      const affiliate = await post('/api/affiliates/applications', {
        firstName: payload,
        lastName: payload,
        email: `xss-affiliate-${index}@example.com`,
        company: payload,
        website: payload,
        audience: payload,
        motivation: payload,
      });
      expect(affiliate.status, payload).toBe(201);
    }
    const { body: leads } = await adminJson<LeadsReply>('/api/admin/leads?limit=200');
    const { body: outbox } = await adminJson<OutboxPageReply>('/api/admin/outbox?limit=200');
    const { body: applications } = await adminJson<AffiliateApplicationsPageReply>('/api/admin/affiliate-applications?limit=200');
    for (const [index, payload] of payloads.entries()) {
      expect(leads.leads?.find((lead) => lead.email === `xss-${index}@example.com`)?.name, payload).toBe(payload);
      const application = applications.applications?.find((entry) => entry.email === `xss-affiliate-${index}@example.com`);
      expect(application, payload).toMatchObject({
        firstName: payload,
        lastName: payload,
        company: payload,
        website: payload,
        audience: payload,
        motivation: payload,
      });
      expect(outbox.mails?.some((mail) => mail.subject.includes(payload)) ?? false, `mail subject with ${payload}`).toBe(true);
    }
  });
});

describe('profile names', () => {
  it('come back through ListUsers and the admin users API as the same text', async () => {
    const payloads = XSS_CORPUS.filter((payload) => payload.length <= 256);
    await t.createUser('profile-xss@example.com');
    const { AccessToken } = await t.signIn('profile-xss@example.com');
    for (const payload of payloads) {
      await t.client.send(
        new UpdateUserAttributesCommand({
          AccessToken,
          UserAttributes: [
            { Name: 'given_name', Value: payload },
            { Name: 'family_name', Value: payload },
          ],
        }),
      );
      const { body } = await adminJson<UsersReply>('/api/admin/users');
      const user = body.users?.map(toManagedUser).find((entry) => entry.email === 'profile-xss@example.com');
      expect(user, payload).toMatchObject({ firstName: payload, lastName: payload });
    }
  });
});

describe('CSV exports (src-shared/domain/admin-csv.ts) of what visitors stored', () => {
  /** Every cell of `csv` that holds one of `stored` must start with the apostrophe that makes it text. */
  function expectNeutralised(csv: string, stored: readonly string[]) {
    const { data } = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    const cells = data.slice(1).flat();
    for (const value of stored) {
      expect(cells, JSON.stringify(value)).not.toContain(value);
      expect(cells, JSON.stringify(value)).toContain(`'${value}`);
    }
    for (const cell of cells) expect(cell, JSON.stringify(cell)).not.toMatch(/^[\s\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]/);
  }

  it('neutralises every formula of the corpus in the leads CSV, after the contact form stored it', async () => {
    for (const [index, formula] of CSV_FORMULA_CORPUS.entries()) {
      const response = await post('/api/contact', { name: formula, email: `formula-${index}@example.com`, message: 'Hello' });
      expect(response.status, JSON.stringify(formula)).toBe(201);
    }
    const { body } = await adminJson<LeadsReply>('/api/admin/leads?limit=200');
    const leads = (body.leads ?? []).filter((lead) => lead.email.startsWith('formula-'));
    expect(leads).toHaveLength(CSV_FORMULA_CORPUS.length);
    // The form trims what it stores; the CSV must neutralise what was stored.
    expectNeutralised(
      leadsCsv(leads),
      leads.map((lead) => lead.name),
    );
  });

  it('neutralises every formula of the corpus in the users CSV, after a user set it as their name', async () => {
    await t.createUser('formula-user@example.com');
    const { AccessToken } = await t.signIn('formula-user@example.com');
    const users = [];
    for (const formula of CSV_FORMULA_CORPUS) {
      await t.client.send(
        new UpdateUserAttributesCommand({
          AccessToken,
          UserAttributes: [
            { Name: 'given_name', Value: formula },
            { Name: 'family_name', Value: formula },
          ],
        }),
      );
      const { body } = await adminJson<UsersReply>('/api/admin/users');
      const user = body.users?.map(toManagedUser).find((entry) => entry.email === 'formula-user@example.com');
      if (!user) throw new Error('user not listed');
      expect(user.firstName).toBe(formula);
      users.push(user);
    }
    expectNeutralised(
      usersCsv(users),
      users.map((user) => user.firstName),
    );
  });
});
