import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { RateLimitStore } from '../../http/rate-limit/store.ts';

/**
 * Failed admin logins allowed in the last hour. Strangers: 10 per address (an IPv6 client's
 * whole /64) before that address is refused; past 100 from everywhere together, every further
 * stranger's attempt is slowed (one at a time for every instance together, `slowDownMs` apart), not refused,
 * so a flood cannot lock the operator out. A known device (see known-device.ts) is exempt from
 * both and has a budget of its own, so a stolen device cookie buys no unlimited guessing.
 * Failures are rows in the database, shared by every instance and kept when Redis is down;
 * each attempt is counted before its password is checked (`admitLogin`).
 */
export const ADMIN_LOGIN_LIMITS = {
  perIpPerHour: 10,
  globalPerHour: 100,
  perDevicePerHour: 10,
  windowMs: 60 * 60 * 1000,
  slowDownMs: 2000,
  /** Strangers waiting in the slow lane, every instance's together; more are told to come back in seconds. */
  slowLaneMax: 10,
} as const;

export type LoginBlock = { retryAfterSeconds: number };

/** What the limits say about one attempt before its password is checked. */
export interface LoginAssessment {
  /** The known device this attempt comes from, while it is within its own budget. */
  device: string | undefined;
  /** Set when the attempt is refused: its address failed too often this hour. */
  block: LoginBlock | undefined;
  /** True when strangers have failed so often this hour that this one must be slowed. */
  slowDown: boolean;
}

export async function assessLogin(
  db: Kysely<Schema>,
  attempt: { address: string; device: string | undefined },
  now = new Date(),
): Promise<LoginAssessment> {
  const since = new Date(now.getTime() - ADMIN_LOGIN_LIMITS.windowMs);
  const device = attempt.device ?? null;
  const counts = await db
    .selectFrom('admin_login_attempts')
    .select([
      sql<number>`(count(*) filter (where device is null))::integer`.as('stranger_failures'),
      sql<number>`(count(*) filter (where device is null and ip = ${attempt.address}))::integer`.as('ip_failures'),
      sql<Date | null>`min(created_at) filter (where device is null and ip = ${attempt.address})`.as('oldest_ip_failure'),
      sql<number>`(count(*) filter (where device = ${device}))::integer`.as('device_failures'),
    ])
    .where('outcome', '=', 'failed')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (attempt.device !== undefined && counts.device_failures < ADMIN_LOGIN_LIMITS.perDevicePerHour) {
    return { device: attempt.device, block: undefined, slowDown: false };
  }
  if (counts.ip_failures >= ADMIN_LOGIN_LIMITS.perIpPerHour) {
    const oldest = counts.oldest_ip_failure?.getTime() ?? now.getTime();
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + ADMIN_LOGIN_LIMITS.windowMs - now.getTime()) / 1000));
    return { device: undefined, block: { retryAfterSeconds }, slowDown: false };
  }
  return { device: undefined, block: undefined, slowDown: counts.stranger_failures >= ADMIN_LOGIN_LIMITS.globalPerHour };
}

/** An attempt let through to its password check, already counted as failed (its row). */
export interface AdmittedLogin {
  attemptId: number;
  /** The known device it is counted against, while within the device's own budget. */
  device: string | undefined;
}

/**
 * Assesses an attempt and, when it may go on, counts it as failed before its password is
 * checked: one transaction under a lock every instance takes, so attempts sent together, to one
 * instance or to several, each see those before them, and no more than the limits allow are
 * ever checked. Counted after the check, parallel guesses all passed the assessment first (one
 * more per instance). A right password turns its row into a success (`recordLoginSuccess`); an
 * attempt whose check never ended (a crash) stays counted: it may have been a guess.
 */
export async function admitLogin(
  db: Kysely<Schema>,
  attempt: { address: string; device: string | undefined },
): Promise<AdmittedLogin | { block: LoginBlock }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('admin login attempts'))`.execute(trx);
    const assessed = await assessLogin(trx, attempt);
    if (assessed.block) return { block: assessed.block };
    const { id } = await trx
      .insertInto('admin_login_attempts')
      .values({ ip: attempt.address, outcome: 'failed', device: assessed.device ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { attemptId: id, device: assessed.device };
  });
}

/** The admitted attempt's password was right: it no longer counts as a failure. */
export async function recordLoginSuccess(db: Kysely<Schema>, attempt: AdmittedLogin): Promise<void> {
  await db.updateTable('admin_login_attempts').set({ outcome: 'succeeded' }).where('id', '=', attempt.attemptId).execute();
}

export function loginBlockedMessage(block: LoginBlock): string {
  const minutes = Math.ceil(block.retryAfterSeconds / 60);
  return `Too many failed login attempts from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export const LOGIN_BUSY_MESSAGE = 'Admin login is busy because of many failed attempts. Try again in a few seconds.';

/**
 * The slow lane strangers wait in while login is under pressure: one turn every `slowDownMs`
 * for every instance together, at most `slowLaneMax` waiting; `enter` answers false when it is
 * full (the caller says "try again in a few seconds"). A turn is a slot of the clock, `delayMs`
 * long, taken by the one attempt whose hit on its key in the rate-limit store counts 1; an
 * attempt takes the first free slot at least `delayMs` ahead, among the `capacity` slots that
 * start after now (a crowd arriving at once mid-slot gets `capacity - 1` turns: the nearest slot
 * is too near). Slots are taken in order, so each instance remembers the last one it found
 * taken and never asks about an earlier one again: a full lane refuses without a round trip.
 */
export function createSlowLane(
  store: RateLimitStore,
  {
    delayMs = ADMIN_LOGIN_LIMITS.slowDownMs,
    capacity = ADMIN_LOGIN_LIMITS.slowLaneMax,
    now: clock = Date.now,
  }: { delayMs?: number; capacity?: number; now?: () => number } = {},
) {
  let lastTaken = 0;
  // A slot's key outlives every wait for it.
  const keptMs = (capacity + 2) * delayMs;
  return {
    async enter(): Promise<boolean> {
      const now = clock();
      const first = Math.ceil((now + delayMs) / delayMs);
      // Whoever holds a slot after now is still waiting, even one taken before the last slot
      // boundary (less than `delayMs` ahead now, so out of this attempt's reach): counted from
      // now, not from `first`, a lane filled just before a boundary took one more just after it.
      const last = Math.floor(now / delayMs) + capacity;
      for (let slot = Math.max(first, lastTaken + 1); slot <= last; slot++) {
        const { count } = await store.hit(`admin-login:slow-lane:${slot}`, keptMs, now);
        lastTaken = Math.max(lastTaken, slot);
        if (count === 1) {
          await sleep(slot * delayMs - clock());
          return true;
        }
      }
      return false;
    },
  };
}
