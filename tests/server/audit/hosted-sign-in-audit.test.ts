import { AdminDisableUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPageReply } from '../../../src-shared/domain/audit.ts';
import { asGoogle, startOpenIdStandIn, type OpenIdStandIn } from '../../support/openid-stand-in.ts';
import { ADMIN_PASSWORD, adminToken, bearer } from '../admin/admin-client.ts';
import { CLIENT_ID, POOL_ID, startIdentityServer, type IdentityTestServer } from '../identity/support.ts';

/**
 * Hosted sign-in ("Sign in with Google") is recorded by the server when it issues the
 * tokens, with the method from the account's identities; a local oidc-provider stands in
 * for Google, which cannot be reached from here.
 */
let t: IdentityTestServer;
let upstream: OpenIdStandIn;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(async () => {
  upstream = await startOpenIdStandIn({
    accounts: { 'g-7': { email: 'dana@gmail.example', email_verified: true, given_name: 'Dana' } },
    nextLogin: () => ({ accountId: 'g-7' }),
  });
  t = await startIdentityServer({
    ADMIN_PASSWORD,
    ...asGoogle(upstream),
    IDENTITY_ALLOWED_REDIRECT_URIS: 'http://app.example',
  });
  upstream.accept(`${t.server.config.publicUrl}/cognito/oauth2/idpresponse`);
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

/** A browser: follows redirects through the upstream with its cookies until it is sent back to the app. */
async function browse(path: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let location = new URL(path, t.server.url).href;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(location, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      cookies.set(name, value);
    }
    const next = response.headers.get('location');
    if (next === null) throw new Error(`stopped at ${location} with ${response.status}: ${await response.text()}`);
    const url = new URL(next, location);
    if (url.origin === 'http://app.example') return url;
    // The server was configured before it had a port, so its public URL says port 0.
    location = url.origin === t.server.config.publicUrl ? `${t.server.url}${url.pathname}${url.search}` : url.href;
  }
  throw new Error('too many redirects');
}

/** Hosted sign-in with Google, as the web app starts it (state and PKCE). */
const authorizePath = (verifier: string) =>
  `/cognito/oauth2/authorize?${new URLSearchParams({
    identity_provider: 'Google',
    redirect_uri: 'http://app.example',
    response_type: 'code',
    client_id: CLIENT_ID,
    scope: 'openid email profile',
    state: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })}`;

describe('hosted sign-in', () => {
  it('is recorded as a Google sign-in of the account when the code is exchanged, and the web app’s report annotates it', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const back = await browse(authorizePath(verifier));
    const exchange = await t.server.fetch('/cognito/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        code: back.searchParams.get('code') ?? '',
        redirect_uri: 'http://app.example',
        code_verifier: verifier,
      }).toString(),
    });
    expect(exchange.status).toBe(200);
    const { id_token: idToken } = (await exchange.json()) as { id_token: string };

    const operator = await adminToken(t.server);
    const read = async () =>
      (
        (await (
          await t.server.fetch('/api/admin/audit?type=customer.login&actor=dana@gmail.example', { headers: bearer(operator) })
        ).json()) as AuditPageReply
      ).events ?? [];
    const [signIn] = await read();
    expect(signIn).toMatchObject({
      actorEmail: 'dana@gmail.example',
      details: { provider: 'google', flow: 'hosted' },
      userAgent: BROWSER,
      annotation: null,
    });

    const report = await t.server.fetch('/api/audit-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
      body: JSON.stringify({ idToken, provider: 'google' }),
    });
    expect(report.status).toBe(200);
    const events = await read();
    expect(events).toHaveLength(1);
    expect(events[0]?.annotation).toEqual({ reportedProvider: 'google', userAgent: BROWSER });
  });

  it('is recorded as refused when the account is disabled', async () => {
    await t.admin.send(new AdminDisableUserCommand({ UserPoolId: POOL_ID, Username: 'google_g-7' }));
    const back = await browse(authorizePath(randomBytes(32).toString('base64url')));
    expect(back.searchParams.get('error')).toBe('access_denied');
    const operator = await adminToken(t.server);
    const reply = (await (
      await t.server.fetch('/api/admin/audit?type=customer.login.failed', { headers: bearer(operator) })
    ).json()) as AuditPageReply;
    expect(reply.events?.[0]).toMatchObject({
      actorEmail: 'dana@gmail.example',
      details: { provider: 'google', flow: 'hosted', reason: 'HostedSignInRefused', message: 'User is disabled.' },
    });
  });
});
