import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { createPostgresRateLimitStore, keyHash } from '../../server/http/rate-limit/postgres-store.ts';
import type { Schema } from '../../server/db/schema.ts';
import { createRetentionSweeper } from '../../server/maintenance/retention-sweeper.ts';
import { cognitoRequest } from '../support/cognito-request.ts';
import { captureLog } from '../support/log-capture.ts';
import { tcpRelay } from '../support/tcp-relay.ts';
import { openTestDatabase, startInstancesOnPostgres, type Instances } from '../support/test-server.ts';
import { contactSubmission } from './support/contact.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * Two servers on one PostgreSQL and no Redis, as a small deployment runs them: every limit
 * holds once for both together, so a client alternating between instances gets no more than
 * the one limit (counted in each instance's memory, it got the limit once per instance).
 */
describe.runIf(url)('the limits of two instances on one PostgreSQL without Redis', () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstancesOnPostgres(2, { CONTACT_RATE_LIMIT_MAX: '3', IDENTITY_RATE_LIMIT_PER_IP: '4' });
  });
  afterAll(async () => {
    await instances?.close();
  });
  const origin = (n: number) => instances.origins[n % 2] ?? '';

  it("refuses the contact form's fourth message from one client, whichever instance each went to", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const reply = await fetch(`${origin(n)}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(contactSubmission(`pg-shared-${n}-${Date.now()}`)),
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it("holds the identity service's per-address limit once for both instances, also for requests sent together", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, n) => {
        const reply = await cognitoRequest(origin(n), 'InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: 'no-such-client',
          AuthParameters: { USERNAME: 'someone@example.com', PASSWORD: 'guess' },
        });
        return ((await reply.json()) as { __type: string }).__type;
      }),
    );
    expect(answers.filter((type) => type === 'TooManyRequestsException')).toHaveLength(4);
  });
});

describe.runIf(url)('the rate-limit store in PostgreSQL', () => {
  const log = pino({ level: 'silent' });
  // Two handles (two pools) on one schema, as two instances have.
  let first: Database & { dispose(): Promise<void> };
  let second: Database;
  let schema = '';
  beforeAll(async () => {
    first = await openTestDatabase({ postgres: true });
    schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(first.db)).rows[0]?.schema ?? '';
    second = await openDatabase({ kind: 'postgres', url: url ?? '', schema });
  });
  afterAll(async () => {
    await second?.close();
    await first?.dispose();
  });
  const windows = () => first.db.selectFrom('rate_limit_windows').selectAll().execute();

  it('counts a hit whose time was read just before the window opened in that window (parallel hits, instances a little apart)', async () => {
    const store = createPostgresRateLimitStore(first.db, log);
    expect((await store.hit('skew', 60_000, 100_000)).count).toBe(1);
    // Read its clock 5 ms earlier, on another instance or before a slower statement: the same window.
    expect((await store.hit('skew', 60_000, 99_995)).count).toBe(2);
    expect((await store.hit('skew', 60_000, 100_001)).count).toBe(3);
  });

  it('counts hits per key and starts a new window once the old one has ended, or the clock went back', async () => {
    const store = createPostgresRateLimitStore(first.db, log);
    expect((await store.hit('a', 1000, 10_000)).count).toBe(1);
    expect(await store.hit('a', 1000, 10_400)).toEqual({ count: 2, resetInMs: 600 });
    expect((await store.hit('b', 1000, 10_400)).count).toBe(1);
    expect((await store.hit('a', 1000, 11_000)).count).toBe(1);
    expect((await store.hit('a', 1000, 11_500)).count).toBe(2);
    expect(await store.hit('a', 1000, 5_000)).toEqual({ count: 1, resetInMs: 1000 });
  });

  it('gives each of 50 hits at the same moment on two instances a count of its own', async () => {
    const [one, other] = [createPostgresRateLimitStore(first.db, log), createPostgresRateLimitStore(second.db, log)];
    const now = Date.now();
    const hits = await Promise.all(Array.from({ length: 50 }, (_, n) => (n % 2 ? one : other).hit('shared', 60_000, now)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
    expect(hits.every((hit) => hit.resetInMs === 60_000)).toBe(true);
  });

  it('keeps no email address a key holds, only its hash', async () => {
    const store = createPostgresRateLimitStore(first.db, log);
    await store.hit('mail:to:victim@example.com', 60_000, Date.now());
    expect(JSON.stringify(await windows())).not.toMatch(/victim|example\.com/);
  });

  it('counts in memory, with one warning, while the database does not answer', async () => {
    const lost = await openTestDatabase({ postgres: true });
    await lost.dispose();
    const warnings = captureLog();
    const store = createPostgresRateLimitStore(lost.db, pino({ level: 'warn' }, warnings.stream));
    expect((await store.hit('down', 60_000, 1_000)).count).toBe(1);
    expect((await store.hit('down', 60_000, 2_000)).count).toBe(2);
    expect(warnings.lines().map((line) => line.msg)).toEqual([
      "rate-limit store (PostgreSQL) unavailable; counting in this instance's memory until it answers",
    ]);
  });

  it('asks a PostgreSQL that stopped answering once, then counts in memory without connecting until its back-off ends, and in PostgreSQL again once it answers', async () => {
    const target = new URL(url ?? '');
    const relay = await tcpRelay(target.hostname, Number(target.port || 5432));
    const relayed = new URL(target.href);
    relayed.host = `127.0.0.1:${relay.port}`;
    // The server waits 10 s for a connection (database.ts); this pool is quicker to give up.
    const pool = new pg.Pool({
      connectionString: relayed.href,
      connectionTimeoutMillis: 200,
      options: `-c search_path=${schema}`,
    });
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    const store = createPostgresRateLimitStore(db, log);
    try {
      relay.stall();
      expect((await store.hit('silent', 60_000, 1_000)).count).toBe(1);
      expect(relay.connections()).toBe(1);
      // Within the first second after the failure: counted in memory, no connection tried.
      expect((await store.hit('silent', 60_000, 1_500)).count).toBe(2);
      expect(relay.connections()).toBe(1);
      expect(store.state()).toEqual({ store: 'postgres', shared: false, degraded: true });
      // One try once the second is over; it fails too, and the next one waits two seconds.
      expect((await store.hit('silent', 60_000, 2_000)).count).toBe(3);
      expect(relay.connections()).toBe(2);
      expect((await store.hit('silent', 60_000, 3_900)).count).toBe(4);
      expect(relay.connections()).toBe(2);

      relay.resume();
      // PostgreSQL's own count: none of the hits above reached it.
      expect((await store.hit('silent', 60_000, 4_000)).count).toBe(1);
      expect(relay.connections()).toBe(3);
      expect(store.state()).toEqual({ store: 'postgres', shared: true, degraded: false });
      expect((await store.hit('silent', 60_000, 4_001)).count).toBe(2);
      expect((await windows()).find((window) => window.key_hash === keyHash('silent'))?.hits).toBe(2);
    } finally {
      await db.destroy();
      await relay.cut();
    }
  });

  it('has its ended windows deleted by the retention sweeper, and the open ones kept counting', async () => {
    const store = createPostgresRateLimitStore(first.db, log);
    const now = 1_000_000_000_000;
    await store.hit('ended', 1000, now);
    await store.hit('open', 60_000, now);
    await store.hit('open', 60_000, now);
    const sweeper = createRetentionSweeper({
      db: second.db,
      log,
      config: { intervalMs: 60_000, unconfirmedUserMaxAgeMs: 7 * 24 * 3_600_000 },
      now: () => now + 2000,
    });
    await sweeper.sweep();
    const kept = new Set((await windows()).map((window) => window.key_hash));
    expect([kept.has(keyHash('ended')), kept.has(keyHash('open'))]).toEqual([false, true]);
    expect((await store.hit('open', 60_000, now + 2000)).count).toBe(3);
    expect((await store.hit('ended', 1000, now + 2000)).count).toBe(1);
  });
});
