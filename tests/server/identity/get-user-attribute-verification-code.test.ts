import {
  GetUserAttributeVerificationCodeCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

describe('GetUserAttributeVerificationCode', () => {
  it('sends a fresh code to the pending email, which then verifies it', async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    await t.client.send(
      new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'email', Value: 'ada@new.example' }] }),
    );
    const result = await t.client.send(new GetUserAttributeVerificationCodeCommand({ AccessToken, AttributeName: 'email' }));
    expect(result.CodeDeliveryDetails).toEqual({ Destination: 'a***@n***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const mails = await t.server.app.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'contains_secret'])
      .where('to_address', '=', 'ada@new.example')
      .execute();
    expect(mails).toEqual([
      { kind: 'email-change-code', contains_secret: true },
      { kind: 'email-change-code', contains_secret: true },
    ]);
    await t.client.send(
      new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: await t.latestCode('ada@new.example') }),
    );
  });

  it('refuses attributes other than email and a missing token', async () => {
    const { AccessToken } = await t.signIn('ada@new.example');
    expect(
      (await failure(t.client.send(new GetUserAttributeVerificationCodeCommand({ AccessToken, AttributeName: 'phone_number' }))))
        .name,
    ).toBe('InvalidParameterException');
    expect(
      await failure(t.client.send(new GetUserAttributeVerificationCodeCommand({ AccessToken: 'x.y.z', AttributeName: 'email' }))),
    ).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Access Token' });
  });
});
