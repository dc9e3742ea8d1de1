import { ConfirmSignUpCommand, ResendConfirmationCodeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Codes from '../../../server/identity/codes.ts';
import { newCode } from '../../../server/identity/codes.ts';
import { CODE_RESEND_PACE_MS, MAX_CODE_SENDS_PER_HOUR } from '../../../server/identity/verification.ts';
import { CLIENT_ID, failure, startIdentityServer, type IdentityTestServer } from './support.ts';

// The real code generator, watched: one test chooses the two codes, so that "the old code is
// refused" is checked every run instead of only when two random codes happen to differ.
vi.mock('../../../server/identity/codes.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Codes>();
  return { ...actual, newCode: vi.fn(actual.newCode) };
});

let t: IdentityTestServer;
beforeAll(async () => {
  // Every request here comes from one address: its mail quota is not what is tested.
  t = await startIdentityServer({ MAIL_QUOTA_PER_CLIENT_PER_HOUR: '100' });
});
afterAll(() => t.close());

const resend = (Username: string) => t.client.send(new ResendConfirmationCodeCommand({ ClientId: CLIENT_ID, Username }));
const mailsTo = async (to: string) =>
  (await t.server.app.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', to).execute()).length;

describe('ResendConfirmationCode', () => {
  it('mails a new code that replaces the old one', async () => {
    vi.mocked(newCode).mockReturnValueOnce('111111').mockReturnValueOnce('222222');
    await t.signUp('ada@example.com');
    const first = await t.latestCode('ada@example.com');
    expect(first).toBe('111111');
    const result = await resend('ada@example.com');
    expect(result.CodeDeliveryDetails).toEqual({ Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const second = await t.latestCode('ada@example.com');
    expect(second).toBe('222222');
    expect(await mailsTo('ada@example.com')).toBe(2);
    expect(
      await failure(
        t.client.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: 'ada@example.com', ConfirmationCode: first })),
      ),
    ).toMatchObject({ name: 'CodeMismatchException' });
    await t.client.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: 'ada@example.com', ConfirmationCode: second }));
  });

  it('answers a confirmed user as a send, mailing them that they have an account (no code)', async () => {
    const result = await resend('ada@example.com');
    expect(result.CodeDeliveryDetails).toEqual({ Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(await mailsTo('ada@example.com')).toBe(3);
    const mail = await t.server.app.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'ada@example.com')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'account-exists', template_params: { url: `${t.server.config.publicUrl}/` } });
    expect(mail.text_body).not.toMatch(/\d{6}/);
  });

  it("paces a confirmed user's mails as codes are paced", async () => {
    await t.createUser('paced@example.com');
    for (let send = 0; send < MAX_CODE_SENDS_PER_HOUR + 2; send++) await resend('paced@example.com');
    // The sign-up code, then the account's mails up to the hour's limit (the first counts two, as an
    // unconfirmed account's first resend does); past it, answered as a send with nothing mailed.
    expect(await mailsTo('paced@example.com')).toBe(MAX_CODE_SENDS_PER_HOUR);
    t.clock.advance(CODE_RESEND_PACE_MS);
    await resend('paced@example.com');
    expect(await mailsTo('paced@example.com')).toBe(MAX_CODE_SENDS_PER_HOUR + 1);
  });

  it('simulates a delivery for an unknown user and sends nothing', async () => {
    const result = await resend('ghost@example.com');
    expect(result.CodeDeliveryDetails).toEqual({ Destination: 'g***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(await mailsTo('ghost@example.com')).toBe(0);
  });

  it('mails 5 codes an hour, then keeps the last one in force and mails a new one once per pace', async () => {
    await t.signUp('grace@example.com');
    for (let send = 2; send <= 5; send++) await resend('grace@example.com');
    const last = await t.latestCode('grace@example.com');
    // Past the limit: answered as a send, no mail, the code mailed last still the valid one.
    expect((await resend('grace@example.com')).CodeDeliveryDetails).toMatchObject({ Destination: 'g***@e***' });
    expect(await mailsTo('grace@example.com')).toBe(5);
    t.clock.advance(CODE_RESEND_PACE_MS);
    await resend('grace@example.com');
    expect(await mailsTo('grace@example.com')).toBe(6);
    expect(await t.latestCode('grace@example.com')).not.toBe(last);
    await resend('grace@example.com');
    expect(await mailsTo('grace@example.com')).toBe(6);
    await t.client.send(
      new ConfirmSignUpCommand({
        ClientId: CLIENT_ID,
        Username: 'grace@example.com',
        ConfirmationCode: await t.latestCode('grace@example.com'),
      }),
    );
  });
});
