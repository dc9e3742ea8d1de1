import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_BUSY } from '../../../server/http/errors.ts';
import { ADMIN_PASSWORD, adminToken, bearer } from '../admin/admin-client.ts';
import { cognitoRequest } from '../../support/cognito-request.ts';
import { captureLog, type LogCapture } from '../../support/log-capture.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { CLIENT_ID, PASSWORD } from '../identity/support.ts';

/**
 * On PostgreSQL a statement that waits for a lock, or a request that waits for a pool
 * connection, is given up after DATABASE_STATEMENT_TIMEOUT_MS and answered 503 with Retry-After
 * in the API's own error shape, and logged once as a warning naming the route. Before, the
 * request hung (and held its connection) for as long as the lock was held. Each request here
 * gives up on its own well after the limit, so the old behaviour fails the test, not hangs it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a slow PostgreSQL', () => {
  const CLIENT_PATIENCE_MS = 15_000;
  const POOL_SIZE = 4;
  let server: TestServer;
  let log: LogCapture;
  /** A second session, outside the server's pool, as another program (or a stuck job) would hold locks. */
  let other: pg.Client;

  beforeAll(async () => {
    log = captureLog();
    server = await startTestServer({
      postgres: true,
      postgresConnections: POOL_SIZE,
      env: {
        ADMIN_PASSWORD,
        DATABASE_STATEMENT_TIMEOUT_MS: '2500',
        LOG_LEVEL: 'warn',
        CONTACT_NOTIFY_TO: 'sales@hireassist.example',
        CONTACT_RATE_LIMIT_MAX: '100',
      },
      logStream: log.stream,
    });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.app.database.db);
    other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${rows[0]?.schema}` });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await server?.close();
  });
  beforeEach(() => log.clear());

  let sent = 0;
  /** A new message each time (the same one again would be a resend, answered without a write). */
  const sendContactForm = () =>
    server.fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Grace Hopper',
        email: 'grace@navy.example',
        subject: 'Demo Request',
        message: `We would like to see the ranked shortlist (${++sent}).`,
      }),
      signal: AbortSignal.timeout(CLIENT_PATIENCE_MS),
    });

  /** Holds `table` locked against every reader and writer until `during` ends. */
  async function whileLocked<T>(table: string, during: () => Promise<T>): Promise<T> {
    await other.query('begin');
    try {
      await other.query(`lock table ${table} in access exclusive mode`);
      return await during();
    } finally {
      await other.query('rollback');
    }
  }

  const warnings = () => log.lines().filter((line) => line.level === 40 && String(line.msg).includes('did not answer in time'));
  const errors = () => log.lines().filter((line) => Number(line.level) >= 50);

  it('answers the contact form 503 while a lock holds the leads table, and takes it once the lock is gone', async () => {
    const response = await whileLocked('leads', sendContactForm);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ error: DATABASE_BUSY, requestId: expect.any(String) });
    expect(warnings()).toEqual([expect.objectContaining({ route: 'POST /api/contact', code: '57014' })]);
    expect(errors()).toEqual([]);

    expect((await sendContactForm()).status).toBe(201);
  });

  it("answers the identity service's sign-up in Cognito's shape while its users table is locked", async () => {
    const signUp = (email: string) =>
      cognitoRequest(
        server.url,
        'SignUp',
        { ClientId: CLIENT_ID, Username: email, Password: PASSWORD },
        { signal: AbortSignal.timeout(CLIENT_PATIENCE_MS) },
      );
    const response = await whileLocked('identity_users', () => signUp('ada@example.com'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('x-amzn-errortype')).toBe('InternalErrorException');
    expect(await response.json()).toEqual({ __type: 'InternalErrorException', message: DATABASE_BUSY });
    expect(warnings()).toEqual([expect.objectContaining({ route: 'POST /cognito', code: '57014' })]);
    expect(errors()).toEqual([]);

    expect((await signUp('ada@example.com')).status).toBe(200);
  });

  it("answers the operator's users page 503 once, not after three tries, while the pool's users table is locked", async () => {
    const token = await adminToken(server);
    const listUsers = () =>
      server.fetch('/api/admin/users', { headers: bearer(token), signal: AbortSignal.timeout(CLIENT_PATIENCE_MS) });
    log.clear();
    const response = await whileLocked('identity_users', listUsers);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ success: false, error: DATABASE_BUSY });
    // The page asks the embedded pool over loopback: one call, as retrying the same database
    // only made the operator wait three statement limits.
    expect(warnings()).toEqual([expect.objectContaining({ route: 'POST /cognito', code: '57014' })]);
    expect(errors()).toEqual([]);

    expect((await listUsers()).status).toBe(200);
  });

  it('ends a transaction a handler left open, with its locks, and the server lives on', async () => {
    const gone = async (pid: number) =>
      (await other.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount === 0;
    const left = server.app.database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await sql`lock table leads in share mode`.execute(trx);
      // A handler that never comes back (an await that never settles) while its transaction is open.
      const pid = rows[0]?.pid ?? 0;
      while (!(await gone(pid))) await new Promise((resolve) => setTimeout(resolve, 100));
      // PostgreSQL has ended the connection; its 'error' reached the pool's client meanwhile,
      // which with no listener was thrown and ended the server's process.
      await other.query('select 1');
      await sql`select 1`.execute(trx);
    });
    await expect(left).rejects.toThrow(/not queryable/);
    expect((await sendContactForm()).status).toBe(201);
  });

  it('answers 503 while every connection of the pool is taken, and serves again once one is back', async () => {
    let giveBack = () => {};
    const given = new Promise<void>((resolve) => (giveBack = resolve));
    const { db } = server.app.database;
    const taken: Promise<void>[] = [];
    let holding = 0;
    const bothTaken = new Promise<void>((resolve) => {
      for (let i = 0; i < POOL_SIZE; i++) {
        taken.push(
          db.connection().execute(async () => {
            if (++holding === POOL_SIZE) resolve();
            await given;
          }),
        );
      }
    });
    await bothTaken;
    let response: Response;
    try {
      response = await sendContactForm();
    } finally {
      giveBack();
      await Promise.all(taken);
    }
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: DATABASE_BUSY, requestId: expect.any(String) });
    expect(warnings()).toEqual([
      expect.objectContaining({ route: 'POST /api/contact', reason: 'timeout exceeded when trying to connect' }),
    ]);

    expect((await sendContactForm()).status).toBe(201);
  });
});
