import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityServer, type IdentityTestServer } from '../identity/support.ts';

let t: IdentityTestServer;

beforeAll(async () => {
  t = await startIdentityServer({
    PARTNER_PLATFORM_URL: 'https://partners.example/sso',
    PARTNER_SSO_SECRET: 'a-partner-sso-secret-of-at-least-32-chars',
  });
});
afterAll(() => t.close());

describe('POST /api/partner/sso carries only a verified email', () => {
  it('refuses an account whose address the pool has not verified', async () => {
    await t.createUser('unproved@example.com');
    await t.server.app.database.db
      .updateTable('identity_users')
      .set({ email_verified: false })
      .where('email', '=', 'unproved@example.com')
      .execute();
    const { IdToken } = await t.signIn('unproved@example.com');
    const response = await t.server.fetch('/api/partner/sso', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: IdToken }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Verify your email address before opening the partner platform.' });
  });
});
