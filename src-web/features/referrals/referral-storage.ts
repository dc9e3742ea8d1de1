import {
  readStoredReferral,
  referralFromQuery,
  referralToKeep,
  type ReferralRecord,
} from '../../../src-shared/domain/accounts/referral.ts';
import { STORAGE_KEYS } from '../../../src-shared/domain/constants.ts';

/**
 * Keeps the referral of the address the visitor arrived with, for 30 days, unless a partner's
 * link is already kept (referralToKeep; tests/web/accounts/referrals.test.ts).
 */
export function captureReferral(search: string, now = Date.now()): void {
  const stored = storedReferral(now);
  const kept = referralToKeep(stored, referralFromQuery(search, now));
  if (kept && kept !== stored) localStorage.setItem(STORAGE_KEYS.referral, JSON.stringify(kept));
}

/** The stored referral, if still fresh; an expired or broken one is removed. */
export function storedReferral(now = Date.now()): ReferralRecord | null {
  const stored = localStorage.getItem(STORAGE_KEYS.referral);
  const referral = readStoredReferral(stored, now);
  if (!referral && stored) localStorage.removeItem(STORAGE_KEYS.referral);
  return referral;
}

export function clearReferral(): void {
  localStorage.removeItem(STORAGE_KEYS.referral);
}
