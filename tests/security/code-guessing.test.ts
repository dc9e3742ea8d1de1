import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS } from '../../server/identity/verification.ts';
import { CLIENT_ID, failure, startIdentityServer, type IdentityTestServer } from '../server/identity/support.ts';

/**
 * Guessing a mailed code with many requests at once: every guess is counted, only the first
 * MAX_CODE_ATTEMPTS are compared, and the code is dead after them, on the embedded PGlite
 * and on a real PostgreSQL (where the requests truly run in parallel on several connections).
 */
const databases = [
  { name: 'PGlite', postgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

describe.each(databases)('wrong codes in parallel on $name', ({ postgres }) => {
  let t: IdentityTestServer;
  beforeAll(async () => {
    t = await startIdentityServer({}, { postgres });
  });
  afterAll(() => t.close());

  it('50 parallel wrong codes count 50, only the first few are answered as a mismatch, and the code dies', async () => {
    const email = 'guessed@example.com';
    await t.signUp(email);
    const code = await t.latestCode(email);
    const wrong = (n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
    const confirm = (guess: string) =>
      failure(t.client.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: email, ConfirmationCode: guess })));

    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => confirm(wrong(n))));
    const names = answers.map((answer) => answer.name);
    expect(names.filter((name) => name === 'CodeMismatchException')).toHaveLength(MAX_CODE_ATTEMPTS);
    expect(names.filter((name) => name === 'LimitExceededException')).toHaveLength(50 - MAX_CODE_ATTEMPTS);

    const row = await t.server.app.database.db
      .selectFrom('identity_codes')
      .innerJoin('identity_users', 'identity_users.sub', 'identity_codes.user_sub')
      .select('identity_codes.failed_attempts')
      .where('identity_users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(50);

    // The right code no longer helps: a new one must be requested.
    expect(await confirm(code)).toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
  });
});
