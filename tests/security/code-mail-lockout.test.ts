import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_QUOTA } from '../../server/mail/send-quota.ts';
import { CODE_RESEND_PACE_MS, MAX_CODE_SENDS_PER_HOUR } from '../../server/identity/verification.ts';
import { PASSWORD, type IdentityTestServer } from '../server/identity/support.ts';
import { cognitoFrom, startSecurityServer } from './support.ts';

/**
 * A stranger who knows a customer's address asks for their codes (ForgotPassword,
 * ResendConfirmationCode) from many addresses until the hourly quotas are spent. The customer
 * must still get a code that works when they ask, the address must still get few mails, and
 * nothing may tell the stranger whether the address has an account.
 */
let t: IdentityTestServer;
beforeAll(async () => {
  // Every address here is at example.com: the per-domain quota is not what is tested.
  t = await startSecurityServer({ TRUST_PROXY: '127.0.0.1', MAIL_QUOTA_PER_DOMAIN_PER_HOUR: '100000' });
});
afterAll(() => t.close());

/** One raw protocol call from `clientAddress`: its status and body. */
async function call(operation: string, input: Record<string, unknown>, clientAddress: string) {
  const response = await cognitoFrom(t.server, operation, input, clientAddress);
  return { status: response.status, body: await response.text() };
}

async function mailsTo(address: string): Promise<number> {
  const rows = await t.server.app.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', address).execute();
  return rows.length;
}

/** A stranger's request from one of many addresses (each under its own quota). */
let strangerAddresses = 0;
const strangerAddress = () => `192.0.2.${(strangerAddresses++ % 250) + 1}`;
const CUSTOMER_ADDRESS = '198.51.100.77';
const SPENT = DEFAULT_MAIL_QUOTA.perRecipientPerHour + MAX_CODE_SENDS_PER_HOUR;

describe("a stranger spending a customer's code mails", () => {
  it('ForgotPassword: the customer still gets a reset code that works, and the address gets few mails', async () => {
    const victim = 'victim.reset@example.com';
    await t.createUser(victim);
    const mailsBefore = await mailsTo(victim);
    for (let i = 0; i < SPENT; i++) await call('ForgotPassword', { Username: victim }, strangerAddress());

    const own = await call('ForgotPassword', { Username: victim }, CUSTOMER_ADDRESS);
    expect(own.body).toContain('"CodeDeliveryDetails"');
    expect(own.status).toBe(200);
    const reset = await call(
      'ConfirmForgotPassword',
      { Username: victim, ConfirmationCode: await t.latestCode(victim), Password: 'Victim-Recovered-7' },
      CUSTOMER_ADDRESS,
    );
    expect(reset).toEqual({ status: 200, body: '{}' });
    // Still a mail quota: the stranger's requests brought at most the hour's sends.
    expect((await mailsTo(victim)) - mailsBefore).toBeLessThanOrEqual(MAX_CODE_SENDS_PER_HOUR);
  });

  it('ResendConfirmationCode: the new customer still gets a sign-up code that works', async () => {
    const victim = 'victim.signup@example.com';
    await call(
      'SignUp',
      { Username: victim, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: victim }] },
      CUSTOMER_ADDRESS,
    );
    for (let i = 0; i < SPENT; i++) await call('ResendConfirmationCode', { Username: victim }, strangerAddress());

    const own = await call('ResendConfirmationCode', { Username: victim }, CUSTOMER_ADDRESS);
    expect(own.status).toBe(200);
    const confirmed = await call(
      'ConfirmSignUp',
      { Username: victim, ConfirmationCode: await t.latestCode(victim) },
      CUSTOMER_ADDRESS,
    );
    expect(confirmed).toEqual({ status: 200, body: '{}' });
  });

  it('past the quotas, a stranger still brings at most one new code per pace', async () => {
    const victim = 'victim.paced@example.com';
    await t.createUser(victim);
    const mailsBefore = await mailsTo(victim);
    const hour = 60 * 60 * 1000;
    const step = CODE_RESEND_PACE_MS / 5;
    for (let elapsed = 0; elapsed < hour; elapsed += step) {
      for (let i = 0; i < 3; i++) await call('ForgotPassword', { Username: victim }, strangerAddress());
      t.clock.advance(step);
    }
    const mailed = (await mailsTo(victim)) - mailsBefore;
    expect(mailed).toBeGreaterThan(MAX_CODE_SENDS_PER_HOUR);
    expect(mailed).toBeLessThanOrEqual(MAX_CODE_SENDS_PER_HOUR + Math.ceil(hour / CODE_RESEND_PACE_MS) + 1);
  });

  it('answers a stranger alike for an account and for an address that is none, past every quota', async () => {
    await t.createUser('known.spent@example.com');
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < SPENT + 3; i++) {
      known.push((await call('ForgotPassword', { Username: 'known.spent@example.com' }, strangerAddress())).body);
      unknown.push((await call('ForgotPassword', { Username: 'known.spenx@example.com' }, strangerAddress())).body);
    }
    expect(unknown).toEqual(known);
  });
});
