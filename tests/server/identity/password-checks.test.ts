import {
  AdminInitiateAuthCommand,
  ChangePasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../../../server/identity/lockout.ts';
import { CLAIM_MS } from '../../../server/identity/password-claims.ts';
import { MovableClock } from '../../support/movable-clock.ts';
import { opensslSrpClient } from '../../support/srp-openssl-client.ts';
import { startInstancesOnPostgres, type Instances } from '../../support/test-server.ts';
import {
  browserSdkClient,
  CLIENT_ID,
  failure,
  PASSWORD,
  POOL_ID,
  signUpWith,
  startIdentityServer,
  type IdentityTestServer,
} from './support.ts';

/**
 * The checks in flight that the sign-in lockout counts beside the failures: a burst of guesses
 * sent at once gets no more passwords checked than the lock allows on every path that checks
 * one, and the claim a dead instance left behind delays a sign-in at most briefly. On PostgreSQL
 * too: its pool runs the statements of parallel requests at once, where PGlite's one connection
 * takes them in turn (the short window of an SRP answer, unguarded, shows only there).
 */

const WRONG = 'Wrong-Password-1';

/** What a caller sees of each call: its exception and message, or 'ok'. */
const outcomes = (calls: Promise<unknown>[]) =>
  Promise.all(
    calls.map((call) =>
      call.then(
        () => 'ok',
        (error: Error) => `${error.name}: ${error.message}`,
      ),
    ),
  );

const count = (answers: string[], answer: string) => answers.filter((candidate) => candidate === answer).length;

/**
 * Ten wrong PASSWORD_VERIFIER answers for `name` sent at once, the `i`th through `clientFor(i)`:
 * every challenge first, so that only the answers race. What each caller saw. The answers are
 * computed as amazon-cognito-identity-js does, in OpenSSL: the library's own arithmetic took a
 * quarter of a second an answer, the most of these races' time (respond-to-auth-challenge.test.ts
 * holds that the two answer alike).
 */
async function wrongSrpAnswersAtOnce(name: string, clientFor: (i: number) => CognitoIdentityProviderClient) {
  const answers = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const srp = opensslSrpClient(POOL_ID.split('_')[1] ?? '');
      const challenge = await clientFor(i).send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_SRP_AUTH',
          AuthParameters: { USERNAME: name, SRP_A: srp.srpA },
        }),
      );
      return srp.answer(challenge.ChallengeParameters ?? {}, WRONG);
    }),
  );
  return outcomes(
    answers.map((ChallengeResponses, i) =>
      clientFor(i).send(
        new RespondToAuthChallengeCommand({ ClientId: CLIENT_ID, ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses }),
      ),
    ),
  );
}

