import { HOUR } from './clock.ts';
import { lockAfterFailure, MAX_LOCK_MS } from './lockout.ts';
import type { IdentityService } from './service.ts';
import { MAX_CODE_SENDS_PER_HOUR } from './verification.ts';

interface PretendAccount {
  failures: number;
  lastFailedAt: number;
  lockedUntil: number;
  sends: number;
  sendsWindowStartedAt: number;
}

/**
 * The limits a real account meets (sign-in lockout, reset codes per hour), applied to names
 * that are no account, so meeting a limit tells a guesser nothing about who exists; and the
 * time a real code send takes, so a pretend one can take as long. Kept in memory and
 * bounded: a restart only restarts a pretend lockout.
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
  allowCodeSend(login: string, now: number): boolean {
    const account = this.account(login);
    if (account.sendsWindowStartedAt <= now - HOUR) {
      account.sends = 0;
      account.sendsWindowStartedAt = now;
    }
    if (account.sends >= MAX_CODE_SENDS_PER_HOUR) return false;
    account.sends += 1;
    return true;
  }

  /** Remembers how long a real code send took (a moving average). */
  noteCodeSend(ms: number): void {
    this.codeSendMs = this.codeSendMs === 0 ? ms : this.codeSendMs * 0.8 + ms * 0.2;
  }

  /** Waits about as long as a real code send takes now. */
  async pretendCodeSend(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, Math.min(this.codeSendMs, MAX_PRETEND_MS)));
  }

  private account(login: string): PretendAccount {
    const key = login.toLowerCase();
    let account = this.accounts.get(key);
    if (account === undefined) {
      account = { failures: 0, lastFailedAt: 0, lockedUntil: 0, sends: 0, sendsWindowStartedAt: 0 };
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
