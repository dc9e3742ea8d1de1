import type { IdentityLink } from '../../db/schema.ts';
import type { IdentityService } from '../service.ts';
import { findUser, isUniqueViolation, type UserRow } from '../users.ts';
import type { ProviderName } from './upstream.ts';
import { FederationRefused } from '../errors.ts';

/** What the upstream provider says about the person. */
export interface UpstreamProfile {
  sub: string;
  email: string;
  /** Whether the provider itself vouches for the address (see `upstreamEmailVerified`). */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

const PROVIDER_LABEL: Record<ProviderName, string> = { Google: 'Google', AzureAD: 'Microsoft' };

/** The name a person knows a provider by (an `identities` entry's providerName: Google, AzureAD). */
export const providerLabel = (providerName: string): string => PROVIDER_LABEL[providerName as ProviderName] ?? providerName;

const claimTrue = (value: unknown) => value === true || value === 'true';

/**
 * Whether the provider vouches for the email in these claims. Google: `email_verified`.
 * Microsoft Entra ID puts any address an administrator typed into `email`, and says nothing
 * about it by default; the address counts as verified only where the tenant vouches for it:
 * `xms_edov` (the tenant owns the email's domain, an optional claim the app registration
 * must request) or an explicit `email_verified` true.
 */
export function upstreamEmailVerified(provider: ProviderName, claims: Record<string, unknown>): boolean {
  if (provider === 'Google') return claimTrue(claims.email_verified);
  return claimTrue(claims.xms_edov) || claimTrue(claims.email_verified);
}

/**
 * The user a federated sign-in lands on, as Cognito does it: `google_<sub>` (or
 * `azuread_<sub>`) with the `identities` attribute.
 *
 * Email is the account's unique sign-in name, and what the product (and the partner platform)
 * trusts about a person, so an address enters the pool through federation only when the
 * provider has verified it:
 * - a provider account we already know signs in to its own account;
 * - an unverified address is refused, whether or not an account holds it (the answer never
 *   says which). Creating the user anyway would let anyone squat an address before its owner
 *   signs up, or be linked to by the owner's later verified sign-in: pre-account takeover.
 *   There is no way here for a federated user to prove the address with a code, so the person
 *   is told to use email and password (which does) or another provider;
 * - a verified address held by a verified account is linked to it (both sides proved it);
 * - a verified address held by an UNCONFIRMED sign-up (a password nobody proved the address
 *   for, possibly set by someone else) replaces that sign-up: it never signed in, and its
 *   password must not come along with the owner's account;
 * - a verified address held by another account that is not verified is refused.
 */
export async function findOrCreateFederatedUser(
  service: IdentityService,
  provider: ProviderName,
  profile: UpstreamProfile,
): Promise<UserRow> {
  const now = new Date(service.clock.now());
  const username = `${provider.toLowerCase()}_${profile.sub}`;
  const isThisIdentity = (identity: IdentityLink) => identity.providerName === provider && identity.userId === profile.sub;

  const own = await findUser(service.db, username);
  if (own !== undefined) return own;
  const holder = await findUser(service.db, profile.email);
  if (holder?.identities?.some(isThisIdentity)) return holder;

  const label = PROVIDER_LABEL[provider];
  if (!profile.emailVerified) {
    throw new FederationRefused(
      `${label} has not verified the email address of this account. Sign in with your email address and password instead.`,
    );
  }
  const link: IdentityLink = {
    userId: profile.sub,
    providerName: provider,
    providerType: provider === 'Google' ? 'Google' : 'OIDC',
    issuer: null,
    primary: 'true',
    dateCreated: String(now.getTime()),
  };
  if (holder !== undefined && holder.email_verified) {
    return service.db
      .updateTable('identity_users')
      .set({
        identities: JSON.stringify([...(holder.identities ?? []), link]),
        given_name: holder.given_name ?? profile.givenName,
        family_name: holder.family_name ?? profile.familyName,
        updated_at: now,
      })
      .where('sub', '=', holder.sub)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  if (holder !== undefined && holder.status !== 'UNCONFIRMED') {
    throw new FederationRefused(
      `An account with this email address already exists. Sign in with your email address and password, then try ${label} again.`,
    );
  }
  try {
    return await service.db.transaction().execute(async (trx) => {
      if (holder !== undefined) {
        // Only while it is still unconfirmed: a confirmation racing with this sign-in wins.
        await trx.deleteFrom('identity_users').where('sub', '=', holder.sub).where('status', '=', 'UNCONFIRMED').execute();
      }
      return trx
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
    });
  } catch (error) {
    // Another sign-in or sign-up took the address at the same moment.
    if (isUniqueViolation(error)) throw new FederationRefused(`${label} sign-in could not be completed. Please try again.`);
    throw error;
  }
}
