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
