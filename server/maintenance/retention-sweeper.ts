import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { RetentionConfig } from './config.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows one DELETE removes: short statements, short row locks, whatever the backlog. */
const BATCH = 500;
/** Batches per table per sweep: a huge backlog is worked off over several sweeps. */
const MAX_BATCHES = 200;
/**
 * Expired sessions and admin tokens, and revoked ones, are kept a day: longer than any
 * access token issued from them lives, so a token never meets a missing row before it expires.
 */
const TOKEN_GRACE_MS = DAY_MS;
/** Admin login attempts are kept a day: longer than any login-limit window counts them. */
const LOGIN_ATTEMPTS_KEPT_MS = DAY_MS;
/**
 * A name that is no account keeps its pretend lockout and codes two days after it was last
 * tried: longer than any lock (15 min), send window (1 h) or code (a day) they stand in for,
 * so a sweep never makes its answers differ from an account's.
 */
const UNKNOWN_NAMES_KEPT_MS = 2 * DAY_MS;
/**
 * A password check's claim is deleted when its check ends, and stops counting a few seconds
 * after it began (identity/password-checks.ts); one whose instance died mid-check, for a
 * holder nobody tries again, is deleted here. An hour: far past any check, whatever the clocks.
 */
const PASSWORD_CHECKS_KEPT_MS = 60 * 60 * 1000;

/** One kind of row that nobody needs once `condition` holds; `key` names each row for the batched delete. */
interface Rule {
  name: string;
  table: keyof Schema;
  key: readonly string[];
  condition: (now: Date, config: RetentionConfig) => RawBuilder<unknown>;
}

const RULES: readonly Rule[] = [
  {
    name: 'oauth requests',
    table: 'identity_oauth_requests',
    key: ['id'],
    condition: (now) => sql`expires_at <= ${now}`,
  },
  { name: 'oauth codes', table: 'identity_oauth_codes', key: ['code_hash'], condition: (now) => sql`expires_at <= ${now}` },
  {
    name: 'hosted sessions',
    table: 'identity_hosted_sessions',
    key: ['id_hash'],
    condition: (now) => sql`expires_at <= ${now}`,
  },
  // Used codes are deleted when used; what is left here has expired (dead ones included),
  // and its hourly send window has ended with it.
  {
    name: 'verification codes',
    table: 'identity_codes',
    key: ['user_sub', 'purpose'],
    condition: (now) => sql`expires_at <= ${now}`,
  },
  {
    name: 'unconfirmed users',
    table: 'identity_users',
    key: ['sub'],
    condition: (now, config) =>
      sql`status = 'UNCONFIRMED' and created_at <= ${new Date(now.getTime() - config.unconfirmedUserMaxAgeMs)}`,
  },
  {
    name: 'expired sessions',
    table: 'identity_sessions',
    key: ['id'],
    condition: (now) => sql`expires_at <= ${new Date(now.getTime() - TOKEN_GRACE_MS)}`,
  },
  {
    name: 'revoked sessions',
    table: 'identity_sessions',
    key: ['id'],
    condition: (now) => sql`revoked_at <= ${new Date(now.getTime() - TOKEN_GRACE_MS)}`,
  },
  {
    name: 'expired admin tokens',
    table: 'admin_tokens',
    key: ['selector'],
    condition: (now) => sql`expires_at <= ${new Date(now.getTime() - TOKEN_GRACE_MS)}`,
  },
  {
    name: 'revoked admin tokens',
    table: 'admin_tokens',
    key: ['selector'],
    condition: (now) => sql`revoked_at <= ${new Date(now.getTime() - TOKEN_GRACE_MS)}`,
  },
  {
    name: 'admin login attempts',
    table: 'admin_login_attempts',
    key: ['id'],
    condition: (now) => sql`created_at <= ${new Date(now.getTime() - LOGIN_ATTEMPTS_KEPT_MS)}`,
  },
  {
    name: 'unknown-name lockouts',
    table: 'identity_unknown_logins',
    key: ['login_hash'],
    condition: (now) => sql`touched_at <= ${new Date(now.getTime() - UNKNOWN_NAMES_KEPT_MS)}`,
  },
  {
    name: 'orphaned password checks',
    table: 'identity_password_checks',
    key: ['id'],
    condition: (now) => sql`started_at <= ${new Date(now.getTime() - PASSWORD_CHECKS_KEPT_MS)}`,
  },
  {
    name: 'unknown-name codes',
    table: 'identity_unknown_codes',
    key: ['login_hash', 'purpose'],
    condition: (now) => sql`touched_at <= ${new Date(now.getTime() - UNKNOWN_NAMES_KEPT_MS)}`,
  },
  // Expired at once: a window that has ended counts nothing (a hit opens a new one).
  {
    name: 'rate-limit windows',
    table: 'rate_limit_windows',
    key: ['key_hash'],
    condition: (now) => sql`ends_at <= ${now}`,
  },
];

export interface RetentionSweeper {
  /** Deletes what has outlived its use, as of `nowMs`; returns the rows deleted per rule. */
  sweep(nowMs?: number): Promise<Record<string, number>>;
  /** Sweeps every interval (the first time after a random part of it) until `stop`. */
  start(): void;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Keeps what anonymous callers can create (hosted sign-in requests, codes, unconfirmed
 * sign-ups, login attempts, names that are no account, orphaned password checks, rate-limit
 * windows) from growing without bound. Every instance runs one; two sweeping at once is safe
 * and cheap: each batch is an idempotent `DELETE … WHERE key IN (SELECT key … LIMIT n)`, so a
 * row is deleted once whoever gets to it first, and a batch another instance already took
 * simply finds fewer rows.
 */
export function createRetentionSweeper(options: {
  db: Kysely<Schema>;
  log: FastifyBaseLogger;
  config: RetentionConfig;
  now: () => number;
}): RetentionSweeper {
  const { db, log, config } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function deleteAll(rule: Rule, now: Date): Promise<number> {
    const table = sql.table(rule.table);
    const key = sql.join(rule.key.map((column) => sql.ref(column)));
    let deleted = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      // The condition again outside: a row changed since the inner select (a rate-limit window
      // a hit just reopened, a name tried again) is checked anew by PostgreSQL and kept.
      const result = await sql`delete from ${table} where (${key}) in (
        select ${key} from ${table} where ${rule.condition(now, config)} limit ${BATCH}
      ) and ${rule.condition(now, config)}`.execute(db);
      const count = Number(result.numAffectedRows ?? 0n);
      deleted += count;
      if (count < BATCH) break;
    }
    return deleted;
  }

  async function sweep(nowMs = options.now()): Promise<Record<string, number>> {
    const now = new Date(nowMs);
    const deleted: Record<string, number> = {};
    for (const rule of RULES) deleted[rule.name] = await deleteAll(rule, now);
    const total = Object.values(deleted).reduce((sum, count) => sum + count, 0);
    if (total > 0) log.info({ deleted }, 'retention sweep deleted rows that had outlived their use');
    return deleted;
  }

  function tick(): void {
    if (running) return;
    running = sweep()
      .catch((error: unknown) => log.warn({ err: error }, 'retention sweep failed; the next one retries'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    sweep,
    start() {
      if (timer) return;
      // A random first delay spreads the sweeps of instances started together.
      timer = setTimeout(() => {
        tick();
        timer = setInterval(tick, config.intervalMs);
        timer.unref();
      }, Math.random() * config.intervalMs);
      timer.unref();
    },
    async stop() {
      clearTimeout(timer);
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
