import type { ProfileChanges } from '../../../src-shared/domain/accounts/api.ts';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import type { ProfileFields } from '../../../src-shared/domain/accounts/validation.ts';

/** The profile as the form edits it. */
export interface Profile extends ProfileFields {
  emailVerified: boolean;
}

/** `{field: {old, new}}` for each field that differs: the profile-change audit's record. */
export function profileChanges(before: ProfileFields, after: ProfileFields): ProfileChanges {
  const changes: ProfileChanges = {};
  for (const field of ['firstName', 'lastName', 'email', 'phoneNumber'] as const) {
    const old = before[field].trim();
    const next = after[field].trim();
    if (old !== next) changes[field] = { old, new: next };
  }
  return changes;
}

/** A failed profile load: token, auth or expired means the session; anything else is a plain failure. */
export function profileLoadError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message === ACCOUNT_MESSAGES.noAccessToken) return message;
  return /token|auth|expired/i.test(message) ? ACCOUNT_MESSAGES.sessionExpired : ACCOUNT_MESSAGES.profileLoadFailed;
}
