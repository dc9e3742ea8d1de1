import { decodeJwt, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvents } from '../../../server/features/audit/store.ts';
import { startIdentityServer, type IdentityTestServer } from '../identity/support.ts';

const SSO_SECRET = 'a-partner-sso-secret-of-at-least-32-chars';
let t: IdentityTestServer;
let idToken: string;
let sub: string;

beforeAll(async () => {
  t = await startIdentityServer({ PARTNER_PLATFORM_URL: 'https://partners.example/sso', PARTNER_SSO_SECRET: SSO_SECRET });
  await t.createUser('ada@example.com', { given_name: 'Ada', family_name: 'Lovelace' });
  idToken = (await t.signIn('ada@example.com')).IdToken;
  sub = decodeJwt(idToken).sub ?? '';
});
afterAll(() => t.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.server.fetch(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36',
      ...headers,
    },
    body: JSON.stringify(body),
  });
const db = () => t.server.app.database.db;

/** A token with the right shape signed by a key that is not the pool's. */
async function forgedIdToken(): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  const claims = decodeJwt(idToken);
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256', kid: 'forged' }).sign(privateKey);
}

describe('POST /api/audit-login', () => {
  it('annotates the sign-in the server recorded for this token with the browser and the method it saw', async () => {
    const response = await post('/api/audit-login', { idToken, provider: 'password' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const event = await db()
      .selectFrom('audit_events')
      .selectAll()
      .where('event_type', '=', 'customer.login')
      .where('event_id', '=', String(decodeJwt(idToken).event_id))
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      actor: sub,
      actor_email: 'ada@example.com',
      details: { provider: 'password' },
      ip: '127.0.0.1',
    });
    expect(event.annotation).toMatchObject({ reportedProvider: 'password' });
    expect(String(event.annotation?.userAgent)).toContain('Chrome/130');
  });

  it.each([
    ['a forged signature', async () => forgedIdToken()],
    ['garbage', async () => 'not.a.token'],
    ['an access token', async () => (await t.signIn('ada@example.com')).AccessToken],
  ])('answers 401 {ok:false} for %s', async (_name, token) => {
    const response = await post('/api/audit-login', { idToken: await token(), provider: 'password' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ok: false, error: 'Invalid or expired id token' });
  });

  it('answers 401 for an expired token', async () => {
    t.clock.advance(3601 * 1000);
    try {
      const response = await post('/api/audit-login', { idToken, provider: 'password' });
      expect(response.status).toBe(401);
    } finally {
      t.clock.advance(-3601 * 1000);
    }
  });

  it('rejects an unknown provider with a 400 naming the field', async () => {
    const response = await post('/api/audit-login', { idToken, provider: 'facebook' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain('provider');
  });
});

describe('POST /api/audit-profile', () => {
  it('stores nothing when the server holds no profile change of this token', async () => {
    const changes = { firstName: { old: 'Ada', new: 'Augusta' } };
    const response = await post('/api/audit-profile', { idToken, changes });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ ok: false, error: 'No event of this token to annotate' });
    const events = await db()
      .selectFrom('audit_events')
      .selectAll()
      .where('event_type', '=', 'customer.profile.update')
      .execute();
    expect(events).toEqual([]);
  });

  it('refuses fields outside the profile and empty change sets', async () => {
    expect((await post('/api/audit-profile', { idToken, changes: { password: { old: 'a', new: 'b' } } })).status).toBe(400);
    expect((await post('/api/audit-profile', { idToken, changes: {} })).status).toBe(400);
  });
});

describe('referrals and the sign-up lead', () => {
  // The sign-up's lead first, as the web app reports it: a referral is accepted only with it (referrals.test.ts).
  it('records one lead per account with its source', async () => {
    expect((await post('/api/signup-leads', { idToken, source: 'hero_cta' })).status).toBe(201);
    expect((await post('/api/signup-leads', { idToken, source: 'hero_cta' })).status).toBe(200);
    const leads = await db().selectFrom('leads').selectAll().where('email', '=', 'ada@example.com').execute();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Ada Lovelace', source: 'hero_cta' });
  });

  it('stores the referral with the user', async () => {
    const timestamp = Date.now() - 3 * 86_400_000;
    const response = await post('/api/referrals', {
      idToken,
      referral: { partnerId: 'p-1', referralKey: 'r-1', source: 'news', timestamp },
    });
    expect(response.status).toBe(201);
    const row = await db().selectFrom('account_referrals').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_sub: sub,
      email: 'ada@example.com',
      partner_id: 'p-1',
      referral_key: 'r-1',
      utm_source: 'news',
    });
    expect(row.captured_at.getTime()).toBe(timestamp);
  });

  it("keeps the account's first attribution: a later referral answers success and changes nothing", async () => {
    const later = await post('/api/referrals', {
      idToken,
      referral: { partnerId: 'p-2', referralKey: 'r-2', source: 'elsewhere', timestamp: Date.now() - 86_400_000 },
    });
    expect(later.status).toBe(200);
    expect(await later.json()).toEqual({ ok: true });
    const rows = await db().selectFrom('account_referrals').selectAll().where('user_sub', '=', sub).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ partner_id: 'p-1', referral_key: 'r-1', utm_source: 'news' });
  });

  it('refuses a capture time outside what a date can hold with a 400 naming it', async () => {
    for (const timestamp of [1e16, -1, Number.MAX_VALUE]) {
      const response = await post('/api/referrals', { idToken, referral: { partnerId: 'p-3', timestamp } });
      expect(response.status, String(timestamp)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/timestamp/);
    }
  });

  it('needs a valid token', async () => {
    expect((await post('/api/referrals', { idToken: 'x.y.z', referral: { timestamp: 1 } })).status).toBe(401);
    expect((await post('/api/signup-leads', { idToken: 'x.y.z', source: 'hero_cta' })).status).toBe(401);
  });
});

