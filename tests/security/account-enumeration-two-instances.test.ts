import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../../server/identity/lockout.ts';
import { MAX_CODE_SENDS_PER_HOUR } from '../../server/identity/verification.ts';
import { CLIENT_ID, PASSWORD } from '../server/identity/support.ts';
import { cognitoRequest } from '../support/cognito-request.ts';
import { MovableClock } from '../support/movable-clock.ts';
import { startInstancesOnPostgres, type Instances } from '../support/test-server.ts';

const url = process.env.TEST_DATABASE_URL;

interface Answer {
  status: number;
  body: string;
}

/**
 * Behind a load balancer, a name that is no account meets the limits an account meets (the
 * sign-in lockout, codes an hour) whichever instance answers: a guesser who alternates between
 * instances must not see an account lock while a name nobody has never does.
 */
describe.runIf(url)('no account enumeration across two instances on one PostgreSQL', () => {
  let instances: Instances;
  /** Both instances' identity clock: held where a one-second lock must outlast a loaded machine. */
  const clock = new MovableClock();
  beforeAll(async () => {
    // Many code mails from this one address: the per-address mail quota is not what is tested here.
    instances = await startInstancesOnPostgres(2, { MAIL_QUOTA_PER_CLIENT_PER_HOUR: '1000' }, { identityClock: clock });
  });
  afterAll(() => instances?.close());

  async function call(instance: number, operation: string, input: Record<string, unknown>): Promise<Answer> {
    const response = await cognitoRequest(instances.origins[instance] ?? '', operation, { ClientId: CLIENT_ID, ...input });
    return { status: response.status, body: await response.text() };
  }

  async function confirmedAccount(email: string): Promise<void> {
    expect((await call(0, 'SignUp', { Username: email, Password: PASSWORD })).status).toBe(200);
    await instances.apps[0]?.database.db
      .updateTable('identity_users')
      .set({ status: 'CONFIRMED', email_verified: true })
      .where('email', '=', email)
      .execute();
  }

  /** `times` calls for the account and for nobody, each one answered by the other instance than the one before. */
  async function alternating(
    times: number,
    known: string,
    unknown: string,
    ask: (instance: number, name: string) => Promise<Answer>,
  ) {
    const answers = { known: [] as Answer[], unknown: [] as Answer[] };
    for (let i = 0; i < times; i++) {
      answers.known.push(await ask(i % 2, known));
      answers.unknown.push(await ask(i % 2, unknown));
    }
    return answers;
  }

  it('wrong passwords lock a name nobody has as they lock an account', async () => {
    await confirmedAccount('locked.known@example.com');
    const wrongPassword = (instance: number, name: string) =>
      call(instance, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: name, PASSWORD: 'Wrong-Password-1' },
      });
    const { known, unknown } = await alternating(
      FREE_FAILURES + 2,
      'locked.known@example.com',
      'locked.nobody@example.com',
      wrongPassword,
    );
    expect(unknown).toEqual(known);
    expect(known[0]?.body).toContain('Incorrect username or password.');
    expect(known.at(-1)?.body).toContain('Password attempts exceeded');
  });

  it(`20 wrong passwords at once, over both instances, have ${FREE_FAILURES} checked, for an account and for nobody`, () =>
    clock.held(async () => {
      await confirmedAccount('burst.known@example.com');
      const burst = async (name: string, password: string, count: number) => {
        const answers = await Promise.all(
          Array.from({ length: count }, (_, i) =>
            call(i % 2, 'InitiateAuth', {
              AuthFlow: 'USER_PASSWORD_AUTH',
              AuthParameters: { USERNAME: name, PASSWORD: password },
            }),
          ),
        );
        return answers.map((answer) => (JSON.parse(answer.body) as { message?: string }).message);
      };
      for (const name of ['burst.known@example.com', 'burst.nobody@example.com']) {
        const messages = await burst(name, 'Wrong-Password-1', 20);
        expect(messages.filter((message) => message === 'Incorrect username or password.')).toHaveLength(FREE_FAILURES);
        expect(messages.filter((message) => message === 'Password attempts exceeded')).toHaveLength(20 - FREE_FAILURES);
      }
      expect(await burst('burst.known@example.com', PASSWORD, 1)).toEqual(['Password attempts exceeded']);
    }));

  it('twelve right-password sign-ins at once, over both instances, all succeed', async () => {
    await confirmedAccount('devices.known@example.com');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i % 2, 'InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'devices.known@example.com', PASSWORD },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  });

  it('ForgotPassword: past the hourly limit of codes, for an account and for nobody', async () => {
    await confirmedAccount('codes.known@example.com');
    const forgot = (instance: number, name: string) => call(instance, 'ForgotPassword', { Username: name });
    const { known, unknown } = await alternating(
      MAX_CODE_SENDS_PER_HOUR + 1,
      'codes.known@example.com',
      'codes.nobody@example.com',
      forgot,
    );
    expect(unknown).toEqual(known);
    expect(known[0]?.body).toContain('"Destination":"c***@e***"');
    // Past the limit, the code mailed last stays in force (verification.ts, CODE_RESEND_PACE_MS).
    expect(known.at(-1)?.body).toContain('"Destination":"c***@e***"');
  });

  it(`ten ForgotPassword requests at once, over both instances, send ${MAX_CODE_SENDS_PER_HOUR} codes, not more`, async () => {
    await confirmedAccount('parallel.known@example.com');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(i % 2, 'ForgotPassword', { Username: 'parallel.known@example.com' })),
    );
    // Every one is answered as a send; those past the limit keep the code mailed last.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    const mails = await instances.apps[0]?.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'parallel.known@example.com')
      .where('kind', '=', 'password-reset-code')
      .execute();
    expect(mails).toHaveLength(MAX_CODE_SENDS_PER_HOUR);
  });
});
