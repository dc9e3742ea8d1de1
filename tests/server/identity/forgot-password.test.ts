import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, failure, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer({ IDENTITY_RATE_LIMIT_PER_USER: '8' });
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

const forgot = (Username: string) => t.client.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username }));

describe('ForgotPassword', () => {
  it('mails a reset code to the verified address', async () => {
    const result = await forgot('ada@example.com');
    expect(result.CodeDeliveryDetails).toEqual({ Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const mail = await t.server.app.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: 'ada@example.com', kind: 'password-reset-code', contains_secret: true });
    expect(mail.text_body).toContain(await t.latestCode('ada@example.com'));
  });

  it('answers an unknown user exactly like a known one and mails nothing', async () => {
    const before = await t.server.app.database.db.selectFrom('mail_outbox').select('id').execute();
    const result = await forgot('alex@example.com');
    expect(result.CodeDeliveryDetails).toEqual({ Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(await t.server.app.database.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length);
  });

  it('limits how often one user can ask', async () => {
    const results = [];
    for (let request = 0; request < 9; request++)
      results.push(
        await forgot('limit@example.com').then(
          () => 'ok',
          (error: Error) => error.name,
        ),
      );
    expect(results.at(-1)).toBe('TooManyRequestsException');
    expect(await failure(forgot('limit@example.com'))).toMatchObject({ name: 'TooManyRequestsException', status: 400 });
  });
});
