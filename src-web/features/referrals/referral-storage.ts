import { readStoredReferral, referralFromQuery, type ReferralRecord } from '../../../src-shared/domain/accounts/referral.ts';
import { STORAGE_KEYS } from '../../../src-shared/domain/constants.ts';

/** Keeps the referral of the address the visitor arrived with, for 30 days (tests/web/accounts/rules.test.ts). */
export function captureReferral(search: string, now = Date.now()): void {
  const referral = referralFromQuery(search, now);
  if (referral) localStorage.setItem(STORAGE_KEYS.referral, JSON.stringify(referral));
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
