import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityTestServer } from '../server/identity/support.ts';
import { adminToken, startSecurityServer } from './support.ts';

/**
 * Every answer to a signed-in caller (a customer's id token, the admin token) carries that
 * caller's data or a credential: a preference, recent sign-ins and their addresses, a partner
 * sign-on assertion, leads. A shared cache (a corporate proxy, a CDN) or the browser's own
 * cache must keep none of it, so each such answer says `Cache-Control: no-store`, whatever the
 * route, its outcome or its status.
 */

let t: IdentityTestServer;
let idToken: string;
let admin: string;

beforeAll(async () => {
  t = await startSecurityServer();
  await t.createUser('cache@example.com', { given_name: 'Ada', family_name: 'Lovelace' });
  idToken = (await t.signIn('cache@example.com')).IdToken;
  admin = await adminToken(t.server);
});
afterAll(() => t.close());

const cacheControlOf = async (response: Response) => {
  await response.arrayBuffer();
  return `${response.status} ${response.headers.get('cache-control') ?? '(none)'}`;
};

describe('answers to a signed-in caller', () => {
  it.each([
    ['GET', '/api/account/preferences'],
    ['GET', '/api/account/sign-ins'],
  ])("%s %s (the customer's own data) is stored by no cache", async (method, path) => {
    const response = await t.server.fetch(path, { method, headers: { authorization: `Bearer ${idToken}` } });
    expect(await cacheControlOf(response)).toMatch(/^200 .*no-store/);
  });

  it('POST /api/partner/sso (a sign-on assertion) is stored by no cache', async () => {
    const response = await t.server.fetch('/api/partner/sso', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken }),
    });
    expect(await cacheControlOf(response)).toMatch(/no-store/);
  });

  it("a customer route's refusal of a bad body is stored by no cache either", async () => {
    const response = await t.server.fetch('/api/account/preferences', {
      method: 'PUT',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ marketingEmails: 'maybe' }),
    });
    expect(await cacheControlOf(response)).toMatch(/^400 .*no-store/);
  });

  it.each([['/api/admin/leads'], ['/api/admin/users'], ['/api/admin/audit'], ['/api/admin/outbox']])(
    'GET %s (the operator’s lists) is stored by no cache',
    async (path) => {
      const response = await t.server.fetch(path, { headers: { authorization: `Bearer ${admin}` } });
      expect(await cacheControlOf(response)).toMatch(/^200 .*no-store/);
    },
  );

  it('every customer and admin route of the route table answers with no-store, even its 401', async () => {
    const guarded = t.server.app.routeTable.filter((route) => route.access === 'user' || route.access === 'admin');
    const answers: string[] = [];
    for (const route of guarded) {
      const path = route.url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
      const response = await t.server.fetch(path, { method: route.method });
      answers.push(`${route.method} ${route.url}: ${await cacheControlOf(response)}`);
    }
    expect(answers.filter((answer) => !answer.includes('no-store'))).toEqual([]);
  });
});
