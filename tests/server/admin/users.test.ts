import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityUserRecord } from '../../../src-shared/domain/admin.ts';
import { failure, startIdentityServer, type IdentityTestServer } from '../identity/support.ts';
import { ADMIN_PASSWORD, adminToken, bearer } from './admin-client.ts';

/**
 * The admin users API end to end: our routes, the real AWS SDK, the real embedded identity
 * service (signed admin calls), and a user signing in through the SDK like the browser does.
 */
let identity: IdentityTestServer;
let token: string;
beforeAll(async () => {
  // The page walk signs 62 users up from this one address: the mail quotas are raised for it.
  identity = await startIdentityServer({
    ADMIN_PASSWORD,
    MAIL_QUOTA_PER_CLIENT_PER_HOUR: '1000',
    MAIL_QUOTA_PER_DOMAIN_PER_HOUR: '1000',
  });
  token = await adminToken(identity.server);
  await identity.createUser('ada@example.com', { given_name: 'Ada', family_name: 'Lovelace' });
  await identity.createUser('grace@example.com', { given_name: 'Grace', family_name: 'Hopper' });
  await identity.signUp('pending@example.com');
}, 60_000);
afterAll(() => identity.close());

async function api(method: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await identity.server.fetch(path, { method, headers: bearer(token) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function listUsers(): Promise<IdentityUserRecord[]> {
  const { status, body } = await api('GET', '/api/admin/users?limit=200');
  expect(status).toBe(200);
  expect(body.success).toBe(true);
  return body.users as IdentityUserRecord[];
}

const byEmail = (users: IdentityUserRecord[], email: string) =>
  users.find((user) => user.Attributes.some((attribute) => attribute.Name === 'email' && attribute.Value === email));

describe('GET /api/admin/users', () => {
  it("lists every user as the identity provider's record", async () => {
    const users = await listUsers();
    expect(users).toHaveLength(3);
    const ada = byEmail(users, 'ada@example.com');
    expect(ada).toMatchObject({ UserStatus: 'CONFIRMED', Enabled: true });
    expect(ada?.Attributes).toEqual(
      expect.arrayContaining([
        { Name: 'given_name', Value: 'Ada' },
        { Name: 'family_name', Value: 'Lovelace' },
      ]),
    );
    expect(new Date(ada?.UserCreateDate ?? '').getTime()).toBeGreaterThan(Date.now() - 600_000);
    expect(Object.keys(ada ?? {}).sort()).toEqual([
      'Attributes',
      'Enabled',
      'UserCreateDate',
      'UserLastModifiedDate',
      'UserStatus',
      'Username',
    ]);
    expect(byEmail(users, 'pending@example.com')?.UserStatus).toBe('UNCONFIRMED');
  });

  it('fills a page of up to 200 from several ListUsers pages (60 users a page)', async () => {
    const emails = Array.from({ length: 62 }, (_, i) => `bulk${i}@example.com`);
    for (let i = 0; i < emails.length; i += 8) {
      await Promise.all(emails.slice(i, i + 8).map((email) => identity.signUp(email)));
    }
    const users = await listUsers();
    expect(users).toHaveLength(65);
    expect(new Set(users.map((user) => user.Username)).size).toBe(65);
  });
});

describe('disable, enable and delete through the real SDK', () => {
  it('disabling a user stops their sign-in and kills their refresh token, and is audited', async () => {
    const session = await identity.signIn('grace@example.com');
    const grace = byEmail(await listUsers(), 'grace@example.com');
    const { status, body } = await api('POST', `/api/admin/users/${encodeURIComponent(grace?.Username ?? '')}/disable`);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true });

    expect(byEmail(await listUsers(), 'grace@example.com')?.Enabled).toBe(false);
    const signIn = await failure(identity.signIn('grace@example.com'));
    expect(signIn.name).toBe('NotAuthorizedException');
    const refresh = await failure(identity.refresh(session.RefreshToken));
    expect(refresh.name).toBe('NotAuthorizedException');

    const audit = await identity.server.app.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('event_type', '=', 'admin.user.disable')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'admin', subject: grace?.Username, details: { outcome: 'succeeded' } });
  });

  it('enabling lets them sign in again', async () => {
    const grace = byEmail(await listUsers(), 'grace@example.com');
    const { body } = await api('POST', `/api/admin/users/${encodeURIComponent(grace?.Username ?? '')}/enable`);
    expect(body).toEqual({ success: true });
    expect(byEmail(await listUsers(), 'grace@example.com')?.Enabled).toBe(true);
    expect((await identity.signIn('grace@example.com')).AccessToken).toBeTruthy();
  });

  it('deleting removes the user: gone from the list and unable to sign in', async () => {
    const ada = byEmail(await listUsers(), 'ada@example.com');
    const { body } = await api('DELETE', `/api/admin/users/${encodeURIComponent(ada?.Username ?? '')}`);
    expect(body).toEqual({ success: true });
    expect(byEmail(await listUsers(), 'ada@example.com')).toBeUndefined();
    expect((await failure(identity.signIn('ada@example.com'))).name).toMatch(/NotAuthorizedException|UserNotFoundException/);
    const events = await identity.server.app.database.db.selectFrom('audit_events').select('event_type').execute();
    expect(events.map((event) => event.event_type)).toEqual(expect.arrayContaining(['admin.user.enable', 'admin.user.delete']));
  });

  it('deleting a customer forgets what the product kept about them, as their own deletion does', async () => {
    await identity.createUser('kept@example.com', { given_name: 'Kept', family_name: 'Details' });
    const { IdToken } = await identity.signIn('kept@example.com');
    const saved = await identity.server.fetch('/api/account/preferences', {
      method: 'PUT',
      headers: { authorization: `Bearer ${IdToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ marketingEmails: true }),
    });
    expect(saved.status).toBe(200);
    const db = identity.server.app.database.db;
    const kept = byEmail(await listUsers(), 'kept@example.com');
    expect(
      await db.selectFrom('account_preferences').select('email').where('email', '=', 'kept@example.com').execute(),
    ).toHaveLength(1);

    const { body } = await api('DELETE', `/api/admin/users/${encodeURIComponent(kept?.Username ?? '')}`);
    expect(body).toEqual({ success: true });
    expect(await db.selectFrom('account_preferences').select('email').where('email', '=', 'kept@example.com').execute()).toEqual(
      [],
    );
    const logins = await db.selectFrom('audit_events').select('subject').where('event_type', '=', 'customer.login').execute();
    expect(logins.map((event) => event.subject)).not.toContain('kept@example.com');
  });

  it("answers an unknown user with 404 and the identity service's message, up to the longest username Cognito allows", async () => {
    // 128 characters: over the router's default parameter limit, such a name fell through to the catch-all.
    const longest = 'u'.repeat(128);
    for (const [method, path] of [
      ['POST', '/api/admin/users/no-such-user/enable'],
      ['POST', '/api/admin/users/no-such-user/disable'],
      ['DELETE', '/api/admin/users/no-such-user'],
      ['POST', `/api/admin/users/${longest}/enable`],
      ['DELETE', `/api/admin/users/${longest}`],
    ] as const) {
      const { status, body } = await api(method, path);
      expect(status).toBe(404);
      expect(body.success).toBe(false);
      expect(body.error).toBe('User does not exist.');
    }
  });
});
