import { ConfirmSignUpCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_CUSTOMER } from '../../server/features/audit/routes.ts';
import {
  startServerProcess,
  temporaryPostgresDatabase,
  TEST_DATABASE_URL,
  type ServerProcess,
} from '../reliability/support/server-process.ts';
import { browserSdkClient, signUpWith } from '../server/identity/support.ts';
import { REDIS_URL, redisAvailable, requireInCi } from '../support/redis.ts';

/**
 * Two servers on one PostgreSQL and one Redis: a customer who sends reports to both gets
 * the per-customer limit once in total, and one sign-in is still one event.
 */
const servicesReady = TEST_DATABASE_URL !== undefined && (await redisAvailable());
requireInCi(servicesReady, 'PostgreSQL (TEST_DATABASE_URL) and Redis');

describe.runIf(servicesReady)('browser audit reports across two instances', () => {
  let database: Awaited<ReturnType<typeof temporaryPostgresDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    database = await temporaryPostgresDatabase();
    // One public origin, as behind a load balancer: the tokens' issuer is the same on both.
    const env = { DATABASE_URL: database.url, REDIS_URL, PUBLIC_URL: 'http://hireassist.test' };
    first = await startServerProcess(env);
    second = await startServerProcess(env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first?.kill(), second?.kill()]);
    await database?.dispose();
  });

  it(`accepts ${REPORTS_PER_CUSTOMER} reports in all, not per instance, and records one sign-in`, async () => {
    const email = `ivy-${Date.now()}@example.com`;
    const password = 'Correct-Horse-9';
    const client = browserSdkClient(first.url);
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      const ClientId = 'hireassist-local-client';
      await signUpWith(client, email, { password });
      const mail = await sql.query<{ code: string }>(
        `select template_params->>'code' as code from mail_outbox where to_address = $1 order by id desc limit 1`,
        [email],
      );
      await client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: mail.rows[0]?.code ?? '' }));
      const signedIn = await client.send(
        new InitiateAuthCommand({
          ClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const idToken = signedIn.AuthenticationResult?.IdToken ?? '';

      const statuses: number[] = [];
      for (let i = 0; i < 2 * REPORTS_PER_CUSTOMER; i += 1) {
        const server = i % 2 === 0 ? first : second;
        const response = await fetch(`${server.url}/api/audit-login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ idToken, provider: 'password' }),
        });
        statuses.push(response.status);
      }
      expect(
        statuses.filter((status) => status === 200),
        statuses.join(),
      ).toHaveLength(REPORTS_PER_CUSTOMER);
      expect(
        statuses.slice(REPORTS_PER_CUSTOMER).every((status) => status === 429),
        statuses.join(),
      ).toBe(true);

      const logins = await sql.query(`select id from audit_events where event_type = 'customer.login' and actor_email = $1`, [
        email,
      ]);
      expect(logins.rowCount).toBe(1);
    } finally {
      await sql.end();
      client.destroy();
    }
  });
});
