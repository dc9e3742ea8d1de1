import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_LIMITS } from '../../server/features/admin/login-limits.ts';
import { adminLogin } from '../support/admin-login.ts';
import { startInstancesOnPostgres, type Instances } from '../support/test-server.ts';
import { ADMIN_PASSWORD } from './support.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * Behind a load balancer, an address gets ADMIN_LOGIN_LIMITS.perIpPerHour wrong admin
 * passwords checked an hour, however its guesses are spread over the instances and however
 * many it sends at once: a guess is counted before its password is checked, where every
 * instance sees it. The servers believe X-Forwarded-For from loopback (TRUST_PROXY).
 */
describe.runIf(url)('the admin login limit across two instances on one PostgreSQL', () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstancesOnPostgres(2, { ADMIN_PASSWORD, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => instances?.close());

  const guess = (instance: number, address: string, n: number) =>
    adminLogin(instances.origins[instance] ?? '', `wrong guess ${n}`, { 'x-forwarded-for': address }).then(
      (response) => response.status,
    );

  const checkedFailures = async (address: string) =>
    (
      await instances.apps[0]?.database.db
        .selectFrom('admin_login_attempts')
        .select('id')
        .where('ip', '=', address)
        .where('outcome', '=', 'failed')
        .execute()
    )?.length;

  it('the last guess the limit allows, sent to both instances at once, is checked on one of them only', async () => {
    const address = '198.51.100.70';
    for (let n = 0; n < ADMIN_LOGIN_LIMITS.perIpPerHour - 1; n++) expect(await guess(n % 2, address, n)).toBe(401);
    const statuses = await Promise.all([guess(0, address, 100), guess(1, address, 101)]);
    expect(statuses.toSorted()).toEqual([401, 429]);
    expect(await checkedFailures(address)).toBe(ADMIN_LOGIN_LIMITS.perIpPerHour);
  });

  it(`of ${2 * ADMIN_LOGIN_LIMITS.perIpPerHour} guesses at once over both instances, ${ADMIN_LOGIN_LIMITS.perIpPerHour} are checked`, async () => {
    const address = '198.51.100.71';
    const statuses = await Promise.all(
      Array.from({ length: 2 * ADMIN_LOGIN_LIMITS.perIpPerHour }, (_, n) => guess(n % 2, address, n)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(ADMIN_LOGIN_LIMITS.perIpPerHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(ADMIN_LOGIN_LIMITS.perIpPerHour);
    expect(await checkedFailures(address)).toBe(ADMIN_LOGIN_LIMITS.perIpPerHour);
  });

  it('the right password, sent to both instances at once, logs in on both and counts no failure', async () => {
    const address = '198.51.100.72';
    const statuses = await Promise.all(
      [0, 1].map((instance) =>
        adminLogin(instances.origins[instance] ?? '', ADMIN_PASSWORD, { 'x-forwarded-for': address }).then(
          (response) => response.status,
        ),
      ),
    );
    expect(statuses).toEqual([200, 200]);
    expect(await checkedFailures(address)).toBe(0);
  });
});