describe('POST /api/partner/sso', () => {
  it('answers a redirect with a short-lived assertion signed with the shared secret', async () => {
    const response = await post('/api/partner/sso', { idToken });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const target = new URL(url);
    expect(`${target.origin}${target.pathname}`).toBe('https://partners.example/sso');
    const { payload } = await jwtVerify(target.searchParams.get('assertion') ?? '', new TextEncoder().encode(SSO_SECRET), {
      audience: 'https://partners.example',
    });
    expect(payload).toMatchObject({ sub, email: 'ada@example.com', name: 'Ada Lovelace' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(60);
  });

  it('never sends the secret to the browser', async () => {
    const config = await (await t.server.fetch('/api/config')).text();
    expect(config).not.toContain(SSO_SECRET);
    expect(JSON.parse(config).accounts).toMatchObject({ partnerPlatform: true });
  });
});

describe('preferences, recent sign-ins and forgetting the account', () => {
  const auth = (token = idToken) => ({ authorization: `Bearer ${token}` });

  it('keeps marketing-email consent server-side, off by default', async () => {
    expect(await (await t.server.fetch('/api/account/preferences', { headers: auth() })).json()).toEqual({
      marketingEmails: false,
    });
    const saved = await t.server.fetch('/api/account/preferences', {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ marketingEmails: true }),
    });
    expect(await saved.json()).toEqual({ marketingEmails: true });
    expect(await (await t.server.fetch('/api/account/preferences', { headers: auth() })).json()).toEqual({
      marketingEmails: true,
    });
    expect((await t.server.fetch('/api/account/preferences')).status).toBe(401);
  });

  it('lists recent sign-ins with method and client (the browser the web app reported, where it did)', async () => {
    const reply = (await (await t.server.fetch('/api/account/sign-ins', { headers: auth() })).json()) as { signIns: unknown[] };
    expect(reply.signIns.length).toBeGreaterThanOrEqual(2);
    expect(reply.signIns).toContainEqual(expect.objectContaining({ method: 'password', client: 'Chrome on Windows' }));
  });

  it('lists two sign-ins stored in one instant (one batch of concurrent sign-ins) as two, each with its own id', async () => {
    // What the event queue writes for two sign-ins that arrive together: one statement, one created_at.
    const signIn = { eventType: 'customer.login', actor: sub, details: { provider: 'password' }, ip: '192.0.2.9' } as const;
    await insertEvents(db(), [
      { ...signIn, userAgent: 'Mozilla/5.0 (Macintosh) Firefox/130.0' },
      { ...signIn, userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1' },
    ]);
    const reply = (await (await t.server.fetch('/api/account/sign-ins', { headers: auth() })).json()) as {
      signIns: { id: string; at: string; client: string }[];
    };
    const [first, second] = reply.signIns;
    expect([first?.client, second?.client].sort()).toEqual(['Firefox on macOS', 'Safari on iOS']);
    expect(first?.at).toBe(second?.at);
    expect(new Set(reply.signIns.map((entry) => entry.id)).size).toBe(reply.signIns.length);
  });

  it('redacts the email in the audit rows and the sign-up lead and drops the preferences, keeping the rows', async () => {
    const count = async () => (await db().selectFrom('audit_events').select('id').where('actor', '=', sub).execute()).length;
    const before = await count();
    const response = await t.server.fetch('/api/account', { method: 'DELETE', headers: auth() });
    expect(response.status).toBe(200);
    expect(await count()).toBe(before + 1);
    const rows = await db().selectFrom('audit_events').selectAll().where('actor', '=', sub).execute();
    expect(JSON.stringify(rows)).not.toContain('ada@example.com');
    expect(JSON.stringify(rows)).not.toContain('augusta@example.com');
    expect(await db().selectFrom('account_preferences').selectAll().execute()).toEqual([]);
    // The lead the sign-up recorded stays in the operator's counts, without the person's name and address.
    const { lead_id } = await db()
      .selectFrom('account_signups')
      .select('lead_id')
      .where('user_sub', '=', sub)
      .executeTakeFirstOrThrow();
    const lead = await db().selectFrom('leads').selectAll().where('id', '=', lead_id).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ name: '[deleted account]', email: '[deleted account]', source: 'hero_cta' });
  });
});