const databases = [
  { name: 'PGlite', postgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

describe.each(databases)('on $name', ({ postgres }) => {
  let t: IdentityTestServer;
  beforeAll(async () => {
    t = await startIdentityServer({}, { postgres });
  });
  afterAll(() => t.close());

  describe('guesses sent at once', () => {
    it(`USER_SRP_AUTH: of 10 wrong PASSWORD_VERIFIER answers at once, ${FREE_FAILURES} are checked, for an account and for nobody`, () =>
      t.clock.held(async () => {
        await t.createUser('srp.burst@example.com');
        for (const name of ['srp.burst@example.com', 'srp.nobody@example.com']) {
          const seen = await wrongSrpAnswersAtOnce(name, () => t.client);
          expect(count(seen, 'NotAuthorizedException: Incorrect username or password.')).toBe(FREE_FAILURES);
          expect(count(seen, 'NotAuthorizedException: Password attempts exceeded')).toBe(10 - FREE_FAILURES);
        }
      }));

    it(`ADMIN_USER_PASSWORD_AUTH: of 20 wrong passwords at once, ${FREE_FAILURES} are checked, for an account and for nobody`, () =>
      t.clock.held(async () => {
        await t.createUser('admin.burst@example.com');
        for (const name of ['admin.burst@example.com', 'admin.nobody@example.com']) {
          const seen = await outcomes(
            Array.from({ length: 20 }, () =>
              t.admin.send(
                new AdminInitiateAuthCommand({
                  UserPoolId: POOL_ID,
                  ClientId: CLIENT_ID,
                  AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
                  AuthParameters: { USERNAME: name, PASSWORD: WRONG },
                }),
              ),
            ),
          );
          expect(count(seen, 'NotAuthorizedException: Incorrect username or password.')).toBe(FREE_FAILURES);
          expect(count(seen, 'NotAuthorizedException: Password attempts exceeded')).toBe(20 - FREE_FAILURES);
        }
      }));

    it(`ChangePassword: of 20 wrong previous passwords at once, ${FREE_FAILURES} are checked`, () =>
      t.clock.held(async () => {
        await t.createUser('change.burst@example.com');
        const { AccessToken } = await t.signIn('change.burst@example.com');
        const seen = await outcomes(
          Array.from({ length: 20 }, () =>
            t.client.send(
              new ChangePasswordCommand({ AccessToken, PreviousPassword: WRONG, ProposedPassword: 'Next-Password-2' }),
            ),
          ),
        );
        expect(count(seen, 'NotAuthorizedException: Incorrect username or password.')).toBe(FREE_FAILURES);
        expect(count(seen, 'LimitExceededException: Attempt limit exceeded, please try after some time.')).toBe(
          20 - FREE_FAILURES,
        );
      }));

    it("USER_PASSWORD_AUTH: 12 sign-ins at once with the right password, as a user's devices send them, all succeed", () =>
      t.clock.held(async () => {
        await t.createUser('devices@example.com');
        const seen = await outcomes(Array.from({ length: 12 }, () => t.signIn('devices@example.com')));
        expect(seen).toEqual(seen.map(() => 'ok'));
      }));
  });

  // On PGlite the claims are in the one process's memory: no other instance can leave one behind.
  describe.runIf(postgres)('claims left by an instance that died mid-check', () => {
    /** `FREE_FAILURES` claims on the account's budget, as checks in flight would hold it, started at `startedAt`. */
    async function orphanClaims(email: string, startedAt: number) {
      const db = t.server.app.database.db;
      const { sub } = await db.selectFrom('identity_users').select('sub').where('email', '=', email).executeTakeFirstOrThrow();
      await db
        .insertInto('identity_password_checks')
        .values(Array.from({ length: FREE_FAILURES }, () => ({ id: randomUUID(), holder: sub, started_at: new Date(startedAt) })))
        .execute();
    }

    it(`do not count once ${CLAIM_MS} ms old: the sign-in goes through at once`, () =>
      t.clock.held(async () => {
        await t.createUser('crashed@example.com');
        await orphanClaims('crashed@example.com', t.clock.now() - CLAIM_MS);
        const started = performance.now();
        await t.signIn('crashed@example.com');
        expect(performance.now() - started).toBeLessThan(CLAIM_MS / 2);
      }));

    it('only delay a sign-in while they are fresh: it waits, then goes through once they have aged', () =>
      t.clock.held(async () => {
        await t.createUser('orphaned@example.com');
        await orphanClaims('orphaned@example.com', t.clock.now());
        let settled = false;
        const signIn = t.signIn('orphaned@example.com').finally(() => (settled = true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(settled).toBe(false);
        t.clock.advance(CLAIM_MS);
        await expect(signIn).resolves.toMatchObject({ AccessToken: expect.any(String) });
      }));

    it('answer as a lock does when they outlast the wait, and the account is not locked afterwards', () =>
      t.clock.held(async () => {
        await t.createUser('stuck@example.com');
        await orphanClaims('stuck@example.com', t.clock.now());
        expect(await failure(t.signIn('stuck@example.com'))).toMatchObject({
          name: 'NotAuthorizedException',
          message: 'Password attempts exceeded',
        });
        t.clock.advance(CLAIM_MS);
        await t.signIn('stuck@example.com', PASSWORD);
      }));

    it("a right password that waited for them clears the failures other devices' checks counted meanwhile", () =>
      t.clock.held(async () => {
        await t.createUser('meanwhile@example.com');
        await orphanClaims('meanwhile@example.com', t.clock.now());
        let settled = false;
        const signIn = t.signIn('meanwhile@example.com').finally(() => (settled = true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(settled).toBe(false);
        // While it waits, other devices' wrong passwords are counted, one short of the lock.
        await t.server.app.database.db
          .updateTable('identity_users')
          .set({ failed_sign_ins: FREE_FAILURES - 1, last_failed_sign_in_at: new Date(t.clock.now()) })
          .where('email', '=', 'meanwhile@example.com')
          .execute();
        t.clock.advance(CLAIM_MS);
        await expect(signIn).resolves.toMatchObject({ AccessToken: expect.any(String) });
        // The count started over with that sign-in: one wrong password later is one failure, no lock.
        expect(await failure(t.signIn('meanwhile@example.com', WRONG))).toMatchObject({
          message: 'Incorrect username or password.',
        });
        await expect(t.signIn('meanwhile@example.com')).resolves.toMatchObject({ AccessToken: expect.any(String) });
      }));
  });
});

/**
 * Two instances behind a load balancer, on one PostgreSQL: the claim one instance takes counts
 * on the other (identity_claim_password_check takes one claimer per holder at a time on every
 * instance), so a burst spread over both gets no more passwords checked than the lock allows.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('on two instances of one PostgreSQL', () => {
  let instances: Instances;
  let clients: CognitoIdentityProviderClient[] = [];
  const clock = new MovableClock();
  beforeAll(async () => {
    instances = await startInstancesOnPostgres(2, {}, { identityClock: clock });
    clients = instances.origins.map(browserSdkClient);
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await instances?.close();
  });

  /** The instance that answers the `i`th call: one, then the other. */
  const via = (i: number) => clients[i % clients.length] as CognitoIdentityProviderClient;

  async function confirmedUser(email: string): Promise<void> {
    await signUpWith(via(0), email);
    // Confirmed directly: the code's mail is not what this test is about.
    await instances.apps[0]?.database.db
      .updateTable('identity_users')
      .set({ status: 'CONFIRMED', email_verified: true })
      .where('email', '=', email)
      .execute();
  }

  it(`USER_SRP_AUTH: of 10 wrong PASSWORD_VERIFIER answers at once, over both instances, ${FREE_FAILURES} are checked, for an account and for nobody`, () =>
    clock.held(async () => {
      await confirmedUser('srp.spread@example.com');
      for (const name of ['srp.spread@example.com', 'srp.spread.nobody@example.com']) {
        const seen = await wrongSrpAnswersAtOnce(name, via);
        expect(count(seen, 'NotAuthorizedException: Incorrect username or password.')).toBe(FREE_FAILURES);
        expect(count(seen, 'NotAuthorizedException: Password attempts exceeded')).toBe(10 - FREE_FAILURES);
      }
    }));

  it(`ChangePassword: of 20 wrong previous passwords at once, over both instances, ${FREE_FAILURES} are checked`, () =>
    clock.held(async () => {
      await confirmedUser('change.spread@example.com');
      const { AuthenticationResult } = await via(0).send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'change.spread@example.com', PASSWORD },
        }),
      );
      const seen = await outcomes(
        Array.from({ length: 20 }, (_, i) =>
          via(i).send(
            new ChangePasswordCommand({
              AccessToken: AuthenticationResult?.AccessToken,
              PreviousPassword: WRONG,
              ProposedPassword: 'Next-Password-2',
            }),
          ),
        ),
      );
      expect(count(seen, 'NotAuthorizedException: Incorrect username or password.')).toBe(FREE_FAILURES);
      expect(count(seen, 'LimitExceededException: Attempt limit exceeded, please try after some time.')).toBe(20 - FREE_FAILURES);
    }));
});
