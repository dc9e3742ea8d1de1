import {
  AdminDisableUserCommand,
  ConfirmSignUpCommand,
  GetUserCommand,
  ListUsersCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockAfterFailure } from '../../../server/identity/lockout.ts';
import { UnknownUserLimits } from '../../../server/identity/unknown-user-limits.ts';
import { CLIENT_ID, failure, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/** The main journeys once more on PostgreSQL (the other files use the embedded PGlite). */
describe.runIf(process.env.TEST_DATABASE_URL)('the identity service on PostgreSQL', () => {
  let t: IdentityTestServer;
  beforeAll(async () => {
    // Every request comes from one address: its mail quota is not what is tested.
    t = await startIdentityServer({ MAIL_QUOTA_PER_CLIENT_PER_HOUR: '100' }, { postgres: true });
  });
  afterAll(() => t.close());

  it('signs up, confirms, signs in, refreshes, changes email, lists and disables', async () => {
    await t.createUser('ada@example.com', { given_name: 'Ada' });
    await failure(t.signIn('ada@example.com', 'Wrong-Password-1'));
    const { AccessToken, RefreshToken } = await t.signIn('ada@example.com');
    expect((await t.client.send(new GetUserCommand({ AccessToken }))).UserAttributes).toContainEqual({
      Name: 'given_name',
      Value: 'Ada',
    });
    await t.refresh(RefreshToken);
    await t.client.send(
      new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'email', Value: 'ada@new.example' }] }),
    );
    await t.client.send(
      new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: await t.latestCode('ada@new.example') }),
    );
    const { Users } = await t.admin.send(new ListUsersCommand({ UserPoolId: POOL_ID, Filter: 'email ^= "ada@"' }));
    expect(Users?.map((user) => user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value)).toEqual([
      'ada@new.example',
    ]);
    await t.admin.send(new AdminDisableUserCommand({ UserPoolId: POOL_ID, Username: 'ada@new.example' }));
    expect(await failure(t.client.send(new GetUserCommand({ AccessToken })))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('keeps the lock the last of many parallel failures calls for, whichever statement ends last', async () => {
    // Straight at the counter, without the password hash that spaces real guesses out: the
    // statements of parallel failures interleave over the pool's connections. Eight names, so
    // that an interleaving that shortens a lock shows.
    const limits = new UnknownUserLimits(t.server.app.database.db);
    const now = t.clock.now();
    const names = Array.from({ length: 8 }, (_, index) => `parallel.nobody.${index}@example.com`);
    await Promise.all(names.flatMap((name) => Array.from({ length: 12 }, () => limits.recordFailure(name, now))));
    const rows = await t.server.app.database.db
      .selectFrom('identity_unknown_logins')
      .select(['failed_sign_ins', 'locked_until'])
      .where('failed_sign_ins', '=', 12)
      .execute();
    expect(rows).toEqual(names.map(() => ({ failed_sign_ins: 12, locked_until: lockAfterFailure(12, now) })));
  });

  it('parallel sign-ups for a new address, then for its pending sign-up: one account, its code the one mailed last', async () => {
    const db = t.server.app.database.db;
    for (const address of ['race@example.com', 'race@example.com', 'rush@example.com']) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, index) => t.signUp(address, { password: `Parallel-Pass-${index}` })),
      );
      for (const answer of answers)
        expect(answer).toMatchObject({
          UserConfirmed: false,
          CodeDeliveryDetails: { Destination: 'r***@e***' },
        });
      const rows = await db.selectFrom('identity_users').select(['sub', 'status']).where('email', '=', address).execute();
      expect(rows).toHaveLength(1);
      expect(answers.map((answer) => answer.UserSub)).toContain(rows[0]?.sub);
    }
    await t.client.send(
      new ConfirmSignUpCommand({
        ClientId: CLIENT_ID,
        Username: 'race@example.com',
        ConfirmationCode: await t.latestCode('race@example.com'),
      }),
    );
  });
});
