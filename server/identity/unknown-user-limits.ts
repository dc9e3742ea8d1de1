import type { CodeDeliveryDetailsType } from '@aws-sdk/client-cognito-identity-provider';
import { sql, type Kysely } from 'kysely';
import type { IdentityCodePurpose, Schema } from '../db/schema.ts';
import { EvenTiming } from '../http/even-timing.ts';
import { hashToken } from './codes.ts';
import { attemptLimit, codeMismatch, expiredCode, type CognitoError } from './errors.ts';
import { lengthenedLock, nextFailureCount } from './lockout.ts';
import type { IdentityService } from './service.ts';
import { CODE_LIFETIME_MS, deliveryDetails, hourlySend, MAX_CODE_ATTEMPTS, sendOrKeepCode, stillUsable } from './verification.ts';

/** A name as its rows know it: hashed (the names tried are often real people's addresses), any case. */
export const loginHash = (login: string) => hashToken(`unknown-login:${login.toLowerCase()}`);

/** What a code request gets under the hourly limit and pace (`UnknownUserLimits.allowCodeSend`). */
export type CodeSendOutcome = 'send' | 'keep' | 'refuse';

/**
 * The limits a real account meets (sign-in lockout, codes an hour, wrong guesses of a code),
 * applied to names that are no account, so meeting a limit tells a guesser nothing about who
 * exists; and the time a real code send takes, so a pretend one can take as long. The counts
 * are in the database, as an account's are (migration 23), so that several instances count
 * as one; each is changed in one statement, so parallel requests each count.
 */
export class UnknownUserLimits {
  /** A real code send against a pretend one (or one that keeps the code already mailed). */
  readonly codeSends: EvenTiming;

  constructor(private readonly db: Kysely<Schema>) {
    this.codeSends = new EvenTiming('identity.code-send', db);
  }

  async isLocked(login: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('identity_unknown_logins')
      .select('locked_until')
      .where('login_hash', '=', loginHash(login))
      .executeTakeFirst();
    return (row?.locked_until?.getTime() ?? 0) > now;
  }

  /** Counts a failed sign-in as `recordFailure` (sign-in.ts) does for a real account. */
  async recordFailure(login: string, now: number): Promise<void> {
    const login_hash = loginHash(login);
    const at = new Date(now);
    const { failed_sign_ins: failures } = await this.db
      .insertInto('identity_unknown_logins')
      .values({ login_hash, failed_sign_ins: 1, last_failed_sign_in_at: at, locked_until: null, touched_at: at })
      .onConflict((conflict) =>
        conflict.column('login_hash').doUpdateSet({
          failed_sign_ins: nextFailureCount('identity_unknown_logins', now),
          last_failed_sign_in_at: at,
          touched_at: at,
        }),
      )
      .returning('failed_sign_ins')
      .executeTakeFirstOrThrow();
    const lock = lengthenedLock('identity_unknown_logins', failures, now);
    if (lock) {
      await this.db
        .updateTable('identity_unknown_logins')
        .set({ locked_until: lock })
        .where('login_hash', '=', login_hash)
        .execute();
    }
  }

  /**
   * Counts a code sent, as `sendOrKeepCode` does: 'send' when counted; else, nothing counted,
   * 'keep' where a real account keeps the code it was mailed last (within the pace of that
   * send) and 'refuse' where it would be refused (that code dead). An unconfirmed account
   * always had one sign-up code mailed: so has a name first seen asking for another.
   */
  async allowCodeSend(login: string, purpose: IdentityCodePurpose, now: number, paced: boolean): Promise<CodeSendOutcome> {
    const at = new Date(now);
    const send = hourlySend(
      'identity_unknown_codes',
      now,
      paced,
      (before) => sql<boolean>`identity_unknown_codes.sent_at <= ${before}`,
    );
    const counted = await this.db
      .insertInto('identity_unknown_codes')
      .values({
        login_hash: loginHash(login),
        purpose,
        sends: purpose === 'signup' ? 2 : 1,
        sends_window_started_at: at,
        sent_at: at,
        guesses: 0,
        touched_at: at,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['login_hash', 'purpose'])
          .doUpdateSet({
            sends: send.sends,
            sends_window_started_at: send.windowStartedAt,
            sent_at: at,
            guesses: 0,
            touched_at: at,
          })
          .where(send.admitted),
      )
      .returning('sends')
      .executeTakeFirst();
    if (counted !== undefined) return 'send';
    const current = await this.db
      .selectFrom('identity_unknown_codes')
      .select('guesses')
      .where('login_hash', '=', loginHash(login))
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    return current !== undefined && stillUsable(current.guesses) ? 'keep' : 'refuse';
  }

