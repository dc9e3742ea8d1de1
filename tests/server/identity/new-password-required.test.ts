import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type RespondToAuthChallengeCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/**
 * The NEW_PASSWORD_REQUIRED answer after AdminCreateUser, through the SDK as a back end or app
 * answers it (RespondToAuthChallenge), against the sessions the running server seals.
 */
let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
});
afterAll(async () => {
  await t.close();
});

async function invited(email: string): Promise<string> {
  await t.admin.send(
    new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: email, TemporaryPassword: PASSWORD, MessageAction: 'SUPPRESS' }),
  );
  const { Session } = await t.client.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  return Session ?? '';
}

function answerNewPasswordRequired(
  session: string,
  responses: Record<string, string>,
  clientId: string = CLIENT_ID,
): Promise<RespondToAuthChallengeCommandOutput> {
  return t.client.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeResponses: responses,
    }),
  );
}

describe('RespondToAuthChallenge with NEW_PASSWORD_REQUIRED after AdminCreateUser', () => {
  it('sets the password, confirms the user and signs them in; the session then stops working', async () => {
    const session = await invited('ivy@example.com');
    const answer = await answerNewPasswordRequired(session, {
      USERNAME: 'ivy@example.com',
      NEW_PASSWORD: 'Own-Password-7',
      'userAttributes.given_name': 'Ivy',
    });
    expect(decodeJwt(answer.AuthenticationResult?.IdToken ?? '')).toMatchObject({ email: 'ivy@example.com', given_name: 'Ivy' });
    expect(answer.AuthenticationResult?.RefreshToken).toBeTruthy();
    expect((await t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: 'ivy@example.com' }))).UserStatus).toBe(
      'CONFIRMED',
    );
    expect((await t.signIn('ivy@example.com', 'Own-Password-7')).AccessToken).toBeTruthy();
    await expect(
      answerNewPasswordRequired(session, { USERNAME: 'ivy@example.com', NEW_PASSWORD: 'Other-Password-8' }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid session for the user.' });
  });

  it('refuses a forged, foreign or expired session, a weak password and another user’s name', async () => {
    const session = await invited('ned@example.com');
    const answer = (responses: Record<string, string>, options: { session?: string; clientId?: string } = {}) =>
      failure(answerNewPasswordRequired(options.session ?? session, responses, options.clientId));
    const good = { USERNAME: 'ned@example.com', NEW_PASSWORD: 'Own-Password-7' };
    const flipped = `${session.slice(0, 20)}${session.charAt(20) === 'A' ? 'B' : 'A'}${session.slice(21)}`;
    expect(await answer(good, { session: flipped })).toMatchObject({ message: 'Invalid session for the user.' });
    expect(await answer({ ...good, USERNAME: 'ivy@example.com' })).toMatchObject({ message: 'Invalid session for the user.' });
    expect(await answer({ ...good, NEW_PASSWORD: 'weak' })).toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    t.clock.advance(3 * 60_000 + 1);
    expect(await answer(good)).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });
});
