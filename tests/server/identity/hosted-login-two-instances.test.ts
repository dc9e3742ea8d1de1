import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { cognitoRequest } from '../../support/cognito-request.ts';
import { exchangeCode, loginForm, pkcePair, postLoginForm } from '../../support/hosted-browser.ts';
import { MovableClock } from '../../support/movable-clock.ts';
import { startInstancesOnPostgres, type Instances } from '../../support/test-server.ts';
import { CLIENT_ID, PASSWORD } from './support.ts';

const url = process.env.TEST_DATABASE_URL;
const REDIRECT = 'http://app.example/callback';

/**
 * The pool's sign-in page behind a load balancer: two servers on one PostgreSQL schema, each
 * step of one sign-in answered by the other instance than the step before.
 */
describe.runIf(url)('the sign-in page across two instances on one PostgreSQL', () => {
  let instances: Instances;
  const clock = new MovableClock();
  beforeAll(async () => {
    instances = await startInstancesOnPostgres(2, { IDENTITY_ALLOWED_REDIRECT_URIS: REDIRECT }, { identityClock: clock });
  });
  afterAll(() => instances.close());

  it('shows the page on one, takes the password on the other, the new password on the first, the code on the second', async () => {
    const [a = '', b = ''] = instances.origins;
    const signUp = await cognitoRequest(a, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: 'two.pages@example.com',
      Password: PASSWORD,
    });
    expect(signUp.status).toBe(200);
    // As an operator's invitation leaves the user: the invitation itself is not what this is about.
    await instances.apps[0]?.database.db
      .updateTable('identity_users')
      .set({ status: 'FORCE_CHANGE_PASSWORD', email_verified: true })
      .execute();

    const { verifier, challenge } = pkcePair();
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email',
      state: 'two-instances',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const authorize = await fetch(`${a}/cognito/oauth2/authorize?${query}`, { redirect: 'manual' });
    const login = new URL(authorize.headers.get('location') ?? '');
    const page = await loginForm(`${b}${login.pathname}${login.search}`);
    const asked = await postLoginForm(
      { ...page, action: `${a}/cognito/login` },
      { username: 'two.pages@example.com', password: PASSWORD },
    );
    expect(asked.status).toBe(200);
    const newPassword = await loginForm(asked, page.cookie);
    const chosen = await postLoginForm(
      { ...newPassword, action: `${b}/cognito/login/new-password` },
      { new_password: 'Chosen-Pass-22', confirm_password: 'Chosen-Pass-22' },
    );
    expect(chosen.status).toBe(302);
    const back = new URL(chosen.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('two-instances');
    const exchange = await fetch(`${a}/cognito/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }),
    });
    expect(exchange.status).toBe(200);
    const { id_token: idToken } = (await exchange.json()) as { id_token: string };
    const signedInAt = decodeJwt(idToken).auth_time;
    expect(signedInAt).toBeGreaterThan(0);

    // The browser is remembered on both: ten minutes on, the other instance gives it a code at
    // once, and the code's tokens say when the user signed in, not when the code was issued.
    clock.advance(10 * 60 * 1000);
    const session = chosen.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('hosted_session='));
    const again = pkcePair();
    query.set('code_challenge', again.challenge);
    const remembered = await fetch(`${b}/cognito/oauth2/authorize?${query}`, {
      redirect: 'manual',
      headers: { cookie: session ?? '' },
    });
    const code = new URL(remembered.headers.get('location') ?? '').searchParams.get('code');
    expect(code).toBeTruthy();
    const secondExchange = await exchangeCode(
      { url: a, config: { publicUrl: a } },
      { code: code ?? '', verifier: again.verifier, redirectUri: REDIRECT },
    );
    expect(secondExchange.status).toBe(200);
    expect(decodeJwt(((await secondExchange.json()) as { id_token: string }).id_token).auth_time).toBe(signedInAt);
  });
});

/**
 * One code exchanged twice at once, on two instances: the replay must end what the first
 * exchange started (RFC 6749 4.1.2) even when it arrives while that exchange is still storing
 * its session. The database is made slow at exactly that moment (a trigger that sleeps before a
 * session row is written), so the second exchange lands inside the window every time.
 */
describe.runIf(url)('a code replayed while its first exchange is still under way, on two instances', () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstancesOnPostgres(2, { IDENTITY_ALLOWED_REDIRECT_URIS: REDIRECT });
  });
  afterAll(() => instances.close());

  it('ends the session the first exchange started, though it was stored after the replay was refused', async () => {
    const [a = '', b = ''] = instances.origins;
    const db = instances.apps[0]?.database.db;
    if (db === undefined) throw new Error('no database');
    const signUp = await cognitoRequest(a, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: 'replayed.code@example.com',
      Password: PASSWORD,
    });
    expect(signUp.status).toBe(200);
    await db.updateTable('identity_users').set({ status: 'CONFIRMED', email_verified: true }).execute();

    const { verifier, challenge } = pkcePair();
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid',
      state: 'replayed',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const authorize = await fetch(`${a}/cognito/oauth2/authorize?${query}`, { redirect: 'manual' });
    const login = new URL(authorize.headers.get('location') ?? '');
    const page = await loginForm(`${a}${login.pathname}${login.search}`);
    const signedIn = await postLoginForm(page, { username: 'replayed.code@example.com', password: PASSWORD });
    const code = new URL(signedIn.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    await sql`CREATE FUNCTION slow_session_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.6); RETURN NEW; END $$`.execute(db);
    await sql`CREATE TRIGGER slow_session_insert BEFORE INSERT ON identity_sessions
      FOR EACH ROW EXECUTE FUNCTION slow_session_insert()`.execute(db);
    try {
      const grant = { code, verifier, redirectUri: REDIRECT };
      const first = exchangeCode({ url: a, config: { publicUrl: a } }, grant);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const replay = await exchangeCode({ url: b, config: { publicUrl: b } }, grant);
      expect(replay.status).toBe(400);
      expect(await replay.json()).toEqual({ error: 'invalid_grant' });
      const issued = await first;
      expect(issued.status).toBe(200);
      // Whoever exchanged it first, its tokens are no good once the code was seen twice.
      {
        const tokens = (await issued.json()) as { access_token: string; refresh_token: string };
        const userInfo = await fetch(`${a}/cognito/oauth2/userInfo`, {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
        expect(userInfo.status).toBe(401);
        const refreshed = await fetch(`${a}/cognito/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: tokens.refresh_token }),
        });
        expect(await refreshed.json()).toEqual({ error: 'invalid_grant' });
      }
    } finally {
      await sql`DROP TRIGGER slow_session_insert ON identity_sessions`.execute(db);
      await sql`DROP FUNCTION slow_session_insert()`.execute(db);
    }
  });
});
