import { AdminCreateUserCommand, AdminDisableUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Passwords from '../../server/identity/passwords.ts';
import type * as Verifiers from '../../server/identity/srp/verifier.ts';
import { MAX_CODE_ATTEMPTS, MAX_CODE_SENDS_PER_HOUR } from '../../server/identity/verification.ts';
import { CLIENT_ID, PASSWORD, POOL_ID, type IdentityTestServer } from '../server/identity/support.ts';
import { cognitoRequest } from '../support/cognito-request.ts';
import { startSecurityServer } from './support.ts';

/** Every password hash and check the identity service does, counted (the real argon2id still runs). */
const hasherWork = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/identity/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    async createPasswordHasher(...args: Parameters<typeof original.createPasswordHasher>) {
      const hasher = await original.createPasswordHasher(...args);
      return {
        ...hasher,
        hash: (password: string) => ((hasherWork.count += 1), hasher.hash(password)),
        verify: (stored: string | null, password: string) => ((hasherWork.count += 1), hasher.verify(stored, password)),
      };
    },
  };
});

/** Every SRP verifier the identity service computes, counted. */
const verifierWork = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/identity/srp/verifier.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Verifiers>();
  return {
    ...original,
    verifierColumns: (...args: Parameters<typeof original.verifierColumns>) => (
      (verifierWork.count += 1),
      original.verifierColumns(...args)
    ),
  };
});

/**
 * Cognito's PreventUserExistenceErrors: the code operations answer a name that is no account
 * exactly as they answer an account (byte for byte, the request id aside), limits included,
 * and do the same password work for both.
 */
let t: IdentityTestServer;
beforeAll(async () => {
  // Many code mails from this one address: the per-address mail quota is not what is tested here.
  t = await startSecurityServer({ MAIL_QUOTA_PER_CLIENT_PER_HOUR: '1000' });
});
afterAll(() => t.close());

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** One raw protocol call, and what a prober sees of its answer (all but the request id). */
async function answer(operation: string, input: Record<string, unknown>): Promise<Answer> {
  const response = await cognitoRequest(t.server.url, operation, { ClientId: CLIENT_ID, ...input });
  const headers = [...response.headers].filter(([name]) => !['x-amzn-requestid', 'date'].includes(name));
  return { status: response.status, headers, body: await response.text() };
}

/** The answers to `times` calls for `known`, then for `unknown`, interleaved. */
async function both(times: number, call: (username: string) => Promise<Answer>, known: string, unknown: string) {
  const answers = { known: [] as Answer[], unknown: [] as Answer[] };
  for (let i = 0; i < times; i++) {
    answers.known.push(await call(known));
    answers.unknown.push(await call(unknown));
  }
  return answers;
}

const signUp = (email: string) =>
  answer('SignUp', { Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] });

