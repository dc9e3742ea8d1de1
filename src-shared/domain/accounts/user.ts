/** The claims of an id token that the web app reads (Cognito's names). */
export interface IdTokenClaims {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  phone_number?: string;
  exp?: number;
  /** The pool's name for the user: the sub for a password account, `<provider>_<id>` for one a provider made. */
  'cognito:username'?: string;
  /**
   * The providers linked to the account: on every token of a user a Google or Microsoft
   * sign-in made, and of a password account linked to one, however it signed in.
   */
  identities?: LinkedIdentity[] | string;
}

interface LinkedIdentity {
  providerName?: string;
  providerType?: string;
  /** The person's id at the provider. */
  userId?: string;
}

/** The signed-in user, in memory, built from the id token. */
export interface User {
  id: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  phoneNumber: string;
  emailVerified: boolean;
  /** Always false: the product offers no MFA yet. */
  mfaEnabled: boolean;
  /** Set when the account came from Google or Microsoft (it has no password); null for a password account, linked or not. */
  socialProvider: SocialLoginProvider | null;
  createdAt: string;
  lastSignIn: string;
}

export type SocialLoginProvider = 'google' | 'microsoft';
export type LoginProvider = SocialLoginProvider | 'password';

/** Decodes a JWT's payload without checking it: the browser only reads what the server will verify. */
export function decodeJwtPayload(token: string): IdTokenClaims {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Malformed token');
  const base64 = payload
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(payload.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (typeof claims !== 'object' || claims === null || typeof (claims as { sub?: unknown }).sub !== 'string') {
    throw new Error('Token has no subject');
  }
  return claims as IdTokenClaims;
}

/**
 * The scope an access token needs for the user API (GetUser, UpdateUserAttributes…) in Cognito
 * and in the embedded pool; the sign-in API's tokens carry it, hosted sign-in's when asked.
 */
export const ACCOUNT_API_SCOPE = 'aws.cognito.signin.user.admin';

/** Whether an access token may use the user API, which the account pages call. */
export function reachesAccountApi(accessToken: string): boolean {
  const { scope } = decodeJwtPayload(accessToken) as { scope?: unknown };
  return typeof scope === 'string' && scope.split(' ').includes(ACCOUNT_API_SCOPE);
}

/**
 * google, microsoft or password, from the id token's identities claim. A password account
 * linked to a provider carries that claim on its password sign-ins too, so this names the
 * method only for a token that did not come from a password sign-in (a hosted one's).
 */
export function loginProvider(claims: IdTokenClaims): LoginProvider {
  const first = identitiesOf(claims)[0];
  return first ? providerOf(first) : 'password';
}

/**
 * The provider of an account a Google or Microsoft sign-in made, which has no password of its
 * own; null for a password account, linked to a provider or not. Such a user is named
 * `<providerName>_<userId>` after its identity (ours `google_1049…`, AWS `Google_1049…`), while
 * a linked password account keeps its own name. The user's status (EXTERNAL_PROVIDER) would say
 * it too, but Cognito gives it to the admin API only: neither its id token nor GetUser has it.
 */
function socialAccountProvider(claims: IdTokenClaims): SocialLoginProvider | null {
  const username = claims['cognito:username']?.toLowerCase();
  const own = identitiesOf(claims).find(
    (identity) => `${identity.providerName ?? ''}_${identity.userId ?? ''}`.toLowerCase() === username,
  );
  return own ? providerOf(own) : null;
}

function identitiesOf(claims: IdTokenClaims): LinkedIdentity[] {
  const identities = typeof claims.identities === 'string' ? safeParse(claims.identities) : claims.identities;
  return Array.isArray(identities) ? identities.filter((identity) => String(identity?.providerName ?? '') !== '') : [];
}

function providerOf(identity: LinkedIdentity): SocialLoginProvider {
  return String(identity.providerName).toLowerCase().includes('google') ? 'google' : 'microsoft';
}

/** The User built from the id token's claims (tests/web/accounts/rules.test.ts). */
export function userFromIdToken(claims: IdTokenClaims, now: Date = new Date()): User {
  const email = claims.email ?? '';
  const givenName = claims.given_name?.trim() ?? '';
  const familyName = claims.family_name?.trim() ?? '';
  const fullName = [givenName, familyName].filter(Boolean).join(' ');
  const socialProvider = socialAccountProvider(claims);
  return {
    id: claims.sub,
    email,
    name: fullName || email.split('@')[0] || '',
    givenName,
    familyName,
    phoneNumber: claims.phone_number ?? '',
    emailVerified: socialProvider !== null || claims.email_verified === true || claims.email_verified === 'true',
    mfaEnabled: false,
    socialProvider,
    createdAt: now.toISOString(),
    lastSignIn: now.toISOString(),
  };
}

/** Up to two letters for the avatar: first and last name, else the start of the name. */
export function initials(user: Pick<User, 'givenName' | 'familyName' | 'name'>): string {
  const letters =
    user.givenName && user.familyName ? `${user.givenName.charAt(0)}${user.familyName.charAt(0)}` : user.name.slice(0, 2);
  return letters.toUpperCase();
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
