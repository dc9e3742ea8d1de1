import { AdminDisableUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as PasswordThreads from '../../../server/identity/password-threads.ts';
import type { PasswordJob } from '../../../server/identity/password-threads.ts';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/** Every argon2id job the server's password threads run, by kind, in order. */
const passwordJobs = vi.hoisted(() => [] as string[]);
vi.mock('../../../server/identity/password-threads.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordThreads>();
  return {
    ...actual,
    startPasswordThreads: (...args: Parameters<typeof actual.startPasswordThreads>) => {
      const threads = actual.startPasswordThreads(...args);
      return {
        ...threads,
        run(job: PasswordJob) {
          passwordJobs.push(job.kind);
          return threads.run(job);
        },
      };
    },
  };
});

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com', { given_name: 'Ada', family_name: 'Lovelace', phone_number: '+15555550100' });
});
afterAll(() => t.close());

const passwordAuth = (USERNAME: string, PASSWORD: string) =>
  t.client.send(
    new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME, PASSWORD } }),
  );
const refresh = (flow: 'REFRESH_TOKEN_AUTH' | 'REFRESH_TOKEN', token: string) =>
  t.client.send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: flow, AuthParameters: { REFRESH_TOKEN: token } }));

describe('InitiateAuth with USER_PASSWORD_AUTH', () => {
  it("returns RS256 tokens with Cognito's claims and an opaque refresh token, stored hashed", async () => {
    const { AuthenticationResult: result } = await passwordAuth('ada@example.com', PASSWORD);
    expect(result).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' });
    const issuer = `${t.server.config.publicUrl}/cognito/${POOL_ID}`;
    const access = decodeJwt(result?.AccessToken ?? '');
    const id = decodeJwt(result?.IdToken ?? '');
    expect(decodeProtectedHeader(result?.AccessToken ?? '')).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect(Object.keys(access).sort()).toEqual(
      [
        'auth_time',
        'client_id',
        'event_id',
        'exp',
        'iat',
        'iss',
        'jti',
        'origin_jti',
        'scope',
        'sub',
        'token_use',
        'username',
        'version',
      ].sort(),
    );
    expect(access).toMatchObject({
      iss: issuer,
      client_id: CLIENT_ID,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      // As in Cognito's access tokens, which back ends may check.
      version: 2,
    });
    expect(Number(access.exp) - Number(access.iat)).toBe(3600);
    expect(id).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      token_use: 'id',
      email: 'ada@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      phone_number: '+15555550100',
      'cognito:username': access.username,
      sub: access.sub,
    });
    expect(id).not.toHaveProperty('identities');
    const sessions = await t.server.app.database.db.selectFrom('identity_sessions').selectAll().execute();
    expect(sessions.map((session) => session.id)).toContain(access.origin_jti);
    expect(JSON.stringify(sessions)).not.toContain(result?.RefreshToken);
  });

  it('signs in with the email in any case', async () => {
    const { AuthenticationResult: result } = await passwordAuth('ADA@Example.com', PASSWORD);
    expect(result?.AccessToken).toBeTruthy();
  });

  // Equal work rather than equal milliseconds: a timing comparison on two shared cores measures
  // the machine's load, while a skipped hash for an unknown user shows up here every time.
  it('gives the same answer, with the same password work (one argon2id verification), for a wrong password and an unknown user', async () => {
    const attempt = async (login: string) => {
      const before = passwordJobs.length;
      const result = await failure(passwordAuth(login, 'Wrong-Password-1'));
      return { result, jobs: passwordJobs.slice(before) };
    };
    const wrongPassword = await attempt('ada@example.com');
    const nobody = await attempt('nobody@example.com');
    expect(wrongPassword.result).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
      status: 400,
    });
    expect(nobody.result).toEqual(wrongPassword.result);
    expect(wrongPassword.jobs).toEqual(['verify']);
    expect(nobody.jobs).toEqual(wrongPassword.jobs);
    // The failure above counted; a success resets the count.
    await passwordAuth('ada@example.com', PASSWORD);
  });

  it('signs in every one of many parallel sign-ins with the right password (a user on several devices, a load test)', async () => {
    await t.createUser('many.devices@example.com');
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => t.signIn('many.devices@example.com')));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
  });

  it('refuses an unconfirmed user with the right password', async () => {
    await t.signUp('new@example.com');
    expect(await failure(passwordAuth('new@example.com', PASSWORD))).toMatchObject({
      name: 'UserNotConfirmedException',
      message: 'User is not confirmed.',
    });
    expect(await failure(passwordAuth('new@example.com', 'Wrong-Password-1'))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses a disabled user', async () => {
    await t.createUser('off@example.com');
    await t.admin.send(new AdminDisableUserCommand({ UserPoolId: POOL_ID, Username: 'off@example.com' }));
    expect(await failure(passwordAuth('off@example.com', PASSWORD))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
  });

  it('locks sign-in after 5 failures for 1 s, doubling, and a success resets the count', () =>
    t.clock.held(async () => {
      await t.createUser('lock@example.com');
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await failure(passwordAuth('lock@example.com', 'Wrong-Password-1'))).message).toBe(
          'Incorrect username or password.',
        );
      }
      // The fifth failure locks for 1 s: even the right password is refused meanwhile.
      expect(await failure(passwordAuth('lock@example.com', PASSWORD))).toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
      t.clock.advance(1100);
      expect((await failure(passwordAuth('lock@example.com', 'Wrong-Password-1'))).message).toBe(
        'Incorrect username or password.',
      );
      // The sixth failure locks for 2 s.
      t.clock.advance(1100);
      expect((await failure(passwordAuth('lock@example.com', PASSWORD))).message).toBe('Password attempts exceeded');
      t.clock.advance(1000);
      await passwordAuth('lock@example.com', PASSWORD);
      const row = await t.server.app.database.db
        .selectFrom('identity_users')
        .select(['failed_sign_ins', 'locked_until'])
        .where('email', '=', 'lock@example.com')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ failed_sign_ins: 0, locked_until: null });
    }));

  it('counts parallel guesses, and starts the count over after 15 quiet minutes', async () => {
    await t.createUser('parallel@example.com');
    await Promise.all(Array.from({ length: 4 }, () => failure(passwordAuth('parallel@example.com', 'Wrong-Password-1'))));
    const failures = () =>
      t.server.app.database.db
        .selectFrom('identity_users')
        .select('failed_sign_ins')
        .where('email', '=', 'parallel@example.com')
        .executeTakeFirstOrThrow();
    expect(await failures()).toEqual({ failed_sign_ins: 4 });
    t.clock.advance(15 * 60 * 1000);
    await failure(passwordAuth('parallel@example.com', 'Wrong-Password-1'));
    expect(await failures()).toEqual({ failed_sign_ins: 1 });
    await passwordAuth('parallel@example.com', PASSWORD);
  });

  it('caps the lock at about 15 minutes', async () => {
    await t.createUser('cap@example.com');
    for (let attempt = 1; attempt <= 16; attempt++) {
      await failure(passwordAuth('cap@example.com', 'Wrong-Password-1'));
      t.clock.advance(15 * 60 * 1000 - 1000);
    }
    const row = await t.server.app.database.db
      .selectFrom('identity_users')
      .select(['locked_until'])
      .where('email', '=', 'cap@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(row.locked_until?.getTime()) - t.clock.now()).toBeLessThanOrEqual(1000);
  });

  it('names a missing auth parameter and refuses flows our client does not enable', async () => {
    expect(
      await failure(
        t.client.send(
          new InitiateAuthCommand({
            ClientId: CLIENT_ID,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: 'ada@example.com' },
          }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidParameterException', message: 'Missing required parameter PASSWORD' });
    expect(
      await failure(
        t.client.send(
          new InitiateAuthCommand({
            ClientId: CLIENT_ID,
            AuthFlow: 'CUSTOM_AUTH',
            AuthParameters: { USERNAME: 'ada@example.com' },
          }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidParameterException', message: 'CUSTOM_AUTH flow not enabled for this client' });
  });
});

describe('InitiateAuth with a refresh token', () => {
  it('issues new access and id tokens from the same session, under both flow names', async () => {
    const { AuthenticationResult: first } = await passwordAuth('ada@example.com', PASSWORD);
    for (const flow of ['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN'] as const) {
      const { AuthenticationResult: result } = await refresh(flow, first?.RefreshToken ?? '');
      expect(result?.RefreshToken).toBeUndefined();
      expect(decodeJwt(result?.AccessToken ?? '')).toMatchObject({
        origin_jti: decodeJwt(first?.AccessToken ?? '').origin_jti,
        token_use: 'access',
      });
      expect(decodeJwt(result?.IdToken ?? '')).toMatchObject({ email: 'ada@example.com', token_use: 'id' });
    }
  });

  it('refuses an unknown refresh token and one older than 30 days', async () => {
    expect(await failure(refresh('REFRESH_TOKEN_AUTH', 'not-a-token'))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
    const { AuthenticationResult: result } = await passwordAuth('ada@example.com', PASSWORD);
    t.clock.advance(30 * 24 * 3600 * 1000 + 1000);
    expect(await failure(refresh('REFRESH_TOKEN_AUTH', result?.RefreshToken ?? ''))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has expired',
    });
  });
});
