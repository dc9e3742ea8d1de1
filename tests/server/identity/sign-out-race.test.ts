import { AdminUserGlobalSignOutCommand, GetUserCommand, GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode, pkcePair, signInOnPage } from '../../support/hosted-browser.ts';
import { failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

const ROUNDS = 25;

/** Lets the event loop turn `turns` times, so the two racers start in every order. */
const turns = async (count: number) => {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * A sign-out (the user's own, or the operator's) that runs while the app exchanges a code or
 * refreshes: whatever the order the server runs them in, nothing issued in that moment may
 * outlive the sign-out.
 */
function signOutRaces(database: string, start: () => Promise<IdentityTestServer>) {
  describe(`a sign-out at the same time as a code exchange or a refresh (${database})`, () => {
    let t: IdentityTestServer;
    const email = 'racer@example.com';
    beforeAll(async () => {
      t = await start();
      await t.createUser(email);
    });
    afterAll(() => t.close());

    const userInfo = (accessToken: string) =>
      t.server.fetch('/cognito/oauth2/userInfo', { headers: { authorization: `Bearer ${accessToken}` } });
    const refreshAtTokenEndpoint = (refreshToken: string) =>
      t.server.fetch('/cognito/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: 'hireassist-local-client',
          refresh_token: refreshToken,
        }),
      });

    it('leaves no session started by an exchanged code alive after AdminUserGlobalSignOut', async () => {
      let exchanged = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const pending = await signInOnPage(t.server, { username: email, password: PASSWORD });
        const [answer] = await Promise.all([
          turns(round % 5).then(() => exchangeCode(t.server, pending)),
          turns(4 - (round % 5)).then(() =>
            t.admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: POOL_ID, Username: email })),
          ),
        ]);
        if (answer.status !== 200) continue;
        exchanged += 1;
        const issued = (await answer.json()) as { access_token: string; refresh_token: string };
        expect((await userInfo(issued.access_token)).status, `round ${round}: userInfo`).toBe(401);
        expect((await refreshAtTokenEndpoint(issued.refresh_token)).status, `round ${round}: refresh`).toBe(400);
      }
      // Without a code exchanged before the sign-out now and then, the race was never run.
      expect(exchanged).toBeGreaterThan(0);
    });

    it('gives a browser the sign-in page remembers no code that outlives an AdminUserGlobalSignOut made meanwhile', async () => {
      let remembered = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const { session, redirectUri } = await signInOnPage(t.server, { username: email, password: PASSWORD });
        const { verifier, challenge } = pkcePair();
        const query = new URLSearchParams({
          client_id: 'hireassist-local-client',
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'openid',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        });
        const [authorized] = await Promise.all([
          turns(round % 5).then(() =>
            t.server.fetch(`/cognito/oauth2/authorize?${query}`, { redirect: 'manual', headers: { cookie: session } }),
          ),
          turns(4 - (round % 5)).then(() =>
            t.admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: POOL_ID, Username: email })),
          ),
        ]);
        const code = new URL(authorized.headers.get('location') ?? '').searchParams.get('code');
        if (code === null) continue;
        remembered += 1;
        const answer = await exchangeCode(t.server, { code, verifier, redirectUri });
        if (answer.status !== 200) continue;
        const issued = (await answer.json()) as { access_token: string };
        expect((await userInfo(issued.access_token)).status, `round ${round}: userInfo`).toBe(401);
      }
      expect(remembered).toBeGreaterThan(0);
    });

    it('leaves no refresh token or access token working after a GlobalSignOut that met a refresh or a GetUser', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const device = await t.signIn(email);
        await Promise.allSettled([
          turns(round % 3).then(() => t.refresh(device.RefreshToken)),
          turns(round % 2).then(() => t.client.send(new GetUserCommand({ AccessToken: device.AccessToken }))),
          turns(2 - (round % 3)).then(() => t.client.send(new GlobalSignOutCommand({ AccessToken: device.AccessToken }))),
        ]);
        expect(await failure(t.refresh(device.RefreshToken)), `round ${round}: refresh`).toMatchObject({
          name: 'NotAuthorizedException',
        });
        expect(
          await failure(t.client.send(new GetUserCommand({ AccessToken: device.AccessToken }))),
          `round ${round}: GetUser`,
        ).toMatchObject({ name: 'NotAuthorizedException' });
      }
    });
  });
}

// Every round signs the one user in again: more than the per-user limit's 60 a minute.
const LIMITS = { IDENTITY_RATE_LIMIT_PER_USER: '10000', IDENTITY_RATE_LIMIT_PER_IP: '10000' };
signOutRaces('PGlite', () => startIdentityServer(LIMITS));
if (process.env.TEST_DATABASE_URL) signOutRaces('PostgreSQL', () => startIdentityServer(LIMITS, { postgres: true }));
