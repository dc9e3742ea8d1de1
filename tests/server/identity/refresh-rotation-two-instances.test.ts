import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetTokensFromRefreshTokenCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstancesOnPostgres, type Instances } from '../../support/test-server.ts';
import { browserSdkClient, CLIENT_ID, failure, PASSWORD, signUpWith } from './support.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * With rotation and no grace (IDENTITY_REFRESH_TOKEN_GRACE_SECONDS=0), a refresh token works
 * once: the same token sent to two instances at once (a stolen copy used as the app uses its
 * own) gives new tokens on one of them, and RefreshTokenReuseException on the other, as a
 * second use one after the other does; and the reuse ends the session, so the tokens the first
 * use gave stop working too.
 */
describe.runIf(url)('refresh token rotation without grace across two instances on one PostgreSQL', () => {
  let instances: Instances;
  const clients: CognitoIdentityProviderClient[] = [];
  beforeAll(async () => {
    instances = await startInstancesOnPostgres(2, {
      IDENTITY_REFRESH_TOKEN_ROTATION: 'on',
      IDENTITY_REFRESH_TOKEN_GRACE_SECONDS: '0',
    });
    clients.push(...instances.origins.map(browserSdkClient));
    await signUpWith(clients[0] as CognitoIdentityProviderClient, 'ada@example.com');
    // Confirmed directly: the code's mail is not what this test is about.
    await instances.apps[0]?.database.db
      .updateTable('identity_users')
      .set({ status: 'CONFIRMED', email_verified: true })
      .execute();
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await instances?.close();
  });

  async function refreshToken(): Promise<string> {
    const signedIn = await (clients[0] as CognitoIdentityProviderClient).send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'ada@example.com', PASSWORD },
      }),
    );
    return signedIn.AuthenticationResult?.RefreshToken ?? '';
  }

  const refreshOn = (client: CognitoIdentityProviderClient, RefreshToken: string) =>
    client.send(new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken })).then(
      ({ AuthenticationResult: result }) => ({
        outcome: result?.RefreshToken ? 'tokens' : 'no tokens',
        refreshToken: result?.RefreshToken,
      }),
      async (error: unknown) => ({ outcome: (await failure(Promise.reject(error))).name, refreshToken: undefined }),
    );

  it('a refresh token sent to both instances at once gives tokens once (five sessions, each tried so)', async () => {
    for (let session = 0; session < 5; session++) {
      const token = await refreshToken();
      const answers = await Promise.all(clients.map((client) => refreshOn(client, token)));
      expect(answers.map(({ outcome }) => outcome).toSorted()).toEqual(['RefreshTokenReuseException', 'tokens']);
      // The reuse ended the session: the tokens the winner got, whoever it was, refresh no more.
      const winner = answers.find(({ refreshToken }) => refreshToken !== undefined);
      expect((await refreshOn(clients[0] as CognitoIdentityProviderClient, winner?.refreshToken ?? '')).outcome).toBe(
        'NotAuthorizedException',
      );
    }
  });

  it('a rotated token sent to both instances at once gives tokens once too', async () => {
    const first = await refreshToken();
    const rotated = await (clients[1] as CognitoIdentityProviderClient).send(
      new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken: first }),
    );
    const token = rotated.AuthenticationResult?.RefreshToken ?? '';
    const answers = await Promise.all(clients.map((client) => refreshOn(client, token)));
    expect(answers.map(({ outcome }) => outcome).toSorted()).toEqual(['RefreshTokenReuseException', 'tokens']);
  });
});
