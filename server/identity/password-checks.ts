import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { SECOND } from './clock.ts';
import type { CognitoError } from './errors.ts';
import { CLAIM_MS, type ClaimHolder } from './password-claims.ts';
import type { IdentityService } from './service.ts';
import { loginHash } from './unknown-user-limits.ts';

/** Whose lockout a password check counts against: an account, or a name that is no account. */
type CheckHolder = { sub: string } | { login: string };

/** How long an attempt over the budget waits for the checks in flight: past CLAIM_MS, so an orphaned claim only delays. */
const WAIT_MS = CLAIM_MS + SECOND;
/**
 * How often a waiting attempt tries its claim again when nothing on its own instance ends
 * first: a claim this instance releases wakes its waiters at once (releasedHere); one that
 * another instance releases is seen at the next try.
 */
const RETRY_MS = 50;

/**
 * Runs `check` (a password's check, and the failure counted when it fails) under a claim on
 * its holder's lockout budget (service.passwordClaims, which every instance counts): a check
 * starts only while the holder is not locked and its recent failures plus the checks in flight
 * leave room (lockout.ts, checkRoomRule). Counting checks in flight apart from failures holds a
 * burst of guesses sent at once to the free failures, where counting failures only after their
 * check let every guess of the burst be checked before the lock landed, and counting each attempt
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
  const claimant: ClaimHolder =
    'sub' in holder ? { key: holder.sub, account: true } : { key: loginHash(holder.login), account: false };
  const claims = service.passwordClaims;
  const deadline = performance.now() + WAIT_MS;
  const arrived = service.clock.now();
  let claim = await claims.claim(claimant, arrived, arrived);
  while (claim === 'busy' && performance.now() < deadline) {
    await releasedHere(service, claimant.key, RETRY_MS);
    claim = await claims.claim(claimant, arrived, service.clock.now());
  }
  if (typeof claim === 'string') throw locked();
  try {
    return await check();
  } finally {
    // After the failure is counted (inside `check`): a claimer that finds this claim gone sees it.
    await claims.release(claimant, claim);
    wakeWaiters(service, claimant.key);
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
