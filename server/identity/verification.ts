import type { CodeDeliveryDetailsType } from '@aws-sdk/client-cognito-identity-provider';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { IdentityCodePurpose, Schema } from '../db/schema.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { DAY, HOUR, MINUTE } from './clock.ts';
import { hashCode, newCode, sameHash } from './codes.ts';
import { attemptLimit, codeMismatch, expiredCode } from './errors.ts';
import type { IdentityService } from './service.ts';
import { maskEmail } from './users.ts';

/** How long a mailed code stays valid, by purpose. */
export const CODE_LIFETIME_MS: Record<IdentityCodePurpose, number> = { signup: DAY, reset: HOUR, email: DAY };
/** Wrong guesses allowed for one code before it is dead (a new one must be requested). */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes sent for one purpose per hour, before sends are paced. */
export const MAX_CODE_SENDS_PER_HOUR = 5;
/**
 * Past the hourly limits, one new code may still be mailed for an account and purpose this
 * long after the last one; a request sooner is answered as a send, and the code mailed
 * last stays the valid one.
 *
 * Why not refuse: ForgotPassword and ResendConfirmationCode take only an address, so a
 * stranger could spend the hour's sends (and the address's mail quota) and the owner asking
 * for their own code would be refused, hour after hour. Paced, the owner always has a code
 * that works in their inbox: the one just mailed, which no request can replace within the
 * pace. The trade-off: an account gets up to one more mail per pace and purpose beyond the
 * hourly quotas, however many ask (a paced sign-up code still within its domain's and the
 * site's quotas, send-quota.ts), and a code killed by wrong guesses stays dead until the pace
 * has passed.
 */
export const CODE_RESEND_PACE_MS = 10 * MINUTE;

const MAILS: Record<IdentityCodePurpose, { subject: string; kind: string; text: (code: string) => string }> = {
  signup: {
    subject: 'Your HireAssist verification code',
    kind: 'signup-code',
    text: (code) => `Your verification code is ${code}. It is valid for 24 hours.`,
  },
  reset: {
    subject: 'Your HireAssist password reset code',
    kind: 'password-reset-code',
    text: (code) => `Your password reset code is ${code}. It is valid for 1 hour. If you did not ask for it, ignore this mail.`,
  },
  email: {
    subject: 'Verify your new HireAssist email address',
    kind: 'email-change-code',
    text: (code) => `Your verification code is ${code}. Your sign-in address changes once you enter it.`,
  },
};

/**
 * Counts a code mail to `destination` asked for from `clientAddress` against the site's mail
 * quotas (server/mail/send-quota.ts); LimitExceededException, and no mail, when over. Returns
 * whether the send is to be paced (`CODE_RESEND_PACE_MS`): the recipient's quota is spent.
 * An email-change code is refused then instead: it goes to an address that is not yet the
 * account's, so each account asking for one could pace mails of its own to the same address.
 * A reset code is mailed only to an account's verified email (ForgotPassword answers any
 * other name without mailing: users.ts, resettable), so it is outside the domain and site quotas.
 */
export async function admitCodeMail(
  service: IdentityService,
  clientAddress: string,
  destination: string,
  purpose: IdentityCodePurpose,
): Promise<boolean> {
  const admission = await service.mailQuota.admit(
    { to: destination, clientAddress, toProvenAddress: purpose === 'reset' },
    service.clock.now(),
  );
  if (admission === 'refused' || (admission === 'paced' && purpose === 'email')) throw attemptLimit();
  return admission === 'paced';
}

/**
 * Where a code went, masked. Lower-cased first, so the answer for an unknown name typed as
 * `Ann@X.com` is the same as the one for the stored `ann@x.com`.
 */
