import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../../../server/identity/lockout.ts';
import { srpClient } from './srp-client.ts';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/*
 * What happens to a user between USER_SRP_AUTH's two steps is seen by the second: the answer is
 * checked against the user as stored when it arrives, not as the challenge found them. Whoever
 * makes the second step cheaper (a cache, a user carried in the secret block) must keep these.
 */

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
});
afterAll(() => t.close());

/** InitiateAuth (USER_SRP_AUTH), and the right answer to its challenge, computed now but sent later. */
async function challengeAnswered(login: string, password = PASSWORD) {
  const srp = await srpClient();
  const challenge = await t.client.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: login, SRP_A: srp.srpA },
    }),
  );
  const answer = await srp.answer(challenge.ChallengeParameters ?? {}, password);
  return () =>
    t.client.send(
      new RespondToAuthChallengeCommand({ ClientId: CLIENT_ID, ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: answer }),
    );
}

const passwordSignIn = (login: string, password: string) =>
  t.client.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: login, PASSWORD: password },
    }),
  );

describe('USER_SRP_AUTH: the second step sees what changed after the first', () => {
  it('a user disabled in between is refused as disabled, and signs in again once enabled', async () => {
    await t.createUser('between-disabled@example.com');
    const respond = await challengeAnswered('between-disabled@example.com');
    await t.admin.send(new AdminDisableUserCommand({ UserPoolId: POOL_ID, Username: 'between-disabled@example.com' }));
    expect(await failure(respond())).toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });

    await t.admin.send(new AdminEnableUserCommand({ UserPoolId: POOL_ID, Username: 'between-disabled@example.com' }));
    const again = await challengeAnswered('between-disabled@example.com');
    expect((await again()).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('a user locked in between is refused as locked, even with the right proof', () =>
    t.clock.held(async () => {
      await t.createUser('between-locked@example.com');
      const respond = await challengeAnswered('between-locked@example.com');
      for (let attempt = 0; attempt <= FREE_FAILURES; attempt++) {
        await failure(passwordSignIn('between-locked@example.com', 'Wrong-Password-1'));
      }
      expect(await failure(respond())).toMatchObject({ name: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    }));

  it('failures counted in between are cleared by the right proof, which signs in', async () => {
    await t.createUser('between-failures@example.com');
    const respond = await challengeAnswered('between-failures@example.com');
    await failure(passwordSignIn('between-failures@example.com', 'Wrong-Password-1'));
    expect((await respond()).AuthenticationResult?.RefreshToken).toBeTruthy();
    const user = await t.server.app.database.db
      .selectFrom('identity_users')
      .select(['failed_sign_ins', 'locked_until'])
      .where('email', '=', 'between-failures@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ failed_sign_ins: 0, locked_until: null });
  });

  it('a password set in between makes the proof of the old one fail, and is not counted as a guess', async () => {
    await t.createUser('between-password@example.com');
    const respond = await challengeAnswered('between-password@example.com');
    await t.admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: POOL_ID,
        Username: 'between-password@example.com',
        Password: 'Another-Horse-9',
        Permanent: true,
      }),
    );
    expect(await failure(respond())).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    const user = await t.server.app.database.db
      .selectFrom('identity_users')
      .select('failed_sign_ins')
      .where('email', '=', 'between-password@example.com')
      .executeTakeFirstOrThrow();
    expect(user.failed_sign_ins).toBe(0);
    const withNew = await challengeAnswered('between-password@example.com', 'Another-Horse-9');
    expect((await withNew()).AuthenticationResult?.AccessToken).toBeTruthy();
  });
});
