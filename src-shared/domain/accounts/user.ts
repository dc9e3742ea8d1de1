/** The claims of an id token that the web app reads (Cognito's names). */
export interface IdTokenClaims {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  phone_number?: string;
  exp?: number;
  /** Present for users who signed in through Google or Microsoft. */
  identities?: { providerName?: string; providerType?: string }[] | string;
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
  /** Set when the account came from Google or Microsoft. */
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

/** google, microsoft or password, from the id token's identities claim. */
export function loginProvider(claims: IdTokenClaims): LoginProvider {
  const identities = typeof claims.identities === 'string' ? safeParse(claims.identities) : claims.identities;
  const name = Array.isArray(identities) ? String(identities[0]?.providerName ?? '').toLowerCase() : '';
  if (name === '') return 'password';
  if (name.includes('google')) return 'google';
  return 'microsoft';
}

/** The User built from the id token's claims (tests/web/accounts/rules.test.ts). */
export function userFromIdToken(claims: IdTokenClaims, now: Date = new Date()): User {
  const email = claims.email ?? '';
  const givenName = claims.given_name?.trim() ?? '';
  const familyName = claims.family_name?.trim() ?? '';
  const fullName = [givenName, familyName].filter(Boolean).join(' ');
  const provider = loginProvider(claims);
  const socialProvider = provider === 'password' ? null : provider;
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
