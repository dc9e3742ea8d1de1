import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../db/database.ts';
import type { Schema } from '../db/schema.ts';
import { SECOND } from './clock.ts';
import { checkRoomRule } from './lockout.ts';

/**
 * How long a claim counts. A check takes tens of milliseconds; a claim this old was left by an
 * instance that died mid-check (or by a check that hung), and must not hold its holder's budget
 * for good.
 */
export const CLAIM_MS = 3 * SECOND;

/** Whose budget a claim is on: an account's sub, or the hash of a name that is no account. */
export interface ClaimHolder {
  key: string;
  account: boolean;
}

/**
 * A claim for an attempt that arrived at `arrived`, tried at `now`: 'locked' when a lock has been
 * in force since the attempt arrived (one that landed while it waited and has passed already
 * counts too: the waiter met it, however late its next try), 'busy' when no room is left.
 */
export type Claim = { id: string } | 'locked' | 'busy';

/**
 * The claims of the password checks in flight (password-checks.ts), one per check, counted
 * beside the holder's failures. In the database, claims older than CLAIM_MS no longer count (an
 * instance died holding them); in memory, every claim counts until its check ends. Whatever holds the
 * claims, the holder's lockout is read from the database after its claims in flight are counted:
 * a check that ended since, and so was not counted, committed its failure before it released
 * its claim, so the read sees it. Read before the count, such a check would be in neither.
 */
export interface PasswordClaims {
  claim(holder: ClaimHolder, arrived: number, now: number): Promise<Claim>;
  release(holder: ClaimHolder, claim: { id: string }): Promise<void>;
}

/**
 * Claims in the database on PostgreSQL, which every instance shares, so a burst spread over
 * instances meets one budget; in memory on PGlite, which only the one process that embeds it
 * can open, and whose statements all wait their turn on that process's one connection.
 */
export function createPasswordClaims(kind: DatabaseKind, db: Kysely<Schema>): PasswordClaims {
  return kind === 'postgres' ? postgresPasswordClaims(db) : memoryPasswordClaims(db);
}

/**
 * Rows of `identity_password_checks`, one statement to claim (identity_claim_password_check,
 * migration 31, which takes one claimer per holder at a time on every instance) and one to
 * release. A claim an instance left when it died is deleted by the next claim for its holder.
 */
function postgresPasswordClaims(db: Kysely<Schema>): PasswordClaims {
  return {
    async claim(holder, arrived, now) {
      const id = randomUUID();
      const { quietSince, freeFailures } = checkRoomRule(now);
      const { rows } = await sql<{ claim: 'claimed' | 'locked' | 'busy' }>`select identity_claim_password_check(
        ${id}::uuid, ${holder.key}::text, ${holder.account}::boolean, ${new Date(arrived)}::timestamptz,
        ${new Date(now)}::timestamptz, ${new Date(now - CLAIM_MS)}::timestamptz, ${quietSince}::timestamptz,
        ${freeFailures}::integer
      ) as claim`.execute(db);
      const claim = rows[0]?.claim;
      if (claim === undefined) throw new Error('PostgreSQL answered a password check claim without its outcome');
      return claim === 'claimed' ? { id } : claim;
    },
    async release(_holder, { id }) {
      await db.deleteFrom('identity_password_checks').where('id', '=', id).execute();
    },
  };
}

/**
 * Claims in this process's memory, and one statement a claim: the holder's room
 * (identity_password_check_room, the rule PostgreSQL's claims use). Claimers of one holder take
 * turns, as PostgreSQL's advisory lock makes them, so the count stays true until the claim is
 * added: between them lies the read of the room.
 */
function memoryPasswordClaims(db: Kysely<Schema>): PasswordClaims {
  /** Per holder: the ids of its claims in flight. */
  const claims = new Map<string, Set<string>>();
  /** Per holder: the end of the last claimer's turn. */
  const turns = new Map<string, Promise<void>>();
  return {
    async claim(holder, arrived, now) {
      const previous = turns.get(holder.key);
      let done = () => {};
      const turn = new Promise<void>((resolve) => (done = resolve));
      turns.set(holder.key, turn);
      try {
        await previous;
        // No claim here goes stale: each ends with its check (withPasswordCheck's finally), and no
        // other instance can die holding one. A check that a busy machine slows past CLAIM_MS still
        // counts, where expiring it would let one more guess be checked.
        const held = claims.get(holder.key) ?? new Set<string>();
        const inFlight = held.size;
        const { quietSince, freeFailures } = checkRoomRule(now);
        const { rows } = await sql<{ room: number }>`select identity_password_check_room(
          ${holder.key}::text, ${holder.account}::boolean, ${new Date(arrived)}::timestamptz, ${quietSince}::timestamptz,
          ${freeFailures}::integer
        ) as room`.execute(db);
        const room = rows[0]?.room;
        if (room === undefined) throw new Error('The database answered a password check room without its size');
        if (room === 0) return 'locked';
        if (inFlight >= room) return 'busy';
        const id = randomUUID();
        claims.set(holder.key, held.add(id));
        return { id };
      } finally {
        done();
        if (turns.get(holder.key) === turn) turns.delete(holder.key);
      }
    },
    release(holder, { id }) {
      const held = claims.get(holder.key);
      held?.delete(id);
      if (held?.size === 0) claims.delete(holder.key);
      return Promise.resolve();
    },
  };
}
