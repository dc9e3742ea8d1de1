import {
  createPrivateKey,
  createPublicKey,
  randomBytes,
  randomUUID,
  sign,
  verify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import type { IdentityLink } from '../db/schema.ts';
import { attributeClaims } from './attributes.ts';
import type { StoredSigningKey } from './secrets.ts';

export const ACCESS_TOKEN_SECONDS = 3600;
export const ID_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 30;
/** The scope Cognito puts in access tokens from its own sign-in APIs. */
export const ADMIN_SCOPE = 'aws.cognito.signin.user.admin';

interface CommonClaims {
  sub: string;
  iss: string;
  token_use: 'access' | 'id';
  auth_time: number;
  iat: number;
  exp: number;
  jti: string;
  origin_jti: string;
  event_id: string;
}

export interface AccessTokenClaims extends CommonClaims {
  token_use: 'access';
  /** Cognito's access tokens carry version 2. */
  version: 2;
  client_id: string;
  scope: string;
  username: string;
  'cognito:groups'?: string[];
}

export interface IdTokenClaims extends CommonClaims {
  token_use: 'id';
  aud: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  phone_number?: string;
  phone_number_verified?: boolean;
  /** The OIDC client's nonce, when it sent one to /oauth2/authorize. */
  nonce?: string;
  'cognito:username': string;
  'cognito:groups'?: string[];
  identities?: IdentityLink[];
  /** The other standard attributes and the `custom:` ones (attributeClaims). */
  [claim: string]: unknown;
}

/** What a token is about: the user as stored, the sign-in it comes from. */
export interface TokenSubject {
  sub: string;
  username: string;
  email: string;
  email_verified: boolean;
  given_name: string | null;
  family_name: string | null;
  phone_number: string | null;
  identities: IdentityLink[] | null;
  /** The standard attributes without a column and the `custom:` ones. */
  attributes?: Readonly<Record<string, string>>;
  /** The user's groups, by precedence; Cognito leaves the claim out when there are none. */
  groups?: readonly string[];
}

export interface TokenOrigin {
  sessionId: string;
  clientId: string;
  authTime: number;
  scope: string;
  nonce?: string | undefined;
}

export interface SigningKeys {
  kid: string;
  issuer: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public half as the JWKS publishes it. */
  jwks: { keys: JsonWebKey[] };
  /** The JWT header, base64url-encoded once: every token this key signs starts with it. */
  encodedHeader: string;
  /**
   * Tokens whose signature, key id and issuer this instance has already checked, with their
   * claims. A client sends the same access token with every call for an hour, and the RSA
   * check was the largest part of such a call; a text's signature never changes, so only its
   * expiry is checked again. Bounded: started afresh when full.
   */
  checked: Map<string, Readonly<CommonClaims>>;
}

/** How many checked tokens an instance remembers (about 1 KB each). */
const CHECKED_TOKENS_MAX = 20_000;

export function createSigningKeys(stored: StoredSigningKey, issuer: string): SigningKeys {
  const privateKey = createPrivateKey(stored.privateKeyPem);
  const publicKey = createPublicKey(privateKey);
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: stored.kid, alg: 'RS256', use: 'sig' };
  const encodedHeader = base64url(JSON.stringify({ kid: stored.kid, alg: 'RS256' }));
  return { kid: stored.kid, issuer, privateKey, publicKey, jwks: { keys: [jwk] }, encodedHeader, checked: new Map() };
}

function base64url(value: string): string {
  return Buffer.from(value).toString('base64url');
}

/** RS256 on the thread pool, so signatures use every core instead of blocking the event loop. */
function signJwt(keys: SigningKeys, claims: object): Promise<string> {
  const input = `${keys.encodedHeader}.${base64url(JSON.stringify(claims))}`;
  return new Promise((resolve, reject) => {
    sign('sha256', Buffer.from(input), keys.privateKey, (error, signature) => {
      if (error) reject(error);
      else resolve(`${input}.${signature.toString('base64url')}`);
    });
  });
}

export type JwtCheck<Claims> = { ok: true; claims: Claims } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks signature, key id, issuer and expiry; the caller checks token_use and revocation. */
export function verifyJwt<Claims extends CommonClaims>(keys: SigningKeys, token: string, nowMs: number): JwtCheck<Claims> {
  const claims = (keys.checked.get(token) ?? checkSignature(keys, token)) as Claims | undefined;
  if (claims === undefined) return { ok: false, reason: 'invalid' };
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** The claims of a token signed by these keys for this issuer (remembered), or undefined. */
function checkSignature(keys: SigningKeys, token: string): Readonly<CommonClaims> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid?: unknown; alg?: unknown };
    if (head.alg !== 'RS256' || head.kid !== keys.kid) return undefined;
    if (!verify('sha256', Buffer.from(`${header}.${payload}`), keys.publicKey, Buffer.from(signature, 'base64url'))) {
      return undefined;
    }
    const claims = Object.freeze(JSON.parse(Buffer.from(payload, 'base64url').toString()) as CommonClaims);
    if (claims.iss !== keys.issuer || typeof claims.exp !== 'number') return undefined;
    if (keys.checked.size >= CHECKED_TOKENS_MAX) keys.checked.clear();
    keys.checked.set(token, claims);
    return claims;
  } catch {
    return undefined;
  }
}

export interface IssuedTokens {
  AccessToken: string;
  IdToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

/** An access token and an id token with Cognito's claims, signed concurrently. */
export async function issueTokens(
  keys: SigningKeys,
  user: TokenSubject,
  origin: TokenOrigin,
  nowMs: number,
): Promise<IssuedTokens> {
  const iat = Math.floor(nowMs / 1000);
  const eventId = randomUUID();
  const common = {
    sub: user.sub,
    iss: keys.issuer,
    origin_jti: origin.sessionId,
    event_id: eventId,
    auth_time: origin.authTime,
    iat,
  };
  const groups = user.groups?.length ? { 'cognito:groups': [...user.groups] } : {};
  const access: AccessTokenClaims = {
    ...common,
    token_use: 'access',
    version: 2,
    client_id: origin.clientId,
    scope: origin.scope,
    exp: iat + ACCESS_TOKEN_SECONDS,
    jti: randomUUID(),
    ...groups,
    username: user.username,
  };
  const id: IdTokenClaims = {
    ...common,
    ...groups,
    ...attributeClaims(user.attributes ?? {}),
    token_use: 'id',
    aud: origin.clientId,
    email: user.email,
    email_verified: user.email_verified,
    ...(user.given_name !== null ? { given_name: user.given_name } : {}),
    ...(user.family_name !== null ? { family_name: user.family_name } : {}),
    // OIDC clients read phone_number only with its phone_number_verified beside it, as Cognito sends them.
    ...(user.phone_number !== null
      ? { phone_number: user.phone_number, phone_number_verified: user.attributes?.phone_number_verified === 'true' }
      : {}),
    ...(origin.nonce !== undefined ? { nonce: origin.nonce } : {}),
    'cognito:username': user.username,
    ...(user.identities ? { identities: user.identities } : {}),
    exp: iat + ID_TOKEN_SECONDS,
    jti: randomUUID(),
  };
  const [AccessToken, IdToken] = await Promise.all([signJwt(keys, access), signJwt(keys, id)]);
  return { AccessToken, IdToken, ExpiresIn: ACCESS_TOKEN_SECONDS, TokenType: 'Bearer' };
}

/** The claims of a token this service has just signed (so they are not checked again). */
export function issuedClaims<Claims>(token: string): Claims {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
}

/** An opaque refresh token; only its hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(48).toString('base64url');
}
