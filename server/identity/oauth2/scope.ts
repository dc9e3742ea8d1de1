/** The scopes our app client may be granted through hosted sign-in, as Cognito names them. */
const HOSTED_SCOPES = ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'] as const;

/** What a client gets when it names no scope: the OpenID ones (the sign-in API scope only when asked). */
const DEFAULT_SCOPE = 'openid email phone profile';

/**
 * The scope granted for a requested one: the same names, each once, in the order asked; or
 * undefined when it names a scope this client does not have (`invalid_scope`).
 */
export function grantedScope(requested: string | undefined): string | undefined {
  if (requested === undefined || requested.trim() === '') return DEFAULT_SCOPE;
  const names = [...new Set(requested.split(' ').filter((name) => name !== ''))];
  if (!names.every((name) => (HOSTED_SCOPES as readonly string[]).includes(name))) return undefined;
  return names.join(' ');
}

/** Whether a granted scope (names separated by spaces) holds `name`. */
export function hasScope(scope: string, name: string): boolean {
  return scope.split(' ').includes(name);
}

/** Whether a granted scope asked for an id token: Cognito issues one only with `openid`. */
export function grantsIdToken(scope: string): boolean {
  return hasScope(scope, 'openid');
}

/** Cognito's `profile` attributes; the `custom:` ones come with them. */
const PROFILE_ATTRIBUTES = [
  'name',
  'family_name',
  'given_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'updated_at',
];

/** What each OpenID scope lets userinfo read, besides `sub` and `username`. */
const SCOPE_READS: Record<string, (attribute: string) => boolean> = {
  profile: (attribute) => PROFILE_ATTRIBUTES.includes(attribute) || attribute.startsWith('custom:') || attribute === 'identities',
  email: (attribute) => attribute === 'email' || attribute === 'email_verified',
  phone: (attribute) => attribute === 'phone_number' || attribute === 'phone_number_verified',
};

/**
 * userinfo's answer for an access token's scope, as Cognito gives it: `openid` alone reads every
 * attribute; `profile`, `email` and `phone` each read their own (aws.cognito.signin.user.admin
 * changes nothing). Values are strings, as the user API lists them.
 */
export function userInfoFor(
  attributes: readonly { Name?: string; Value?: string }[],
  username: string,
  scope: string,
): Record<string, string> {
  const scopes = scope.split(' ').filter((name) => name in SCOPE_READS);
  const reads = (name: string) => name === 'sub' || scopes.length === 0 || scopes.some((granted) => SCOPE_READS[granted]?.(name));
  const answer: Record<string, string> = {};
  for (const { Name: name = '', Value: value = '' } of attributes) if (reads(name)) answer[name] = value;
  return { ...answer, username };
}
