import type { IdentityPublicConfig } from '../../src-shared/domain/public-config.ts';
import { quote, type EnvReader } from '../config/env-reader.ts';
import { parseCustomAttributes, type CustomAttribute } from './attributes.ts';

/** An upstream OpenID provider for hosted sign-in (Google or Microsoft Entra ID). */
export interface UpstreamProviderConfig {
  clientId: string;
  clientSecret: string;
  /** The provider's OpenID discovery document. */
  discoveryUrl: string;
}

export interface AccessKeyPair {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface IdentityConfig {
  region: string;
  /**
   * 'embedded': our service at /cognito with the pool and client below.
   * 'aws': COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID name a real pool; nothing is mounted.
   */
  mode: 'embedded' | 'aws';
  userPoolId: string;
  clientId: string;
  /**
   * The key pair admin calls are signed with. Embedded: IDENTITY_ADMIN_* or, when unset,
   * a pair generated at first start and kept in the database (then undefined here).
   * AWS: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, read here so the SDK's own credential
   * chain never runs.
   */
  adminCredentials: AccessKeyPair | undefined;
  providers: { Google?: UpstreamProviderConfig; AzureAD?: UpstreamProviderConfig };
  /** Where hosted sign-in may send the browser back to. */
  allowedRedirectUris: string[];
  /** Where /logout may send the browser (IDENTITY_ALLOWED_LOGOUT_URIS; the redirect URIs when unset), as Cognito's LogoutURLs. */
  allowedLogoutUris: string[];
  rateLimits: { perIpPerMinute: number; perUserPerMinute: number };
  /**
   * Refresh-token rotation (GetTokensFromRefreshToken answers a new refresh token and retires
   * the one it was given after `graceSeconds`); off by default, as Cognito's app clients.
   */
  refreshTokenRotation: { enabled: boolean; graceSeconds: number };
  /** AWS only: the pool's hosted UI domain (COGNITO_HOSTED_DOMAIN); the embedded one is `<PUBLIC_URL>/cognito`. */
  awsHostedDomain: string | undefined;
  /** The pool's `custom:` attributes (IDENTITY_CUSTOM_ATTRIBUTES). */
  customAttributes: CustomAttribute[];
}

/**
 * Said at start for an AWS pool without keys, and by admin-client.ts should it be handed one:
 * admin calls pass their keys explicitly, so the SDK's default credential chain (an instance
 * role, a profile) never runs, and without keys every admin users call would fail.
 */
export const AWS_ADMIN_KEYS_NEEDED =
  'Admin calls to AWS Cognito need AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: they use no other credential source, such as an instance role';

/** A fixed id: the browser needs one it can read from /api/config, and it is not a secret. */
const DEFAULT_CLIENT_ID = 'hireassist-local-client';
const DEFAULT_USER_POOL_ID = 'us-east-1_local';

/** What the browser needs to talk to the pool (served by GET /api/config; nothing secret). */
export function publicIdentityConfig(identity: IdentityConfig, publicUrl: string): IdentityPublicConfig {
  const embedded = identity.mode === 'embedded';
  return {
    region: identity.region,
    userPoolId: identity.userPoolId,
    clientId: identity.clientId,
    endpoint: embedded ? `${publicUrl}/cognito` : null,
    hostedDomain: embedded ? `${publicUrl}/cognito` : (identity.awsHostedDomain ?? null),
    // Embedded: the providers configured here. AWS: the pool's own, offered only with its hosted
    // domain, since that is where the browser is sent to sign in with them.
    socialProviders: (['Google', 'AzureAD'] as const).filter((name) =>
      embedded ? identity.providers[name] !== undefined : identity.awsHostedDomain !== undefined,
    ),
  };
}

/** Reads the identity section of the configuration (documented in .env.example). */
export function readIdentityConfig(read: EnvReader, publicOrigin: string): IdentityConfig {
  const awsPoolId = read.optional('COGNITO_USER_POOL_ID');
  const awsClientId = read.optional('COGNITO_CLIENT_ID');
  if ((awsPoolId === undefined) !== (awsClientId === undefined)) {
    read.problems.push('COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID must be set together (or neither, for the embedded service)');
  }
  const poolId = awsPoolId ?? read.string('IDENTITY_USER_POOL_ID', DEFAULT_USER_POOL_ID);
  // <region>_<id>, as Cognito names its pools.
  const poolRegion = /^([\w-]+)_[0-9a-zA-Z]+$/.exec(poolId)?.[1];
  if (poolRegion === undefined) {
    const name = awsPoolId === undefined ? 'IDENTITY_USER_POOL_ID' : 'COGNITO_USER_POOL_ID';
    read.problems.push(`${name} must look like eu-west-1_AbCdEf123, the region, an underscore and the id (got ${quote(poolId)})`);
  }
  const mode = awsPoolId !== undefined && awsClientId !== undefined ? 'aws' : 'embedded';
  // The embedded service has a sign-in page of its own and would ignore it without a word.
  if (awsPoolId === undefined && awsClientId === undefined && read.optional('COGNITO_HOSTED_DOMAIN') !== undefined) {
    read.problems.push(
      'COGNITO_HOSTED_DOMAIN is the hosted UI of an AWS Cognito pool: set COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID too, or unset it for the embedded service',
    );
  }
  const givenRegion = read.optional('COGNITO_REGION');
  // An AWS pool lives in the region its id starts with: the browser's SDK calls cognito-idp.<region>
  // and id tokens name it in their issuer, so any other region fails every sign-in. The
  // embedded pool is served here whatever region is named, so it keeps COGNITO_REGION.
  if (mode === 'aws' && poolRegion !== undefined && givenRegion !== undefined && givenRegion !== poolRegion) {
    read.problems.push(
      `COGNITO_REGION must be the region COGNITO_USER_POOL_ID starts with, ${poolRegion}, or unset (got ${quote(givenRegion)})`,
    );
  }
  const region = (mode === 'aws' ? poolRegion : undefined) ?? givenRegion ?? 'us-east-1';
  const custom = parseCustomAttributes(read.optional('IDENTITY_CUSTOM_ATTRIBUTES'));
  read.problems.push(...custom.problems);
  const signInUris = redirectUris(read, 'IDENTITY_ALLOWED_REDIRECT_URIS', publicOrigin);
  return {
    region,
    mode,
    userPoolId: poolId,
    clientId: awsClientId ?? read.string('IDENTITY_CLIENT_ID', DEFAULT_CLIENT_ID),
    adminCredentials:
      mode === 'aws'
        ? keyPair(read, 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', AWS_ADMIN_KEYS_NEEDED)
        : keyPair(read, 'IDENTITY_ADMIN_ACCESS_KEY_ID', 'IDENTITY_ADMIN_SECRET_ACCESS_KEY'),
    providers: mode === 'aws' ? awsPoolProviders(read) : embeddedProviders(read),
    allowedRedirectUris: signInUris,
    // Unset, the sign-in callbacks serve for sign-out too, as before this setting existed.
    allowedLogoutUris:
      read.optional('IDENTITY_ALLOWED_LOGOUT_URIS') === undefined
        ? signInUris
        : redirectUris(read, 'IDENTITY_ALLOWED_LOGOUT_URIS', ''),
    awsHostedDomain: read.url('COGNITO_HOSTED_DOMAIN', ['https'])?.origin,
    customAttributes: custom.attributes,
    rateLimits: {
      perIpPerMinute: read.integer('IDENTITY_RATE_LIMIT_PER_IP', 600, { min: 1, max: 10_000_000 }),
      perUserPerMinute: read.integer('IDENTITY_RATE_LIMIT_PER_USER', 60, { min: 1, max: 10_000_000 }),
    },
    refreshTokenRotation: {
      enabled: read.oneOf('IDENTITY_REFRESH_TOKEN_ROTATION', ['on', 'off'], 'off') === 'on',
      graceSeconds: read.integer('IDENTITY_REFRESH_TOKEN_GRACE_SECONDS', 60, { min: 0, max: 60 }),
    },
  };
}

/**
 * Where hosted sign-in (or sign-out) may send the browser back to, from setting `name` or else
 * `fallback`. Each must be an absolute URL without a fragment (the code is appended as a query),
 * as Cognito's callback and sign-out URLs; a mobile app's own scheme (myapp://signed-in) is one
 * too. Checked here so a typo stops the start, naming the entry, instead of refusing every
 * sign-in later.
 */
function redirectUris(read: EnvReader, name: string, fallback: string): string[] {
  const listed = (read.optional(name) ?? fallback)
    .split(',')
    .map((uri) => uri.trim())
    .filter((uri) => uri !== '');
  return listed.filter((uri) => {
    if (!URL.canParse(uri)) {
      read.problems.push(`${name} must list absolute URLs such as https://app.example/callback (got ${quote(uri)})`);
      return false;
    }
    if (uri.includes('#')) {
      read.problems.push(`${name} must list URLs without a #fragment (got ${quote(uri)})`);
      return false;
    }
    return true;
  });
}

/** A key pair from the environment; `whenMissing`, when given, is the problem if neither half is set. */
function keyPair(
  read: EnvReader,
  idName: string,
  secretName: string,
  tokenName?: string,
  whenMissing?: string,
): AccessKeyPair | undefined {
  const accessKeyId = read.optional(idName);
  const secretAccessKey = read.optional(secretName);
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    read.problems.push(`${idName} and ${secretName} must be set together`);
  } else if (accessKeyId === undefined && whenMissing !== undefined) {
    read.problems.push(whenMissing);
  }
  if (accessKeyId === undefined || secretAccessKey === undefined) return undefined;
  const sessionToken = tokenName ? read.optional(tokenName) : undefined;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

/** Google and Microsoft sign-in through the embedded service: its own keys with each provider. */
function embeddedProviders(read: EnvReader): IdentityConfig['providers'] {
  return {
    ...provider(read, 'Google', 'GOOGLE', 'https://accounts.google.com/.well-known/openid-configuration'),
    ...provider(
      read,
      'AzureAD',
      'AZUREAD',
      `https://login.microsoftonline.com/${read.string('AZUREAD_TENANT', 'common')}/v2.0/.well-known/openid-configuration`,
    ),
  };
}

/**
 * None here with an AWS pool: its identity providers are configured in AWS, and keys set here
 * would be ignored without a word, so they are refused.
 */
function awsPoolProviders(read: EnvReader): IdentityConfig['providers'] {
  for (const [name, prefix] of [
    ['Google', 'GOOGLE'],
    ['AzureAD', 'AZUREAD'],
  ] as const) {
    if (read.optional(`${prefix}_CLIENT_ID`) !== undefined || read.optional(`${prefix}_CLIENT_SECRET`) !== undefined) {
      read.problems.push(
        `${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET are read by the embedded identity service only: with an AWS pool, add ${name} to the pool's identity providers in AWS and unset them`,
      );
    }
  }
  return {};
}

function provider<Name extends 'Google' | 'AzureAD'>(
  read: EnvReader,
  name: Name,
  prefix: string,
  defaultDiscoveryUrl: string,
): Partial<Record<Name, UpstreamProviderConfig>> {
  const clientId = read.optional(`${prefix}_CLIENT_ID`);
  const clientSecret = read.optional(`${prefix}_CLIENT_SECRET`);
  const discovery = read.url(`${prefix}_DISCOVERY_URL`, ['http', 'https']);
  if (clientId === undefined || clientSecret === undefined) {
    if (clientId !== clientSecret) read.problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
    return {};
  }
  const config: UpstreamProviderConfig = { clientId, clientSecret, discoveryUrl: discovery?.href ?? defaultDiscoveryUrl };
  return { [name]: config } as Partial<Record<Name, UpstreamProviderConfig>>;
}
