import { REFERRAL_WINDOW_MS } from '../../../src-shared/domain/accounts/referral.ts';
import { REFERRAL } from '../../../src-shared/domain/constants.ts';
import { MINUTE } from '../../identity/clock.ts';
import { CODE_LIFETIME_MS } from '../../identity/verification.ts';

/**
 * When the server accepts a referral: with the account's sign-up only, and only for a link
 * followed within the referral window. The browser applies the same window to what it keeps,
 * but whatever it sends is the caller's to choose, so the server decides (SECURITY.md).
 */

/**
 * A referral comes with the sign-up: the web app reports it right after the sign-up's lead
 * (after a confirmed password sign-up, or a first Google or Microsoft sign-in), in seconds.
 */
const REFERRAL_AFTER_SIGN_UP_MS = 10 * MINUTE;

/**
 * How old the account itself may be then: a password sign-up is created before its mailed code
 * confirms it, and the code lasts a day. (An account confirmed later, with a resent code, is not
 * attributed; one signed up long ago and reporting its first lead now must not be.)
 */
const ACCOUNT_AGE_AT_SIGN_UP_MS = CODE_LIFETIME_MS.signup + REFERRAL_AFTER_SIGN_UP_MS;

/** How far the browser's clock, which dated the capture, may run ahead of ours. */
const CLOCK_SKEW_MS = 5 * MINUTE;

/** What the server knows of an account's sign-up. */
export interface AccountSignUp {
  /** When its sign-up lead was recorded (POST /api/signup-leads); undefined when never. */
  leadRecordedAt: Date | undefined;
  /**
   * When the user pool created the account: known for the embedded pool, undefined for AWS
   * Cognito (whose users' creation dates need an admin call, so the lead's time stands alone).
   */
  accountCreatedAt: Date | undefined;
}

export const LATE_REFERRAL = `A referral is accepted only within ${REFERRAL_AFTER_SIGN_UP_MS / MINUTE} minutes of the account's sign-up`;

/** Why a capture time is refused, or undefined when it is within the window (allowing for the browser's clock). */
export function captureTimeProblem(timestamp: number, now: number): string | undefined {
  if (timestamp > now + CLOCK_SKEW_MS) return "'referral.timestamp' is in the future";
  if (now - timestamp > REFERRAL_WINDOW_MS + CLOCK_SKEW_MS) {
    return `'referral.timestamp' is older than the ${REFERRAL.retentionDays}-day referral window`;
  }
  return undefined;
}

/** Whether the account is still signing up: its lead was recorded moments ago, and the account is no older than a sign-up takes. */
export function isSigningUp(signUp: AccountSignUp, now: number): boolean {
  const { leadRecordedAt, accountCreatedAt } = signUp;
  if (leadRecordedAt === undefined || now - leadRecordedAt.getTime() > REFERRAL_AFTER_SIGN_UP_MS) return false;
  return accountCreatedAt === undefined || now - accountCreatedAt.getTime() <= ACCOUNT_AGE_AT_SIGN_UP_MS;
}
