import type { CodeDeliveryDetailsType } from '@aws-sdk/client-cognito-identity-provider';
import { sql, type Kysely } from 'kysely';
import type { IdentityCodePurpose, Schema } from '../db/schema.ts';
import { DAY, HOUR } from './clock.ts';
import { hashCode, newCode, sameHash } from './codes.ts';
import { attemptLimit, codeMismatch, expiredCode } from './errors.ts';
import type { IdentityService } from './service.ts';
import { maskEmail } from './users.ts';

/** How long a mailed code stays valid, by purpose. */
export const CODE_LIFETIME_MS: Record<IdentityCodePurpose, number> = { signup: DAY, reset: HOUR, email: DAY };
/** Wrong guesses allowed for one code before it is dead (a new one must be requested). */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes sent for one purpose per hour. */
export const MAX_CODE_SENDS_PER_HOUR = 5;

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
 * quotas (server/mail/send-quota.ts); LimitExceededException, and no mail, when over.
 */
export async function admitCodeMail(service: IdentityService, clientAddress: string, destination: string): Promise<void> {
  const admitted = await service.mailQuota.admit({ to: destination, clientAddress }, service.clock.now());
  if (!admitted) throw attemptLimit();
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
 * room), so the check and the count are one statement and parallel requests each count.
 */
export function hourlySend(table: 'identity_codes' | 'identity_unknown_codes', now: number) {
  const sends = sql.ref(`${table}.sends`);
  const startedAt = sql.ref(`${table}.sends_window_started_at`);
  const windowOver = sql<boolean>`${startedAt} <= ${new Date(now - HOUR)}`;
  return {
    sends: sql<number>`case when ${windowOver} then 1 else ${sends} + 1 end`,
    windowStartedAt: sql<Date>`case when ${windowOver} then ${new Date(now)} else ${startedAt} end`,
    admitted: sql<boolean>`${windowOver} or ${sends} < ${MAX_CODE_SENDS_PER_HOUR}`,
  };
}

/**
 * Replaces the user's code for `purpose` with a new one and queues the mail (in `executor`'s
 * transaction when it is one). At most MAX_CODE_SENDS_PER_HOUR sends an hour.
 */
export async function sendCode(
  service: IdentityService,
  user: { sub: string },
  purpose: IdentityCodePurpose,
  destination: string,
  executor: Kysely<Schema> = service.db,
): Promise<CodeDeliveryDetailsType> {
  const now = service.clock.now();
  const code = newCode();
  const at = new Date(now);
  const send = hourlySend('identity_codes', now);
  const counted = await executor
    .insertInto('identity_codes')
    .values({
      user_sub: user.sub,
      purpose,
      code_hash: hashCode(user.sub, purpose, destination, code),
      expires_at: new Date(now + CODE_LIFETIME_MS[purpose]),
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
  if (counted === undefined) throw attemptLimit();
  const mail = MAILS[purpose];
  await service.mailer.enqueue(
    {
      to: destination,
      subject: mail.subject,
      text: mail.text(code),
      kind: mail.kind,
      templateParams: { code },
      containsSecret: true,
    },
    executor,
  );
  return deliveryDetails(destination);
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
