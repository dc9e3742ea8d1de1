import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { SECOND } from './clock.ts';
import type { CognitoError } from './errors.ts';
import { checksAllowed } from './lockout.ts';
import type { IdentityService } from './service.ts';
import { loginHash } from './unknown-user-limits.ts';

/** Whose lockout a password check counts against: an account, or a name that is no account. */
type CheckHolder = { sub: string } | { login: string };

/**
 * How long a claim counts. A check takes tens of milliseconds; a claim this old was left by an
 * instance that died mid-check, and must not hold its holder's budget for good.
 */
export const CLAIM_MS = 3 * SECOND;
/** How long an attempt over the budget waits for the checks in flight: past CLAIM_MS, so an orphaned claim only delays. */
const WAIT_MS = CLAIM_MS + SECOND;
/**
 * How often a waiting attempt tries its claim again when nothing on its own instance ends
 * first: a claim this instance releases wakes its waiters at once (releasedHere); one that
 * another instance releases is seen at the next try.
 */
const RETRY_MS = 50;

type Claim = { id: string } | 'locked' | 'busy';

/**
 * Runs `check` (a password's check, and the failure counted when it fails) under a claim on
 * its holder's lockout budget, kept in the database so that every instance counts it: a check
 * starts only while the holder is not locked and its recent failures plus the checks in flight
 * leave room (checksAllowed). Counting checks in flight apart from failures holds a burst of
 * guesses sent at once to the free failures, where counting failures only after their check
 * let every guess of the burst be checked before the lock landed, and counting each attempt
 * as a failure before its check locked out a user's own parallel sign-ins. An attempt over the
 * budget waits for the checks in flight, then goes on, or answers `locked()` as a locked
 * account does when the lock they earned has landed or no room came. A name that is no account
 * takes the same steps, so neither answers nor timings tell who exists.
 */
export async function withPasswordCheck<T>(
  service: IdentityService,
  holder: CheckHolder,
  locked: () => CognitoError,
  check: () => Promise<T>,
): Promise<T> {
  const key = 'sub' in holder ? holder.sub : loginHash(holder.login);
  const deadline = performance.now() + WAIT_MS;
  const arrived = service.clock.now();
  let claim = await claimCheck(service, key, holder, arrived, arrived);
  while (claim === 'busy' && performance.now() < deadline) {
    await releasedHere(service, key, RETRY_MS);
    claim = await claimCheck(service, key, holder, arrived, service.clock.now());
  }
  if (typeof claim === 'string') throw locked();
  try {
    return await check();
  } finally {
    // After the failure is counted (inside `check`): a claimer that finds this row gone sees it.
    await service.db.deleteFrom('identity_password_checks').where('id', '=', claim.id).execute();
    wakeWaiters(service, key);
  }
}

/** Per instance (its identity service): the waiters for each holder's claims, woken when one of this instance's ends. */
const waiting = new WeakMap<IdentityService, Map<string, Set<() => void>>>();

/** Resolves when a claim of `key` ends on this instance, or after `ms` (a claim of another instance may have ended). */
async function releasedHere(service: IdentityService, key: string, ms: number): Promise<void> {
  const byKey = waiting.get(service) ?? new Map<string, Set<() => void>>();
  waiting.set(service, byKey);
  const waiters = byKey.get(key) ?? new Set<() => void>();
  byKey.set(key, waiters);
  const timer = new AbortController();
  let wake = () => {};
  try {
    await Promise.race([
      sleep(ms, undefined, { signal: timer.signal }),
      new Promise<void>((resolve) => waiters.add((wake = resolve))),
    ]);
  } finally {
    // The timer's promise, if a release came first, rejects unseen: the race has settled.
    timer.abort();
    waiters.delete(wake);
    if (waiters.size === 0) byKey.delete(key);
  }
}

function wakeWaiters(service: IdentityService, key: string): void {
  for (const wake of waiting.get(service)?.get(key) ?? []) wake();
}

/**
 * A claim for an attempt that arrived at `arrived`, tried at `now`: 'locked' when a lock has been
 * in force since the attempt arrived (one that landed while it waited and has passed already
 * counts too: the waiter met it, however late its next try), 'busy' when no room is left.
 */
async function claimCheck(
  service: IdentityService,
  key: string,
  holder: CheckHolder,
  arrived: number,
  now: number,
): Promise<Claim> {
  return service.db.transaction().execute(async (trx) => {
    // One claimer per holder at a time on every instance, so the count stays true until the insert.
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    await trx
      .deleteFrom('identity_password_checks')
      .where('holder', '=', key)
      .where('started_at', '<=', new Date(now - CLAIM_MS))
      .execute();
    const { inFlight } = await trx
      .selectFrom('identity_password_checks')
      .select((eb) => eb.fn.countAll<string>().as('inFlight'))
      .where('holder', '=', key)
      .executeTakeFirstOrThrow();
    // Read after the count: a check that ended since, and so was not counted, has its failure
    // committed before its claim was deleted, so this read sees it (each statement sees what
    // was committed when it began). Read before the count, such a check would be in neither.
    const lockout = await readLockout(trx, holder, key);
    if ((lockout?.locked_until?.getTime() ?? 0) > arrived) return 'locked';
    const allowed = checksAllowed(lockout?.failed_sign_ins ?? 0, lockout?.last_failed_sign_in_at ?? null, now);
    if (Number(inFlight) >= allowed) return 'busy';
    const id = randomUUID();
    await trx
      .insertInto('identity_password_checks')
      .values({ id, holder: key, started_at: new Date(now) })
      .execute();
    return { id };
  });
}

/** The holder's failure count and lock: an account's row, or the row a name that is no account has once it failed. */
function readLockout(trx: Transaction<Schema>, holder: CheckHolder, key: string) {
  const columns = ['failed_sign_ins', 'last_failed_sign_in_at', 'locked_until'] as const;
  return 'sub' in holder
    ? trx.selectFrom('identity_users').select(columns).where('sub', '=', key).executeTakeFirst()
    : trx.selectFrom('identity_unknown_logins').select(columns).where('login_hash', '=', key).executeTakeFirst();
}
