import type { IdentityUserRecord } from './admin.ts';
import type { ListedUserRecord } from './admin-lists.ts';

/** A user as the admin screens show it, mapped from the identity provider's record. */
export interface ManagedUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  createdDate: string;
  lastModifiedDate: string;
  enabled: boolean;
  /** The user's groups by name, when the record came with them (a page of the users list). */
  groups?: string[];
}

export function toManagedUser(record: IdentityUserRecord | ListedUserRecord): ManagedUser {
  const attribute = (name: string) => record.Attributes.find((entry) => entry.Name === name)?.Value ?? '';
  return {
    id: record.Username,
    username: record.Username,
    email: attribute('email'),
    firstName: attribute('given_name'),
    lastName: attribute('family_name'),
    status: record.UserStatus,
    createdDate: record.UserCreateDate,
    lastModifiedDate: record.UserLastModifiedDate,
    enabled: record.Enabled,
    ...('Groups' in record && record.Groups ? { groups: record.Groups } : {}),
  };
}

export type StatusTone = 'success' | 'warning' | 'danger' | 'default';

/** Status colours: confirmed green; unconfirmed, reset_required, force_change_password warning; archived, compromised red. */
export function userStatusTone(status: string): StatusTone {
  switch (status.toLowerCase()) {
    case 'confirmed':
      return 'success';
    case 'unconfirmed':
    case 'reset_required':
    case 'force_change_password':
      return 'warning';
    case 'archived':
    case 'compromised':
      return 'danger';
    default:
      return 'default';
  }
}

/** Lead sources: hero_cta and its variant (hero-cta, hero_cta_*) get the primary chip. */
export function isPrimaryLeadSource(source: string): boolean {
  return /^hero[_-]cta(\b|_|-|$)/i.test(source);
}

/** "Name (or N/A)" of the users table. */
export function displayName(user: ManagedUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || 'N/A';
}
