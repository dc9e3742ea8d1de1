import { AdminDisableUserCommand, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type UserData,
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

  it('an app’s account page: getSession refreshes an expired access token, then the user API answers as Cognito', async () => {
    await t.createUser('grace@example.com');
    const { user } = await signIn('grace@example.com', PASSWORD);
    const current = pool.getCurrentUser();
    if (!current) throw new Error('no current user');
    // An hour on at the pool. The library measures expiry on its own clock less the drift it
    // stored at sign-in, so the drift moves its clock the same hour on.
    t.clock.advance(3600 * 1000 + 60_000);
    const storage = (pool as unknown as { storage: { setItem(key: string, value: string): void } }).storage;
    storage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.${current.getUsername()}.clockDrift`, '-3660');
    const before = user.getSignInUserSession()?.getAccessToken().getJwtToken();
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      current.getSession((error: Error | null, result: CognitoUserSession) => (error ? reject(error) : resolve(result))),
    );
    expect(session.getAccessToken().getJwtToken()).not.toBe(before);
    const call = <T>(run: (done: (error?: Error, result?: T) => void) => void) =>
      new Promise<T | undefined>((resolve, reject) => run((error, result) => (error ? reject(error) : resolve(result))));
    const userData = await call<UserData>((done) => current.getUserData(done, { bypassCache: true }));
    expect(userData?.UserAttributes).toContainEqual({ Name: 'email', Value: 'grace@example.com' });
    expect(await errorOf(call((done) => current.changePassword('Wrong-Pass-11', 'Changed-Pass-42', done)))).toEqual({
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await call((done) => current.changePassword(PASSWORD, 'Changed-Pass-42', done))).toBe('SUCCESS');
    const newEmail = new CognitoUserAttribute({ Name: 'email', Value: 'grace@new.example' });
    expect(await call((done) => current.updateAttributes([newEmail], done))).toBe('SUCCESS');
    const sent = await new Promise((resolve, reject) =>
      current.getAttributeVerificationCode('email', { onSuccess: reject, onFailure: reject, inputVerificationCode: resolve }),
    );
    expect(sent).toMatchObject({ CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL' } });
    const verify = (code: string) =>
      new Promise((resolve, reject) => current.verifyAttribute('email', code, { onSuccess: resolve, onFailure: reject }));
    const code = await t.latestCode('grace@new.example');
    expect(await errorOf(verify(code === '000000' ? '111111' : '000000'))).toMatchObject({ code: 'CodeMismatchException' });
    expect(await verify(code)).toBe('SUCCESS');
    const renamed = await call<UserData>((done) => current.getUserData(done, { bypassCache: true }));
    expect(renamed?.UserAttributes).toContainEqual({ Name: 'email', Value: 'grace@new.example' });

    const forgetful = new CognitoUser({ Username: 'grace@new.example', Pool: pool });
    await new Promise((resolve, reject) =>
      forgetful.forgotPassword({ onSuccess: reject, onFailure: reject, inputVerificationCode: resolve }),
    );
    const confirm = (resetCode: string) =>
      new Promise((resolve, reject) =>
        forgetful.confirmPassword(resetCode, 'Reset-Pass-55', { onSuccess: resolve, onFailure: reject }),
      );
    const resetCode = await t.latestCode('grace@new.example');
    expect(await errorOf(confirm(resetCode === '000000' ? '111111' : '000000'))).toMatchObject({
      code: 'CodeMismatchException',
    });
    expect(await confirm(resetCode)).toBe('SUCCESS');
    const again = await signIn('grace@new.example', 'Reset-Pass-55');
    expect(await call((done) => again.user.deleteUser(done))).toBe('SUCCESS');
    expect(await errorOf(signIn('grace@new.example', 'Reset-Pass-55'))).toEqual({
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });
});
