import {
  AdminRespondToAuthChallengeCommand,
  ChangePasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opensslSrpClient } from '../../support/srp-openssl-client.ts';
import { srpClient, srpSignIn } from './srp-client.ts';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

const initiateSrp = async (login: string) => {
  const srp = await srpClient();
  const challenge = await t.client.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: login, SRP_A: srp.srpA },
    }),
  );
  return { srp, challenge, parameters: challenge.ChallengeParameters ?? {} };
};
const respond = (
  ChallengeName: 'PASSWORD_VERIFIER' | 'NEW_PASSWORD_REQUIRED',
  ChallengeResponses: Record<string, string>,
  Session?: string,
) => t.client.send(new RespondToAuthChallengeCommand({ ClientId: CLIENT_ID, ChallengeName, ChallengeResponses, Session }));
const INCORRECT = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };

describe('USER_SRP_AUTH through the AWS SDK', () => {
  it('answers PASSWORD_VERIFIER with the parameters the clients read, the user id being the username (sub)', async () => {
    const { challenge, parameters } = await initiateSrp('ada@example.com');
    expect(challenge.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(Object.keys(parameters).sort()).toEqual(['SALT', 'SECRET_BLOCK', 'SRP_B', 'USERNAME', 'USER_ID_FOR_SRP']);
    expect(parameters.SALT).toMatch(/^[0-9a-f]+$/);
    expect(parameters.SRP_B).toMatch(/^[0-9a-f]{700,}$/);
    const user = await t.server.app.database.db
      .selectFrom('identity_users')
      .selectAll()
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(parameters.USER_ID_FOR_SRP).toBe(user.username);
    expect(parameters.SALT).toBe(user.srp_salt);
    // The verifier is stored sealed, never as the number.
    expect(user.srp_verifier).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(user.srp_verifier).not.toContain(parameters.SALT);
  });

  it('gives a name no user has a challenge of the same shape, with the same salt each time', async () => {
    const first = await initiateSrp('nobody@example.com');
    const second = await initiateSrp('nobody@example.com');
    expect(Object.keys(first.parameters).sort()).toEqual(['SALT', 'SECRET_BLOCK', 'SRP_B', 'USERNAME', 'USER_ID_FOR_SRP']);
    expect(second.parameters.SALT).toBe(first.parameters.SALT);
    expect(second.parameters.USER_ID_FOR_SRP).toBe(first.parameters.USER_ID_FOR_SRP);
    expect(first.parameters.USER_ID_FOR_SRP).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await failure(respond('PASSWORD_VERIFIER', await first.srp.answer(first.parameters, PASSWORD)))).toMatchObject(
      INCORRECT,
    );
  });

  it('signs in, and a replayed answer is refused', async () => {
    const { srp, parameters } = await initiateSrp('ada@example.com');
    const answer = await srp.answer(parameters, PASSWORD);
    const { AuthenticationResult: result } = await respond('PASSWORD_VERIFIER', answer);
    expect(decodeJwt(result?.AccessToken ?? '')).toMatchObject({ username: parameters.USER_ID_FOR_SRP, token_use: 'access' });
    expect(result?.RefreshToken).toBeTruthy();
    expect(await failure(respond('PASSWORD_VERIFIER', answer))).toMatchObject(INCORRECT);
  });

  it("the tests' and benches' OpenSSL client answers as the library does: the password signs in, another is refused", async () => {
    const { parameters } = await initiateSrp('ada@example.com');
    const poolName = POOL_ID.split('_')[1] ?? '';
    const answerWith = async (password: string) => {
      const client = opensslSrpClient(poolName);
      const challenge = await t.client.send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_SRP_AUTH',
          AuthParameters: { USERNAME: 'ada@example.com', SRP_A: client.srpA },
        }),
      );
      return respond('PASSWORD_VERIFIER', client.answer(challenge.ChallengeParameters ?? {}, password));
    };
    const { AuthenticationResult: result } = await answerWith(PASSWORD);
    expect(decodeJwt(result?.AccessToken ?? '')).toMatchObject({ username: parameters.USER_ID_FOR_SRP, token_use: 'access' });
    expect(await failure(answerWith('Not-The-Password-1'))).toMatchObject(INCORRECT);
  });

  it('refuses an altered secret block, a signature over another timestamp, and an answer after a minute', async () => {
    const altered = await initiateSrp('ada@example.com');
    const answer = await altered.srp.answer(altered.parameters, PASSWORD);
    const block = Buffer.from(answer.PASSWORD_CLAIM_SECRET_BLOCK, 'base64');
    block.writeUInt8(block.readUInt8(block.length - 1) ^ 1, block.length - 1);
    expect(
      await failure(respond('PASSWORD_VERIFIER', { ...answer, PASSWORD_CLAIM_SECRET_BLOCK: block.toString('base64') })),
    ).toMatchObject(INCORRECT);

    const retimed = await initiateSrp('ada@example.com');
    const signed = await retimed.srp.answer(retimed.parameters, PASSWORD, 'Wed Nov 5 07:01:02 UTC 2026');
    expect(await failure(respond('PASSWORD_VERIFIER', { ...signed, TIMESTAMP: 'Wed Nov 5 07:01:03 UTC 2026' }))).toMatchObject(
      INCORRECT,
    );
    expect(await failure(respond('PASSWORD_VERIFIER', { ...signed, TIMESTAMP: '2026-11-05T07:01:02Z' }))).toMatchObject({
      name: 'InvalidParameterException',
    });

    const late = await initiateSrp('ada@example.com');
    t.clock.advance(61_000);
    expect(await failure(respond('PASSWORD_VERIFIER', await late.srp.answer(late.parameters, PASSWORD)))).toMatchObject(
      INCORRECT,
    );
  });

  it('asks for SRP_A and the answer parameters by name', async () => {
    expect(
      await failure(
        t.client.send(
          new InitiateAuthCommand({
            ClientId: CLIENT_ID,
            AuthFlow: 'USER_SRP_AUTH',
            AuthParameters: { USERNAME: 'ada@example.com' },
          }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidParameterException', message: 'Missing required parameter SRP_A' });
    expect(await failure(respond('PASSWORD_VERIFIER', { USERNAME: 'x' }))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Missing required parameter PASSWORD_CLAIM_SECRET_BLOCK',
    });
    expect(
      await failure(
        t.client.send(
          new RespondToAuthChallengeCommand({ ClientId: CLIENT_ID, ChallengeName: 'BOGUS' as 'SMS_MFA', ChallengeResponses: {} }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidParameterException', message: expect.stringContaining("at 'challengeName'") });
    expect(await failure(respond('SMS_MFA' as 'PASSWORD_VERIFIER', { USERNAME: 'x' }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
  });

  it('follows a password change: the new password signs in, the old one no longer does', async () => {
    await t.createUser('grace@example.com');
    const { AuthenticationResult: session } = await srpSignIn(t.client, 'grace@example.com', PASSWORD);
    await t.client.send(
      new ChangePasswordCommand({
        AccessToken: session?.AccessToken,
        PreviousPassword: PASSWORD,
        ProposedPassword: 'Another-Horse-7',
      }),
    );
    expect(await failure(srpSignIn(t.client, 'grace@example.com', PASSWORD))).toMatchObject(INCORRECT);
    expect((await srpSignIn(t.client, 'grace@example.com', 'Another-Horse-7')).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('follows a password reset the same way', async () => {
    await t.createUser('reset@example.com');
    await t.resetPassword('reset@example.com', 'Reset-Horse-5');
    expect(await failure(srpSignIn(t.client, 'reset@example.com', PASSWORD))).toMatchObject(INCORRECT);
    expect((await srpSignIn(t.client, 'reset@example.com', 'Reset-Horse-5')).AuthenticationResult?.IdToken).toBeTruthy();
  });
});

describe('NEW_PASSWORD_REQUIRED', () => {
  /** A user an operator created with a temporary password (set directly until AdminCreateUser exists). */
  const forceChange = async (email: string) => {
    await t.createUser(email, { given_name: 'Temp' });
    await t.server.app.database.db
      .updateTable('identity_users')
      .set({ status: 'FORCE_CHANGE_PASSWORD' })
      .where('email', '=', email)
      .execute();
  };

  it('is what a password and an SRP sign-in answer; the new password (policy enforced) confirms and signs in', async () => {
    await forceChange('new1@example.com');
    const byPassword = await t.client.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'new1@example.com', PASSWORD },
      }),
    );
    expect(byPassword).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: expect.any(String) });
    expect(byPassword.AuthenticationResult).toBeUndefined();
    expect(JSON.parse(byPassword.ChallengeParameters?.userAttributes ?? '')).toEqual({
      email: 'new1@example.com',
      email_verified: 'true',
      given_name: 'Temp',
    });
    const bySrp = await srpSignIn(t.client, 'new1@example.com', PASSWORD);
    expect(bySrp).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: expect.any(String) });
    const username = bySrp.ChallengeParameters?.USER_ID_FOR_SRP ?? '';

    expect(await failure(respond('NEW_PASSWORD_REQUIRED', { USERNAME: username, NEW_PASSWORD: 'short' }, bySrp.Session))).toEqual(
      {
        name: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password not long enough',
        status: 400,
      },
    );
    expect(
      await failure(respond('NEW_PASSWORD_REQUIRED', { USERNAME: username, NEW_PASSWORD: 'Fresh-Horse-8' }, 'not-a-session')),
    ).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid session for the user.' });

    const done = await respond(
      'NEW_PASSWORD_REQUIRED',
      { USERNAME: username, NEW_PASSWORD: 'Fresh-Horse-8', 'userAttributes.family_name': 'Hopper' },
      bySrp.Session,
    );
    expect(decodeJwt(done.AuthenticationResult?.IdToken ?? '')).toMatchObject({ family_name: 'Hopper', given_name: 'Temp' });
    // The session answers once; the old password is gone, the new one signs in with SRP.
    expect(
      await failure(respond('NEW_PASSWORD_REQUIRED', { USERNAME: username, NEW_PASSWORD: 'Fresh-Horse-9' }, byPassword.Session)),
    ).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid session for the user.' });
    expect(await failure(srpSignIn(t.client, 'new1@example.com', PASSWORD))).toMatchObject(INCORRECT);
    expect((await srpSignIn(t.client, 'new1@example.com', 'Fresh-Horse-8')).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('expires after three minutes, and a wrong temporary password never reaches it', async () => {
    await forceChange('new2@example.com');
    expect(await failure(srpSignIn(t.client, 'new2@example.com', 'Wrong-Password-1'))).toMatchObject(INCORRECT);
    const { Session, ChallengeParameters } = await srpSignIn(t.client, 'new2@example.com', PASSWORD);
    t.clock.advance(3 * 60_000 + 1);
    expect(
      await failure(
        respond(
          'NEW_PASSWORD_REQUIRED',
          { USERNAME: ChallengeParameters?.USER_ID_FOR_SRP ?? '', NEW_PASSWORD: 'Fresh-Horse-8' },
          Session,
        ),
      ),
    ).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
  });

  it('is answered by a signed back end with AdminRespondToAuthChallenge', async () => {
    await forceChange('new3@example.com');
    const { Session } = await srpSignIn(t.client, 'new3@example.com', PASSWORD);
    const request = {
      UserPoolId: POOL_ID,
      ClientId: CLIENT_ID,
      ChallengeName: 'NEW_PASSWORD_REQUIRED' as const,
      ChallengeResponses: { USERNAME: 'new3@example.com', NEW_PASSWORD: 'Fresh-Horse-8' },
      Session,
    };
    // Signed with a key the pool does not know, it is refused like every admin operation.
    expect(await failure(t.client.send(new AdminRespondToAuthChallengeCommand(request)))).toMatchObject({
      name: 'UnrecognizedClientException',
    });
    const done = await t.admin.send(new AdminRespondToAuthChallengeCommand(request));
    expect(done.AuthenticationResult?.RefreshToken).toBeTruthy();
    const user = await t.server.app.database.db
      .selectFrom('identity_users')
      .select('status')
      .where('email', '=', 'new3@example.com')
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('CONFIRMED');
  });
});
