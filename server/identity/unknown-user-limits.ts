import type { CodeDeliveryDetailsType } from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityCodePurpose } from '../db/schema.ts';
import { HOUR } from './clock.ts';
import { attemptLimit, codeMismatch, expiredCode, type CognitoError } from './errors.ts';
import { lockAfterFailure, MAX_LOCK_MS } from './lockout.ts';
import type { IdentityService } from './service.ts';
import { CODE_LIFETIME_MS, deliveryDetails, MAX_CODE_ATTEMPTS, MAX_CODE_SENDS_PER_HOUR, sendCode } from './verification.ts';

/** A code that was never sent, counted as `sendCode` and `consumeCode` count a real one. */
interface PretendCode {
  sends: number;
  sendsWindowStartedAt: number;
  /** When the last pretend code was "sent" (0: never). */
  sentAt: number;
  guesses: number;
}

interface PretendAccount {
  failures: number;
  lastFailedAt: number;
  lockedUntil: number;
  codes: Partial<Record<IdentityCodePurpose, PretendCode>>;
}

/**
 * The limits a real account meets (sign-in lockout, codes an hour, wrong guesses of a code),
 * applied to names that are no account, so meeting a limit tells a guesser nothing about who
 * exists; and the time a real code send takes, so a pretend one can take as long. Kept in
 * memory and bounded: a restart only restarts a pretend lockout.
 */
export class UnknownUserLimits {
  private readonly accounts = new Map<string, PretendAccount>();
  private codeSendMs = 0;

  constructor(private readonly maxEntries = 10_000) {}

  isLocked(login: string, now: number): boolean {
    return (this.accounts.get(login.toLowerCase())?.lockedUntil ?? 0) > now;
  }

  /** Counts a failed sign-in as `recordFailure` does for a real account. */
  recordFailure(login: string, now: number): void {
    const account = this.account(login);
    account.failures = account.lastFailedAt <= now - MAX_LOCK_MS ? 1 : account.failures + 1;
    account.lastFailedAt = now;
    account.lockedUntil = lockAfterFailure(account.failures, now)?.getTime() ?? 0;
  }

  /** Counts a code sent, as `sendCode` does; false when a real account would be over its limit. */
  allowCodeSend(login: string, purpose: IdentityCodePurpose, now: number): boolean {
    const code = this.code(login, purpose, now);
    if (code.sendsWindowStartedAt <= now - HOUR) {
      code.sends = 0;
      code.sendsWindowStartedAt = now;
    }
    if (code.sends >= MAX_CODE_SENDS_PER_HOUR) return false;
    code.sends += 1;
    code.sentAt = now;
    code.guesses = 0;
    return true;
  }

  /**
   * What `consumeCode` answers a wrong guess for a real account: no code sent (or an expired
   * one) is ExpiredCodeException, a guess past the limit LimitExceededException, else
   * CodeMismatchException.
   */
  wrongGuess(login: string, purpose: IdentityCodePurpose, now: number): CognitoError {
    const code = this.code(login, purpose, now);
    if (code.sentAt === 0) return expiredCode();
    code.guesses += 1;
    if (code.guesses > MAX_CODE_ATTEMPTS) return attemptLimit();
    if (code.sentAt + CODE_LIFETIME_MS[purpose] <= now) return expiredCode();
    return codeMismatch();
  }

  /** Remembers how long a real code send took (a moving average). */
  noteCodeSend(ms: number): void {
    this.codeSendMs = this.codeSendMs === 0 ? ms : this.codeSendMs * 0.8 + ms * 0.2;
  }

  /** Waits about as long as a real code send takes now. */
  async pretendCodeSend(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, Math.min(this.codeSendMs, MAX_PRETEND_MS)));
  }

  /** An unconfirmed account always had one sign-up code mailed: so has a pretend one, when first seen. */
  private code(login: string, purpose: IdentityCodePurpose, now: number): PretendCode {
    const account = this.account(login);
    const signedUp = purpose === 'signup';
    account.codes[purpose] ??= { sends: signedUp ? 1 : 0, sendsWindowStartedAt: now, sentAt: signedUp ? now : 0, guesses: 0 };
    return account.codes[purpose];
  }

  private account(login: string): PretendAccount {
    const key = login.toLowerCase();
    let account = this.accounts.get(key);
    if (account === undefined) {
      account = { failures: 0, lastFailedAt: 0, lockedUntil: 0, codes: {} };
      if (this.accounts.size >= this.maxEntries) this.accounts.delete(this.accounts.keys().next().value ?? key);
      this.accounts.set(key, account);
    }
    return account;
  }
}

/** A pretend send never waits longer than this, whatever a slow database did once. */
const MAX_PRETEND_MS = 1000;

const perService = new WeakMap<IdentityService, UnknownUserLimits>();

/** The pretend limits of one identity service. */
export function unknownUserLimits(service: IdentityService): UnknownUserLimits {
  let limits = perService.get(service);
  if (limits === undefined) {
    limits = new UnknownUserLimits();
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
): Promise<CodeDeliveryDetailsType> {
  const pretend = unknownUserLimits(service);
  if (!pretend.allowCodeSend(login, purpose, service.clock.now())) throw attemptLimit();
  await pretend.pretendCodeSend();
  return deliveryDetails(login);
}

/** `sendCode` for an account, timed so that a pretend delivery takes about as long. */
export async function timedSendCode(...args: Parameters<typeof sendCode>): Promise<CodeDeliveryDetailsType> {
  const started = performance.now();
  const details = await sendCode(...args);
  unknownUserLimits(args[0]).noteCodeSend(performance.now() - started);
  return details;
}
