import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../server/db/database.ts';
import type { Schema } from '../../../server/db/schema.ts';
import type * as record from '../../../server/features/audit/record.ts';
import type { SecurityEvent } from '../../../server/identity/index.ts';
import { freshDataDir } from '../../support/pglite-template.ts';
import { startIdentityServer, type IdentityTestServer } from '../identity/support.ts';

/**
 * Security events are written in batches (server/features/audit/event-queue.ts): concurrent
 * sign-ins share INSERT statements, each sign-in still gets exactly its own row, a row the
 * database refuses fails only its own caller, and closing the app writes what is queued.
 * Against the real server on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

/** Every recorder the app builds, so a test can queue events on the app's own. */
const recorders = vi.hoisted(() => [] as record.SecurityEventRecorder[]);
vi.mock('../../../server/features/audit/record.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof record>();
  return {
    ...actual,
    recordSecurityEvent: (db: Kysely<Schema>) => {
      const recorder = actual.recordSecurityEvent(db);
      recorders.push(recorder);
      return recorder;
    },
  };
});

const databases = [
  { name: 'PGlite', postgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

const EMAIL = 'batch@example.com';

/**
 * Observes the database: every INSERT into audit_events the app's Kysely runs (a batch, or a
 * single row), optionally held back `delay` ms first, as a busy database would, so that
 * concurrency is certain rather than left to the machine's speed.
 */
function observeAuditInserts(db: Kysely<Schema>): { statements: CompiledQuery[]; delay: number } {
  const observed = { statements: [] as CompiledQuery[], delay: 0 };
  const executor = db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  executor.executeQuery = (async (query: CompiledQuery) => {
    if (/^insert into "audit_events"/.test(query.sql)) {
      observed.statements.push(query);
      if (observed.delay > 0) await new Promise((resolve) => setTimeout(resolve, observed.delay));
    }
    return original(query);
  }) as typeof executor.executeQuery;
  return observed;
}

function claimsOf(idToken: string): { event_id: string; origin_jti: string; sub: string } {
  return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    event_id: string;
    origin_jti: string;
    sub: string;
  };
}

function event(userAgent: string, login = 'someone'): SecurityEvent {
  return {
    kind: 'sign-in.failed',
    user: null,
    login,
    flow: 'password',
    reason: { type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    client: { ip: '192.0.2.7', userAgent },
  };
}

describe.each(databases)('security events written in batches on $name', ({ postgres }) => {
  let t: IdentityTestServer;
  let observed: ReturnType<typeof observeAuditInserts>;

  beforeAll(async () => {
    t = await startIdentityServer({}, { postgres });
    observed = observeAuditInserts(t.server.app.database.db);
    await t.createUser(EMAIL);
  });
  afterAll(() => t.close());

  it('concurrent sign-ins share INSERT statements, and each has exactly its own row', async () => {
    const db = t.server.app.database.db;
    observed.statements.length = 0;
    observed.delay = 100;
    const signIns = await Promise.all(Array.from({ length: 24 }, () => t.signIn(EMAIL)));
    observed.delay = 0;

    const rows = await db
      .selectFrom('audit_events')
      .select(['event_type', 'actor', 'actor_email', 'subject', 'details', 'ip', 'user_agent', 'origin_jti', 'event_id'])
      .where('event_type', '=', 'customer.login')
      .where('actor_email', '=', EMAIL)
      .execute();
    expect(rows).toHaveLength(signIns.length);
    const claims = signIns.map((tokens) => claimsOf(tokens.IdToken));
    expect(rows.map((row) => row.event_id).sort()).toEqual(claims.map((claim) => claim.event_id).sort());
    // Each row exactly as a sign-in's event was written one statement a row.
    const bySession = new Map(rows.map((row) => [row.origin_jti, row]));
    for (const claim of claims) {
      expect(bySession.get(claim.origin_jti)).toEqual({
        event_type: 'customer.login',
        actor: claim.sub,
        actor_email: EMAIL,
        subject: EMAIL,
        details: { provider: 'password', flow: 'password' },
        ip: '127.0.0.1',
        user_agent: expect.any(String) as string,
        origin_jti: claim.origin_jti,
        event_id: claim.event_id,
      });
    }
    expect(observed.statements.length).toBeGreaterThan(0);
    expect(observed.statements.length).toBeLessThan(signIns.length);
  });

  it('a row the database refuses fails only its own caller; the rest of its batch is stored', async () => {
    const db = t.server.app.database.db;
    const report = recorders.at(-1);
    if (!report) throw new Error('the app built no security event recorder');
    observed.statements.length = 0;
    // jsonb refuses \u0000: this event's details cannot be stored.
    const events = ['ok-1', 'ok-2', 'bad', 'ok-3', 'ok-4'].map((tag) =>
      event(`batch-${tag}`, tag === 'bad' ? 'bad\u0000name' : `name-${tag}`),
    );
    const results = await Promise.allSettled(events.map((each) => report(each)));

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const stored = await db
      .selectFrom('audit_events')
      .select(['user_agent', 'details', 'ip', 'actor', 'actor_email', 'subject'])
      .where('user_agent', 'like', 'batch-%')
      .orderBy('user_agent')
      .execute();
    expect(stored).toEqual(
      ['ok-1', 'ok-2', 'ok-3', 'ok-4'].map((tag) => ({
        user_agent: `batch-${tag}`,
        details: {
          flow: 'password',
          reason: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
          login: `name-${tag}`,
        },
        ip: '192.0.2.7',
        actor: 'unknown',
        actor_email: null,
        subject: null,
      })),
    );
    // One statement for the five, refused; then each row on its own.
    expect(observed.statements).toHaveLength(1 + events.length);
  });

  it('a statement carries at most 200 rows', async () => {
    const report = recorders.at(-1);
    if (!report) throw new Error('the app built no security event recorder');
    observed.statements.length = 0;
    await Promise.all(Array.from({ length: 450 }, (_, index) => report(event(`many-${index}`))));
    // One array a column: the first parameter holds one value a row.
    expect(observed.statements.map((statement) => (statement.parameters[0] as unknown[]).length)).toEqual([200, 200, 50]);
    const { count } = await t.server.app.database.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_agent', 'like', 'many-%')
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(450);
  });
});

describe.each(databases)('closing the app on $name', ({ postgres }) => {
  it('writes the queued security events before the database closes', async () => {
    const fresh = postgres ? undefined : await freshDataDir('hireassist-batch-close-');
    const dataDir = fresh?.dataDir;
    const t = await startIdentityServer({}, postgres ? { postgres } : { dataDir: dataDir ?? '' });
    try {
      const db = t.server.app.database.db;
      const { schema } = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0] ?? {
        schema: '',
      };
      const observed = observeAuditInserts(db);
      const report = recorders.at(-1);
      if (!report) throw new Error('the app built no security event recorder');
      // Held back long enough that the app is closing while the rows are still queued or being written.
      observed.delay = 200;
      let settled = 0;
      const pending = Array.from({ length: 6 }, (_, index) => report(event(`closing-${index}`)).finally(() => settled++));
      await t.server.app.close();
      expect(settled).toBe(pending.length);
      await Promise.all(pending);

      const count = await countClosingRows(postgres, dataDir, schema);
      expect(count).toBe(pending.length);
    } finally {
      await t.close();
      await fresh?.dispose();
    }
  });
});

/** The rows written before the close, read from a new connection to the closed app's database. */
async function countClosingRows(postgres: boolean, dataDir: string | undefined, schema: string): Promise<number> {
  if (postgres) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>(
        `select count(*) as count from ${schema}.audit_events where user_agent like 'closing-%'`,
      );
      return Number(rows[0]?.count);
    } finally {
      await client.end();
    }
  }
  const reopened = await openDatabase({ kind: 'pglite', dataDir: dataDir ?? '' });
  try {
    const { count } = await reopened.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_agent', 'like', 'closing-%')
      .executeTakeFirstOrThrow();
    return Number(count);
  } finally {
    await reopened.close();
  }
}
