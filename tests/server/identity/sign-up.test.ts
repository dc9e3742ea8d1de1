import { AdminGetUserCommand, ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_RESEND_PACE_MS, MAX_CODE_SENDS_PER_HOUR } from '../../../server/identity/verification.ts';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  // Every request here comes from one address: its mail quota is not what is tested.
  t = await startIdentityServer({ MAIL_QUOTA_PER_CLIENT_PER_HOUR: '100' });
});
afterAll(() => t.close());

const userRow = (email: string) =>
  t.server.app.database.db.selectFrom('identity_users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const latestMail = (to: string) =>
  t.server.app.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const mails = async (to: string) =>
  (await t.server.app.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', to).execute()).length;
const confirm = (Username: string, ConfirmationCode: string) =>
  t.client.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username, ConfirmationCode }));

const signUp = (Username: string, Password = PASSWORD, extra: Partial<ConstructorParameters<typeof SignUpCommand>[0]> = {}) =>
  t.client.send(
    new SignUpCommand({
      ClientId: CLIENT_ID,
      Username,
      Password,
      UserAttributes: [
        { Name: 'email', Value: Username },
        { Name: 'given_name', Value: 'Ada' },
        { Name: 'family_name', Value: 'Lovelace' },
      ],
      ...extra,
    }),
  );

describe('SignUp', () => {
  it('creates an unconfirmed user, stores an argon2id hash and mails a 6-digit code', async () => {
    const result = await signUp('ada@example.com');
    expect(result.UserConfirmed).toBe(false);
    expect(result.UserSub).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.CodeDeliveryDetails).toEqual({ Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const user = await t.server.app.database.db.selectFrom('identity_users').selectAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'ada@example.com', status: 'UNCONFIRMED', given_name: 'Ada', username: result.UserSub });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain(PASSWORD);
    expect(await t.latestCode('ada@example.com')).toMatch(/^\d{6}$/);
    const code = await t.server.app.database.db.selectFrom('identity_codes').selectAll().executeTakeFirstOrThrow();
    expect(code.code_hash).not.toBe(await t.latestCode('ada@example.com'));
  });

  it('answers a sign-up for a confirmed address as a new one, tells the owner by mail and leaves the account as it was', async () => {
    await t.createUser('owner@example.com');
    const before = await userRow('owner@example.com');
    const fresh = await signUp('fresh@example.com', 'Stranger-Pass-1');
    const result = await signUp('Owner@example.com', 'Stranger-Pass-1');
    // The same answer as a new sign-up: unconfirmed, masked alike, a sub no account has.
    expect(Object.keys(result).sort()).toEqual(Object.keys(fresh).sort());
    expect(result).toMatchObject({
      UserConfirmed: false,
      CodeDeliveryDetails: { ...fresh.CodeDeliveryDetails, Destination: 'o***@e***' },
    });
    expect(result.UserSub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.UserSub).not.toBe(before.sub);
    expect(
      await t.server.app.database.db
        .selectFrom('identity_users')
        .select('sub')
        .where('sub', '=', result.UserSub ?? '')
        .execute(),
    ).toEqual([]);

    const mail = await latestMail('owner@example.com');
    expect(mail.kind).toBe('account-exists');
    expect(mail.text_body).toContain('already have an account');
    expect(mail.text_body).toContain(`${t.server.config.publicUrl}/`);
    expect(mail.text_body).not.toMatch(/\d{6}|Stranger-Pass-1/);
    expect(mail.template_params).not.toHaveProperty('code');

    expect(await userRow('owner@example.com')).toEqual(before);
    await t.signIn('owner@example.com', PASSWORD);
    expect(await failure(t.signIn('owner@example.com', 'Stranger-Pass-1'))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('replaces a pending sign-up: the new password, attributes and code, the old code dead', async () => {
    const stranger = await signUp('claimed@example.com', 'Stranger-Pass-1', {
      UserAttributes: [{ Name: 'given_name', Value: 'Mallory' }],
    });
    const strangerCode = await t.latestCode('claimed@example.com');
    const owner = await signUp('claimed@example.com');
    const ownerCode = await t.latestCode('claimed@example.com');
    expect(owner).toMatchObject({ UserConfirmed: false, CodeDeliveryDetails: { Destination: 'c***@e***' } });
    expect(owner.UserSub).not.toBe(stranger.UserSub);
    expect(ownerCode).not.toBe(strangerCode);

    expect(await failure(confirm('claimed@example.com', strangerCode))).toMatchObject({ name: 'CodeMismatchException' });
    await confirm('claimed@example.com', ownerCode);
    expect(await userRow('claimed@example.com')).toMatchObject({ sub: owner.UserSub, status: 'CONFIRMED', given_name: 'Ada' });
    await t.signIn('claimed@example.com', PASSWORD);
    expect(await failure(t.signIn('claimed@example.com', 'Stranger-Pass-1'))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it("the owner's repeat sign-up just works: the second code confirms", async () => {
    await signUp('again@example.com');
    await signUp('again@example.com');
    await confirm('again@example.com', await t.latestCode('again@example.com'));
    await t.signIn('again@example.com', PASSWORD);
  });

  it.each([
    ['a new address', 'race-new@example.com', false],
    ['a pending sign-up', 'race-pending@example.com', true],
  ])(
    'two sign-ups at once for %s: both answered as new, one account, confirmed by the code mailed last',
    async (_, email, pending) => {
      if (pending) await signUp(email, 'Stranger-Pass-1');
      const answers = await Promise.all([signUp(email), signUp(email, 'Stranger-Pass-2')]);
      for (const answer of answers)
        expect(answer).toMatchObject({ UserConfirmed: false, CodeDeliveryDetails: { Destination: 'r***@e***' } });
      const rows = await t.server.app.database.db.selectFrom('identity_users').select('sub').where('email', '=', email).execute();
      expect(rows).toHaveLength(1);
      expect(answers.map((answer) => answer.UserSub)).toContain(rows[0]?.sub);
      await confirm(email, await t.latestCode(email));
    },
  );

  it.each([
    ['Sh0rt!a', 'Password did not conform with policy: Password not long enough'],
    ['lowercase-only-1', 'Password did not conform with policy: Password must have uppercase characters'],
    ['UPPERCASE-ONLY-1', 'Password did not conform with policy: Password must have lowercase characters'],
    ['No-Digits-Here', 'Password did not conform with policy: Password must have numeric characters'],
    ['NoSymbols123', 'Password did not conform with policy: Password must have symbol characters'],
  ])('enforces the password policy (%s)', async (password, message) => {
    expect(await failure(signUp('policy@example.com', password))).toEqual({
      name: 'InvalidPasswordException',
      message,
      status: 400,
    });
  });

  it('refuses passwords over 256 characters', async () => {
    const result = await failure(signUp('long@example.com', `Aa1!${'x'.repeat(253)}`));
    expect(result.name).toBe('InvalidParameterException');
  });

  it('requires an email as the username and a known client id', async () => {
    expect(await failure(signUp('not-an-email'))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Username should be an email.',
    });
    expect(await failure(signUp('x@example.com', PASSWORD, { ClientId: 'other' }))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool client other does not exist.',
    });
  });

  it.each([
    'x,victim@corp.example',
    'Someone<victim@corp.example>',
    'g:victim@corp.example',
    'a;b@corp.example',
    '"x"@corp.example',
  ])('refuses %s, which a mail header would read as another address, a list or a group', async (username) => {
    expect(await failure(signUp(username))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Username should be an email.',
    });
  });

  it('refuses attributes outside the schema', async () => {
    const result = await failure(
      signUp('attr@example.com', PASSWORD, { UserAttributes: [{ Name: 'favourite_colour', Value: 'red' }] }),
    );
    expect(result).toMatchObject({ name: 'InvalidParameterException' });
    expect(result.message).toContain('favourite_colour: Attribute does not exist in the schema.');
  });

  it('refuses an email attribute other than the username, as Cognito does where the email is the username', async () => {
    expect(
      await failure(signUp('mine@example.com', PASSWORD, { UserAttributes: [{ Name: 'email', Value: 'other@example.com' }] })),
    ).toMatchObject({
      name: 'InvalidParameterException',
      message: 'User email should be empty or same as username, since username attribute is email',
      status: 400,
    });
    // Nothing was created under either address: the app's user did not get an account they never asked for.
    for (const email of ['mine@example.com', 'other@example.com']) {
      expect(await failure(t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: email })))).toMatchObject({
        name: 'UserNotFoundException',
      });
    }
  });
});

