import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_LIMITS, LOGIN_BUSY_MESSAGE } from '../../server/features/admin/login-limits.ts';
import { adminLogin } from '../support/admin-login.ts';
import { startInstancesOnPostgres, type Instances } from '../support/test-server.ts';
import { ADMIN_PASSWORD } from './support.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * Past ADMIN_LOGIN_LIMITS.globalPerHour failures, strangers' attempts take turns in one slow
 * lane, `slowDownMs` apart and at most `slowLaneMax` waiting, whichever instance each reaches:
 * two instances do not check two strangers' guesses per turn, nor let twice as many wait.
 */
describe.runIf(url)('the admin slow lane across two instances on one PostgreSQL', () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstancesOnPostgres(2, { ADMIN_PASSWORD, TRUST_PROXY: '127.0.0.1' });
    // The pressure: this hour's failures from unknown devices, each from an address of its own.
    await instances.apps[0]?.database.db
      .insertInto('admin_login_attempts')
      .values(
        Array.from({ length: ADMIN_LOGIN_LIMITS.globalPerHour }, (_, n) => ({
          ip: `198.18.${Math.floor(n / 250)}.${n % 250}`,
          outcome: 'failed' as const,
        })),
      )
      .execute();
  });
  afterAll(() => instances?.close());

  it(`${ADMIN_LOGIN_LIMITS.slowLaneMax + 2} strangers at once, half on each instance: at most ${ADMIN_LOGIN_LIMITS.slowLaneMax} wait for their turns, the rest are told the login is busy`, async () => {
    const started = performance.now();
    const strangers = ADMIN_LOGIN_LIMITS.slowLaneMax + 2;
    const answers = await Promise.all(
      Array.from({ length: strangers }, async (_, n) => {
        const response = await adminLogin(instances.origins[n % 2] ?? '', `stranger ${n}`, {
          'x-forwarded-for': `192.0.2.${n + 1}`,
        });
        const body = (await response.json()) as { error?: string };
        return { status: response.status, error: body.error, ms: performance.now() - started };
      }),
    );
    const turns = answers
      .filter((answer) => answer.status === 401)
      .map((answer) => answer.ms)
      .toSorted((a, b) => a - b);
    // All arrived together: the nearest slot may be too near to take (login-limits.ts), so one fewer.
    expect(turns.length).toBeLessThanOrEqual(ADMIN_LOGIN_LIMITS.slowLaneMax);
    expect(turns.length).toBeGreaterThanOrEqual(ADMIN_LOGIN_LIMITS.slowLaneMax - 1);
    const busy = answers.filter((answer) => answer.status === 429);
    expect(busy.map((answer) => answer.error)).toEqual(Array(strangers - turns.length).fill(LOGIN_BUSY_MESSAGE));
    // One turn every slowDownMs for both instances together (timers keep these lower bounds under any load).
    turns.forEach((ms, turn) => expect(ms).toBeGreaterThanOrEqual((turn + 1) * ADMIN_LOGIN_LIMITS.slowDownMs - 50));
  }, 60_000);
});