export function deliveryDetails(destination: string): CodeDeliveryDetailsType {
  return { Destination: maskEmail(destination.toLowerCase()), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

/**
 * A code row's hourly count of sends as an upsert updates it: a new window once the hour is
 * over, else one more; `admitted` is the upsert's condition (the window is over, or it has
 * room, or the last send is a pace old; `paced`: only the latter), so the check and the count
 * are one statement and parallel requests each count. `lastSentBefore(t)`: whether the row's
 * last send was at or before `t`.
 */
export function hourlySend(
  table: 'identity_codes' | 'identity_unknown_codes',
  now: number,
  paced: boolean,
  lastSentBefore: (at: Date) => RawBuilder<boolean>,
) {
  const sends = sql.ref(`${table}.sends`);
  const startedAt = sql.ref(`${table}.sends_window_started_at`);
  const windowOver = sql<boolean>`${startedAt} <= ${new Date(now - HOUR)}`;
  const paceOver = lastSentBefore(new Date(now - CODE_RESEND_PACE_MS));
  return {
    sends: sql<number>`case when ${windowOver} then 1 else ${sends} + 1 end`,
    windowStartedAt: sql<Date>`case when ${windowOver} then ${new Date(now)} else ${startedAt} end`,
    admitted: paced ? paceOver : sql<boolean>`${windowOver} or ${sends} < ${MAX_CODE_SENDS_PER_HOUR} or ${paceOver}`,
  };
}

/** Whether a code guessed `attempts` times can still be entered (the next guess is compared). */
export const stillUsable = (attempts: number) => attempts < MAX_CODE_ATTEMPTS;

/**
 * Replaces the user's code for `purpose` with a new one and queues the mail (in `executor`'s
 * transaction when it is one). At most MAX_CODE_SENDS_PER_HOUR sends an hour (none but paced
 * ones when `paced`), then one per CODE_RESEND_PACE_MS.
 */
export async function sendCode(
  service: IdentityService,
  user: { sub: string },
  purpose: IdentityCodePurpose,
  destination: string,
  options: CodeSendOptions = {},
): Promise<CodeDeliveryDetailsType> {
  return (await sendOrKeepCode(service, user, purpose, destination, options)).details;
}

interface CodeSendOptions {
  executor?: Kysely<Schema> | undefined;
  /** The recipient's mail quota is spent (`admitCodeMail`). */
  paced?: boolean | undefined;
  /**
   * A mail that goes in the code's place: the code is stored and counted as any other, so the
   * answer, the limits and the work are a send's, but nobody receives it (account-exists.ts).
   */
  instead?: OutgoingMail | undefined;
}

/**
 * `sendCode`, and whether it mailed: a sign-up or reset request within the pace of the last
 * send keeps that code, still usable, as the one in force and is answered as a send (the
 * address's owner has it); an email-change code may be for an earlier pending address, so
 * that request is refused instead.
 */
export async function sendOrKeepCode(
  service: IdentityService,
  user: { sub: string },
  purpose: IdentityCodePurpose,
  destination: string,
  { executor = service.db, paced = false, instead }: CodeSendOptions,
): Promise<{ details: CodeDeliveryDetailsType; mailed: boolean }> {
  const now = service.clock.now();
  const code = newCode();
  const at = new Date(now);
  const lifetime = CODE_LIFETIME_MS[purpose];
  // A code's expiry is its send time plus its lifetime.
  const send = hourlySend(
    'identity_codes',
    now,
    paced,
    (before) => sql<boolean>`identity_codes.expires_at <= ${new Date(before.getTime() + lifetime)}`,
  );
  const counted = await executor
    .insertInto('identity_codes')
    .values({
      user_sub: user.sub,
      purpose,
      code_hash: hashCode(user.sub, purpose, destination, code),
      expires_at: new Date(now + lifetime),
      failed_attempts: 0,
      sends: 1,
      sends_window_started_at: at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['user_sub', 'purpose'])
        .doUpdateSet((eb) => ({
          code_hash: eb.ref('excluded.code_hash'),
          expires_at: eb.ref('excluded.expires_at'),
          failed_attempts: 0,
          sends: send.sends,
          sends_window_started_at: send.windowStartedAt,
        }))
        .where(send.admitted),
    )
    .returning('sends')
    .executeTakeFirst();
  if (counted === undefined) {
    const current = await executor
      .selectFrom('identity_codes')
      .select('failed_attempts')
      .where('user_sub', '=', user.sub)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    if (purpose === 'email' || current === undefined || !stillUsable(current.failed_attempts)) throw attemptLimit();
    return { details: deliveryDetails(destination), mailed: false };
  }
  const mail = MAILS[purpose];
  await service.mailer.enqueue(
    instead ?? {
      to: destination,
      subject: mail.subject,
      text: mail.text(code),
      kind: mail.kind,
      templateParams: { code },
      containsSecret: true,
    },
    executor,
  );
  return { details: deliveryDetails(destination), mailed: true };
}

/**
 * Checks a code mailed to `destination` (the address what it unlocks is about: a code that
 * went to another address does not match), then uses it up and applies what it unlocks in
 * one transaction. Every
 * attempt is counted first, in one atomic UPDATE … RETURNING, and only the first
 * MAX_CODE_ATTEMPTS attempts are compared at all: guesses sent in parallel (to one server
 * or several) cannot all pass a check made before any of them was counted. A wrong guess
 * is counted outside any transaction, so it sticks; past the limit the code is dead
 * whatever is entered.
 */
export async function consumeCode(
  service: IdentityService,
  userSub: string,
  purpose: IdentityCodePurpose,
  destination: string,
  code: string,
  apply: (trx: Kysely<Schema>) => Promise<void>,
): Promise<void> {
  const row = await service.db
    .updateTable('identity_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('user_sub', '=', userSub)
    .where('purpose', '=', purpose)
    .returning(['code_hash', 'expires_at', 'failed_attempts'])
    .executeTakeFirst();
  if (row === undefined) throw expiredCode();
  if (row.failed_attempts > MAX_CODE_ATTEMPTS) throw attemptLimit();
  if (row.expires_at.getTime() <= service.clock.now()) throw expiredCode();
  if (!sameHash(row.code_hash, hashCode(userSub, purpose, destination, code))) throw codeMismatch();
  await service.db.transaction().execute(async (trx) => {
    // Deleting with the hash we matched makes a code usable once even under concurrent use.
    const deleted = await trx
      .deleteFrom('identity_codes')
      .where('user_sub', '=', userSub)
      .where('purpose', '=', purpose)
      .where('code_hash', '=', row.code_hash)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw expiredCode();
    await apply(trx);
  });
}