describe('no account enumeration through the code operations', () => {
  it('ConfirmSignUp: wrong codes for an unconfirmed account and for nobody, up to and past the attempt limit', async () => {
    await signUp('pending-a@example.com');
    const { known, unknown } = await both(
      MAX_CODE_ATTEMPTS + 1,
      (Username) => answer('ConfirmSignUp', { Username, ConfirmationCode: '000000' }),
      'pending-a@example.com',
      'pending-x@example.com',
    );
    expect(unknown).toEqual(known);
    expect(known[0]?.body).toContain('CodeMismatchException');
    expect(known.at(-1)?.body).toContain('LimitExceededException');
  });

  it('ResendConfirmationCode: an unconfirmed account and nobody, up to and past the hourly limit', async () => {
    await signUp('pending-b@example.com');
    const { known, unknown } = await both(
      MAX_CODE_SENDS_PER_HOUR,
      (Username) => answer('ResendConfirmationCode', { Username }),
      'pending-b@example.com',
      'Pending-B@Example.com'.replace('B', 'Y'),
    );
    expect(unknown).toEqual(known);
    expect(known[0]?.body).toContain('"Destination":"p***@e***"');
    // Past the limit, the code mailed last stays in force (verification.ts, CODE_RESEND_PACE_MS).
    expect(known.at(-1)?.body).toContain('"Destination":"p***@e***"');
  });

  it('ForgotPassword, then ConfirmForgotPassword before and after a code was asked for', async () => {
    await t.createUser('known@example.com');
    const confirm = (Username: string) =>
      answer('ConfirmForgotPassword', { Username, ConfirmationCode: '000000', Password: 'New-Password-7' });
    const before = await both(1, confirm, 'known@example.com', 'knowx@example.com');
    expect(before.unknown).toEqual(before.known);
    expect(before.known[0]?.body).toContain('ExpiredCodeException');

    const forgot = await both(
      MAX_CODE_SENDS_PER_HOUR + 1,
      (Username) => answer('ForgotPassword', { Username }),
      'known@example.com',
      'knowx@example.com',
    );
    expect(forgot.unknown).toEqual(forgot.known);
    expect(forgot.known[0]?.body).toContain('"CodeDeliveryDetails":{"Destination":"k***@e***"');
    expect(forgot.known.at(-1)?.body).toContain('"CodeDeliveryDetails":{"Destination":"k***@e***"');

    const after = await both(MAX_CODE_ATTEMPTS + 1, confirm, 'known@example.com', 'knowx@example.com');
    expect(after.unknown).toEqual(after.known);
    expect(after.known[0]?.body).toContain('CodeMismatchException');
    expect(after.known.at(-1)?.body).toContain('LimitExceededException');
  });

  it('ForgotPassword, then a wrong code: a disabled account, an invited one, an unconfirmed sign-up and one without a password answer as nobody does', async () => {
    await t.createUser('disabled@example.com');
    await t.admin.send(new AdminDisableUserCommand({ UserPoolId: POOL_ID, Username: 'disabled@example.com' }));
    await t.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: POOL_ID,
        Username: 'invited@example.com',
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
      }),
    );
    await signUp('unconfirmed@example.com');
    // As a Google or Microsoft account is: no password of its own.
    await t.createUser('federated@example.com');
    await t.server.app.database.db
      .updateTable('identity_users')
      .set({ password_hash: null })
      .where('email', '=', 'federated@example.com')
      .execute();
    for (const [known, unknown] of [
      ['disabled@example.com', 'disabledx@example.com'],
      ['invited@example.com', 'invitedx@example.com'],
      ['unconfirmed@example.com', 'unconfirmedx@example.com'],
      ['federated@example.com', 'federatedx@example.com'],
    ] as const) {
      const forgot = await both(1, (Username) => answer('ForgotPassword', { Username }), known, unknown);
      expect(forgot.unknown, known).toEqual(forgot.known);
      expect(forgot.known[0]?.body, known).toContain('"CodeDeliveryDetails"');
      const confirm = await both(
        1,
        (Username) => answer('ConfirmForgotPassword', { Username, ConfirmationCode: '000000', Password: 'New-Password-7' }),
        known,
        unknown,
      );
      expect(confirm.unknown, known).toEqual(confirm.known);
      expect(confirm.known[0]?.body, known).toContain('CodeMismatchException');
    }
  });

  it('SignUp: a new address, a pending sign-up and a confirmed account answer alike, with the same work and one mail', async () => {
    await signUp('sign-pending@example.com');
    await t.createUser('sign-taken@example.com');
    const mails = async (to: string) =>
      (await t.server.app.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', to).execute()).length;
    const work = async (email: string) => {
      const [hashes, verifiers, mailed] = [hasherWork.count, verifierWork.count, await mails(email)];
      const { body, ...rest } = await signUp(email);
      return {
        answer: { ...rest, body: body.replace(/"UserSub":"[0-9a-f-]{36}"/, '"UserSub":"…"') },
        hashes: hasherWork.count - hashes,
        verifiers: verifierWork.count - verifiers,
        mails: (await mails(email)) - mailed,
      };
    };
    const fresh = await work('sign-new@example.com');
    expect(fresh).toMatchObject({ answer: { status: 200 }, hashes: 1, verifiers: 1, mails: 1 });
    expect(await work('sign-pending@example.com')).toEqual(fresh);
    expect(await work('sign-taken@example.com')).toEqual(fresh);
  });

  it("UpdateUserAttributes, then VerifyUserAttribute: a signed-in user asking for another account's address is answered as for a free one, and that address's owner gets a notice, no code", async () => {
    await t.createUser('asker@example.com');
    await t.createUser('holder@example.com');
    const { AccessToken } = await t.signIn('asker@example.com');
    const call = async (operation: string, input: Record<string, unknown>): Promise<Answer> => {
      const response = await cognitoRequest(t.server.url, operation, { AccessToken, ...input });
      const headers = [...response.headers].filter(([name]) => !['x-amzn-requestid', 'date'].includes(name));
      return { status: response.status, headers, body: await response.text() };
    };
    const askFor = (email: string) => call('UpdateUserAttributes', { UserAttributes: [{ Name: 'email', Value: email }] });
    const verify = () => call('VerifyUserAttribute', { AttributeName: 'email', Code: '000000' });
    const again = () => call('GetUserAttributeVerificationCode', { AttributeName: 'email' });
    const taken = { update: await askFor('holder@example.com'), verify: await verify(), again: await again() };
    const free = { update: await askFor('hxlder@example.com'), verify: await verify(), again: await again() };
    expect(taken).toEqual(free);
    expect(free.update.body).toContain('"Destination":"h***@e***"');
    expect(free.verify.body).toContain('CodeMismatchException');
    const kinds = await t.server.app.database.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('to_address', '=', 'holder@example.com')
      .orderBy('id')
      .execute();
    // The holder's own sign-up code, then a notice for each ask: no code that would move the address.
    expect(kinds.map(({ kind }) => kind)).toEqual(['signup-code', 'address-in-use', 'address-in-use']);
  });

  it('ConfirmForgotPassword does the same password work for an account and for nobody', async () => {
    await t.createUser('work@example.com');
    await answer('ForgotPassword', { Username: 'work@example.com' });
    const work = async (Username: string) => {
      const start = hasherWork.count;
      await answer('ConfirmForgotPassword', { Username, ConfirmationCode: '000000', Password: 'New-Password-7' });
      return hasherWork.count - start;
    };
    const known = await work('work@example.com');
    const unknown = await work('worx@example.com');
    expect(known).toBe(1);
    expect(unknown).toBe(known);
  });
});
