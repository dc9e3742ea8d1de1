import { GetUserCommand, UpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com', { given_name: 'Ada' });
  await t.createUser('taken@example.com');
});
afterAll(() => t.close());

const update = (AccessToken: string, attributes: Record<string, string>) =>
  t.client.send(
    new UpdateUserAttributesCommand({
      AccessToken,
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    }),
  );
const attributesOf = async (AccessToken: string) =>
  Object.fromEntries(
    ((await t.client.send(new GetUserCommand({ AccessToken }))).UserAttributes ?? []).map(({ Name, Value }) => [Name, Value]),
  );

describe('UpdateUserAttributes', () => {
  it('changes names and phone number at once', async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    const result = await update(AccessToken, { given_name: 'Augusta', family_name: 'King', phone_number: '+447700900123' });
    expect(result.CodeDeliveryDetailsList).toEqual([]);
    expect(await attributesOf(AccessToken)).toMatchObject({
      given_name: 'Augusta',
      family_name: 'King',
      phone_number: '+447700900123',
    });
  });

  it('keeps the verified email in force and mails a code to the new one', async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    const result = await update(AccessToken, { email: 'ada.new@example.org' });
    expect(result.CodeDeliveryDetailsList).toEqual([
      { Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    ]);
    expect(await t.latestCode('ada.new@example.org')).toMatch(/^\d{6}$/);
    expect(await attributesOf(AccessToken)).toMatchObject({ email: 'ada@example.com', email_verified: 'true' });
    // A typo cannot lock her out: the old address still signs in, the new one not yet.
    await t.signIn('ada@example.com');
    expect(await failure(t.signIn('ada.new@example.org'))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it("answers another account's email as a free one, mailing its owner a notice and no code", async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    // Cognito answers AliasExistsException, which tells anyone signed in which addresses have accounts.
    const result = await update(AccessToken, { email: 'TAKEN@example.com' });
    expect(result.CodeDeliveryDetailsList).toEqual([
      { Destination: 't***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    ]);
    const [notice] = await t.server.app.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'text_body'])
      .where('to_address', '=', 'taken@example.com')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(notice).toMatchObject({ kind: 'address-in-use', text_body: expect.not.stringMatching(/\d{6}/) });
    expect(await attributesOf(AccessToken)).toMatchObject({ email: 'ada@example.com' });
  });

  it('refuses unknown attributes, a bad phone number and writing email_verified', async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    expect((await failure(update(AccessToken, { shoe_size: '9' }))).name).toBe('InvalidParameterException');
    expect(await failure(update(AccessToken, { phone_number: '555-0100' }))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Invalid phone number format.',
    });
    expect(await failure(update(AccessToken, { email_verified: 'true' }))).toMatchObject({ name: 'NotAuthorizedException' });
  });
});