// Last: these move the clock on, which the admin client's signatures (real time) do not follow.
describe("SignUp past the hour's codes", () => {
  it("past the hour's codes, a sign-up within the pace of the last changes nothing: the code mailed last stays in force", async () => {
    for (let send = 1; send <= MAX_CODE_SENDS_PER_HOUR; send++) await signUp('busy@example.com', `Stranger-Pass-${send}`);
    const last = await t.latestCode('busy@example.com');
    expect(await mails('busy@example.com')).toBe(MAX_CODE_SENDS_PER_HOUR);
    const paced = await signUp('busy@example.com');
    expect(paced).toMatchObject({ UserConfirmed: false, CodeDeliveryDetails: { Destination: 'b***@e***' } });
    expect(await mails('busy@example.com')).toBe(MAX_CODE_SENDS_PER_HOUR);
    await confirm('busy@example.com', last);
    await t.signIn('busy@example.com', `Stranger-Pass-${MAX_CODE_SENDS_PER_HOUR}`);
  });

  it("a pending sign-up replaced after the pace gets a new code, the hour's sends counted on", async () => {
    for (let send = 1; send <= MAX_CODE_SENDS_PER_HOUR; send++) await signUp('later@example.com', `Stranger-Pass-${send}`);
    t.clock.advance(CODE_RESEND_PACE_MS);
    await signUp('later@example.com');
    const code = await t.latestCode('later@example.com');
    // Straight after, still within the hour: paced again.
    await signUp('later@example.com', 'Stranger-Pass-9');
    await confirm('later@example.com', code);
    await t.signIn('later@example.com', PASSWORD);
  });
});
