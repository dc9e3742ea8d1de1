import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config/config.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { loginForm, pkcePair, postLoginForm } from '../../support/hosted-browser.ts';
import { CLIENT_ID, PASSWORD } from './support.ts';

const url = process.env.TEST_DATABASE_URL;
const REDIRECT = 'http://app.example/callback';

/**
 * The pool's sign-in page behind a load balancer: two servers on one PostgreSQL schema, each
 * step of one sign-in answered by the other instance than the step before.
 */
describe.runIf(url)('the sign-in page across two instances on one PostgreSQL', () => {
  const schema = `test_${process.pid}_login_${Math.random().toString(36).slice(2, 8)}`;
  const apps: App[] = [];
  const origins: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: url ?? '', schema });
      const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', IDENTITY_ALLOWED_REDIRECT_URIS: REDIRECT });
      const app = await buildApp(config, { database });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no address');
      apps.push(app);
      origins.push(`http://127.0.0.1:${address.port}`);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('shows the page on one, takes the password on the other, the new password on the first, the code on the second', async () => {
    const [a = '', b = ''] = origins;
    const signUp = await fetch(`${a}/cognito/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      body: JSON.stringify({ ClientId: CLIENT_ID, Username: 'two.pages@example.com', Password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    // As an operator's invitation leaves the user: the invitation itself is not what this is about.
    await apps[0]?.database.db
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
    expect(await exchange.json()).toHaveProperty('id_token');
  });
});