  /**
   * What `consumeCode` answers a wrong guess for a real account: no code sent (or an expired
   * one) is ExpiredCodeException, a guess past the limit LimitExceededException, else
   * CodeMismatchException.
   */
  async wrongGuess(login: string, purpose: IdentityCodePurpose, now: number): Promise<CognitoError> {
    const login_hash = loginHash(login);
    const at = new Date(now);
    if (purpose === 'signup') {
      // The sign-up code every unconfirmed account was mailed, "sent" when the name is first seen.
      await this.db
        .insertInto('identity_unknown_codes')
        .values({ login_hash, purpose, sends: 1, sends_window_started_at: at, sent_at: at, guesses: 0, touched_at: at })
        .onConflict((conflict) => conflict.columns(['login_hash', 'purpose']).doNothing())
        .execute();
    }
    const code = await this.db
      .updateTable('identity_unknown_codes')
      .set((eb) => ({ guesses: eb('guesses', '+', 1), touched_at: at }))
      .where('login_hash', '=', login_hash)
      .where('purpose', '=', purpose)
      .where('sent_at', 'is not', null)
      .returning(['guesses', 'sent_at'])
      .executeTakeFirst();
    if (code?.sent_at == null) return expiredCode();
    if (code.guesses > MAX_CODE_ATTEMPTS) return attemptLimit();
    if (code.sent_at.getTime() + CODE_LIFETIME_MS[purpose] <= now) return expiredCode();
    return codeMismatch();
  }
}

const perService = new WeakMap<IdentityService, UnknownUserLimits>();

/** The pretend limits of one identity service. */
export function unknownUserLimits(service: IdentityService): UnknownUserLimits {
  let limits = perService.get(service);
  if (limits === undefined) {
    limits = new UnknownUserLimits(service.db);
    perService.set(service, limits);
  }
  return limits;
}

/**
 * The answer to a code request for a name that is no account: the hourly limit and about
 * the time of a real send, and the destination masked as for an account.
 */
export async function pretendCodeDelivery(
  service: IdentityService,
  login: string,
  purpose: IdentityCodePurpose,
  paced: boolean,
): Promise<CodeDeliveryDetailsType> {
  const started = performance.now();
  const pretend = unknownUserLimits(service);
  if ((await pretend.allowCodeSend(login, purpose, service.clock.now(), paced)) === 'refuse') throw attemptLimit();
  await pretend.codeSends.padQuicker(started);
  return deliveryDetails(login);
}

/**
 * `sendCode` for an account, timed so that a pretend delivery takes about as long, and a
 * request that keeps the code already mailed as long as a send.
 */
export function timedSendCode(...args: Parameters<typeof sendOrKeepCode>): Promise<CodeDeliveryDetailsType> {
  return timedSend(args[0], () => sendOrKeepCode(...args));
}

/**
 * A code request that mails (a code, or the mail that goes instead of one) or keeps the last
 * mail in force, timed as `timedSendCode` is: a mailing notes its time, a keeping waits as long.
 */
export async function timedSend(
  service: IdentityService,
  send: () => Promise<{ details: CodeDeliveryDetailsType; mailed: boolean }>,
): Promise<CodeDeliveryDetailsType> {
  const started = performance.now();
  const { details, mailed } = await send();
  const limits = unknownUserLimits(service);
  if (mailed) limits.codeSends.noteSlower(started);
  else await limits.codeSends.padQuicker(started);
  return details;
}
