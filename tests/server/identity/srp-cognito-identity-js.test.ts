import { AdminDisableUserCommand, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserAttribute,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
let pool: CognitoUserPool;
beforeAll(async () => {
  t = await startIdentityServer();
  // Exactly what an app configures: the pool, the client and the service's URL.
  pool = new CognitoUserPool({ UserPoolId: POOL_ID, ClientId: CLIENT_ID, endpoint: `${t.server.url}/cognito` });
  await t.createUser('ada@example.com', { given_name: 'Ada' });
});
afterAll(() => t.close());

type SignInOutcome = { session: CognitoUserSession; user: CognitoUser };

/** authenticateUser with the library's default flow (USER_SRP_AUTH). */
function signIn(login: string, password: string): Promise<SignInOutcome> {
  const user = new CognitoUser({ Username: login, Pool: pool });
  return new Promise((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: login, Password: password }), {
      onSuccess: (session) => resolve({ session, user }),
      onFailure: (error: unknown) => reject(error as Error),
      newPasswordRequired: () => reject(new Error('unexpected NEW_PASSWORD_REQUIRED')),
    }),
  );
}

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const { code, name, message } = error as { code?: string; name: string; message: string };
    return { code: code ?? name, message };
  }
  throw new Error('expected a failure');
};

describe('amazon-cognito-identity-js against the embedded pool', () => {
  it('signs in with USER_SRP_AUTH and reads the attributes with the access token', async () => {
    const { session, user } = await signIn('ada@example.com', PASSWORD);
    expect(session.isValid()).toBe(true);
    const id = decodeJwt(session.getIdToken().getJwtToken());
    expect(id).toMatchObject({ email: 'ada@example.com', given_name: 'Ada', token_use: 'id', aud: CLIENT_ID });
    const attributes = await new Promise<CognitoUserAttribute[]>((resolve, reject) =>
      user.getUserAttributes((error, result) => (error ? reject(error) : resolve(result ?? []))),
    );
    expect(Object.fromEntries(attributes.map((a) => [a.getName(), a.getValue()]))).toMatchObject({
      email: 'ada@example.com',
      given_name: 'Ada',
      sub: id.sub,
    });
  });

  it('answers a wrong password and an unknown user alike, as USER_PASSWORD_AUTH does', async () => {
    expect(await errorOf(signIn('ada@example.com', 'Wrong-Password-1'))).toEqual({
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await errorOf(signIn('nobody@example.com', PASSWORD))).toEqual({
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('locks after five failures, counted with password sign-ins, and the lock ends on time', () =>
    t.clock.held(async () => {
      await t.createUser('lock@example.com');
      for (let i = 0; i < 3; i++) await errorOf(signIn('lock@example.com', 'Wrong-Password-1'));
      // Failures of the other flow count toward the same lock.
      for (let i = 0; i < 2; i++) await failure(t.signIn('lock@example.com', 'Wrong-Password-1'));
      expect(await errorOf(signIn('lock@example.com', PASSWORD))).toEqual({
        code: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
      expect(await failure(t.signIn('lock@example.com'))).toMatchObject({ message: 'Password attempts exceeded' });
      t.clock.advance(2000);
      expect((await signIn('lock@example.com', PASSWORD)).session.isValid()).toBe(true);
    }));

  it('locks a name no user has just the same', async () => {
    for (let i = 0; i < 5; i++) await errorOf(signIn('ghost@example.com', 'Wrong-Password-1'));
    expect(await errorOf(signIn('ghost@example.com', PASSWORD))).toEqual({
      code: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
  });

  it('refuses an unconfirmed and a disabled user only after the right password, with the same errors', async () => {
    await t.signUp('pending@example.com');
    expect(await errorOf(signIn('pending@example.com', PASSWORD))).toEqual({
      code: 'UserNotConfirmedException',
      message: 'User is not confirmed.',
    });
    expect(await errorOf(signIn('pending@example.com', 'Wrong-Password-1'))).toMatchObject({
      message: 'Incorrect username or password.',
    });
    await t.createUser('off@example.com');
    await t.admin.send(new AdminDisableUserCommand({ UserPoolId: POOL_ID, Username: 'off@example.com' }));
    expect(await errorOf(signIn('off@example.com', PASSWORD))).toEqual({
      code: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
  });

  it('refreshes the session with its refresh token', async () => {
    const { session, user } = await signIn('ada@example.com', PASSWORD);
    t.clock.advance(1000);
    const renewed = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.refreshSession(session.getRefreshToken(), (error, result: CognitoUserSession) =>
        error ? reject(error as Error) : resolve(result),
      ),
    );
    const before = decodeJwt(session.getAccessToken().getJwtToken());
    const after = decodeJwt(renewed.getAccessToken().getJwtToken());
    expect(after.origin_jti).toBe(before.origin_jti);
    expect(after.jti).not.toBe(before.jti);
  });

  it('signOut revokes the refresh token; globalSignOut revokes the access token too', async () => {
    const first = await signIn('ada@example.com', PASSWORD);
    // signOut revokes the refresh token (RevokeToken) before its callback; the refresh below proves it.
    await new Promise<void>((resolve) => first.user.signOut(resolve));
    expect(await failure(t.refresh(first.session.getRefreshToken().getToken()))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });

    const second = await signIn('ada@example.com', PASSWORD);
    await new Promise<void>((resolve, reject) =>
      second.user.globalSignOut({ onSuccess: () => resolve(), onFailure: (error: Error) => reject(error) }),
    );
    expect(
      await failure(t.client.send(new GetUserCommand({ AccessToken: second.session.getAccessToken().getJwtToken() }))),
    ).toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token has been revoked' });
    expect(await failure(t.refresh(second.session.getRefreshToken().getToken()))).toMatchObject({
      message: 'Refresh Token has been revoked',
    });
  });

  it('a user from before SRP gets a verifier at their next password sign-in', async () => {
    await t.createUser('legacy@example.com');
    await t.server.app.database.db
      .updateTable('identity_users')
      .set({ srp_salt: null, srp_verifier: null })
      .where('email', '=', 'legacy@example.com')
      .execute();
    expect(await errorOf(signIn('legacy@example.com', PASSWORD))).toEqual({
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await t.signIn('legacy@example.com');
    expect((await signIn('legacy@example.com', PASSWORD)).session.isValid()).toBe(true);
  });
});
