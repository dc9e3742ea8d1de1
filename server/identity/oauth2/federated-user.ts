import type { IdentityLink } from '../../db/schema.ts';
import type { IdentityService } from '../service.ts';
import { findUser, type UserRow } from '../users.ts';
import type { ProviderName } from './upstream.ts';

/** What the upstream provider says about the person. */
export interface UpstreamProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

export class FederationRefused extends Error {}

/**
 * The user a federated sign-in lands on, as Cognito does it: `google_<sub>` (or
 * `azuread_<sub>`) with the `identities` attribute. An existing account with the same,
 * upstream-verified email is linked instead of duplicated; an unverified upstream email
 * never takes over an account.
 */
export async function findOrCreateFederatedUser(
  service: IdentityService,
  provider: ProviderName,
  profile: UpstreamProfile,
): Promise<UserRow> {
  const now = new Date(service.clock.now());
  const link: IdentityLink = {
    userId: profile.sub,
    providerName: provider,
    providerType: provider === 'Google' ? 'Google' : 'OIDC',
    issuer: null,
    primary: 'true',
    dateCreated: String(now.getTime()),
  };
  const username = `${provider.toLowerCase()}_${profile.sub}`;
  const existing = (await findUser(service.db, username)) ?? (await findUser(service.db, profile.email));
  if (existing !== undefined) {
    const known =
      existing.identities?.some((identity) => identity.providerName === provider && identity.userId === profile.sub) ?? false;
    if (!known && !profile.emailVerified) throw new FederationRefused('The provider has not verified this email address.');
    const identities = known ? existing.identities : [...(existing.identities ?? []), link];
    return service.db
      .updateTable('identity_users')
      .set({
        identities: JSON.stringify(identities),
        given_name: existing.given_name ?? profile.givenName,
        family_name: existing.family_name ?? profile.familyName,
        updated_at: now,
      })
      .where('sub', '=', existing.sub)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return service.db
    .insertInto('identity_users')
    .values({
      username,
      email: profile.email,
      email_verified: true,
      pending_email: null,
      given_name: profile.givenName,
      family_name: profile.familyName,
      phone_number: null,
      status: 'EXTERNAL_PROVIDER',
      enabled: true,
      password_hash: null,
      identities: JSON.stringify([link]),
      failed_sign_ins: 0,
      last_failed_sign_in_at: null,
      locked_until: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
