import type { ProfileChanges } from '../../../src-shared/domain/accounts/api.ts';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import type { ProfileFields } from '../../../src-shared/domain/accounts/validation.ts';

/** The profile as the form edits it. */
export interface Profile extends ProfileFields {
  emailVerified: boolean;
}

/**
 * `{field: {old, new}}` for each field that differs: what Save sends, and the profile-change
 * audit's record. An email differing in letter case only is the same address: the pool
 * compares addresses so, and would neither change it nor mail a code to verify.
 */
export function profileChanges(before: ProfileFields, after: ProfileFields): ProfileChanges {
  const changes: ProfileChanges = {};
  for (const field of ['firstName', 'lastName', 'email', 'phoneNumber'] as const) {
    const old = before[field].trim();
    const next = after[field].trim();
    const same = field === 'email' ? old.toLowerCase() === next.toLowerCase() : old === next;
    if (!same) changes[field] = { old, new: next };
  }
  return changes;
}

/** A failed profile load: token, auth or expired means the session; anything else is a plain failure. */
export function profileLoadError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message === ACCOUNT_MESSAGES.noAccessToken) return message;
  return /token|auth|expired/i.test(message) ? ACCOUNT_MESSAGES.sessionExpired : ACCOUNT_MESSAGES.profileLoadFailed;
}
