import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, PASSWORD } from '../server/identity/support.ts';
import { cognitoRequest } from '../support/cognito-request.ts';
import { startInstancesOnPostgres, type Instances } from '../support/test-server.ts';
import { median } from './support.ts';

const url = process.env.TEST_DATABASE_URL;
const TRIES = 7;

/**
 * A pretend code send (ForgotPassword for a name that is no account) waits as long as a real
 * one takes. An instance that has not mailed a code itself yet (just deployed, restarted, or
 * one of several that the load balancer sent no such request) must still know how long that
 * is: before, it answered a name nobody has at once until its own first real send, so right
 * after a deploy the quick answers told a guesser which names were no account.
 */
describe.runIf(url)('pretend code sends on an instance that has mailed no code yet', () => {
  let instances: Instances;
  beforeAll(async () => {
    // Many code mails from this one address: the per-address mail quota is not what is tested here.
    instances = await startInstancesOnPostgres(2, { MAIL_QUOTA_PER_CLIENT_PER_HOUR: '1000' });
    // A real code send slowed by 60 ms, as a busy database or a slow disk would: the difference
    // the padding must cover stands out of a loaded machine's noise.
    const db = instances.apps[0]?.database.db;
    if (db === undefined) throw new Error('no instance');
    await sql`create function slow_code_write() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.06); return new; end $$`.execute(db);
    await sql`create trigger slow_code_write before insert or update on identity_codes
      for each row execute function slow_code_write()`.execute(db);
  });
  afterAll(() => instances?.close());

  async function timedCall(instance: number, operation: string, input: Record<string, unknown>): Promise<number> {
    const started = performance.now();
    const response = await cognitoRequest(instances.origins[instance] ?? '', operation, { ClientId: CLIENT_ID, ...input });
    expect(response.status, await response.text()).toBe(200);
    return performance.now() - started;
  }

  it('take as long there as a real send takes on the instance that mailed codes', async () => {
    const accounts = Array.from({ length: TRIES }, (_, i) => `first-deploy-${i}@example.com`);
    // The accounts' sign-ups, and their resets, are all mailed by instance 0.
    for (const email of accounts) await timedCall(0, 'SignUp', { Username: email, Password: PASSWORD });
    await instances.apps[0]?.database.db
      .updateTable('identity_users')
      .set({ status: 'CONFIRMED', email_verified: true })
      .execute();
    const real: number[] = [];
    for (const email of accounts) real.push(await timedCall(0, 'ForgotPassword', { Username: email }));
    // Instance 1 has mailed nothing: each of these names is no account.
    const pretend: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      pretend.push(await timedCall(1, 'ForgotPassword', { Username: `first-deploy-${i}@nobody.example` }));
    }
    console.info(
      `ForgotPassword median: a real send on instance 0 ${median(real).toFixed(1)} ms, a pretend one on instance 1 ${median(pretend).toFixed(1)} ms`,
    );
    expect(median(pretend)).toBeGreaterThan(0.75 * median(real));
  });
});
