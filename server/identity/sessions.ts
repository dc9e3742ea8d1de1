import { randomUUID } from 'node:crypto';
import type { AuthenticationResultType } from '@aws-sdk/client-cognito-identity-provider';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { DAY } from './clock.ts';
import { hashToken } from './codes.ts';
import {
  expiredAccessToken,
  invalidAccessToken,
  notAuthorized,
  revokedAccessToken,
  userDisabled,
  userNotFound,
} from './errors.ts';
import type { IdentityService, SessionWithUser } from './service.ts';
import { ADMIN_SCOPE, issueTokens, newRefreshToken, REFRESH_TOKEN_DAYS, verifyJwt, type AccessTokenClaims } from './tokens.ts';
import type { UserRow } from './users.ts';

/**
 * Starts a sign-in session: a refresh token (stored hashed) whose id is the `origin_jti`
 * of every access token issued from it, so revoking the session revokes them all.
 */
export async function startSession(
  service: IdentityService,
  user: UserRow,
  clientId: string,
  scope = ADMIN_SCOPE,
): Promise<Required<Pick<AuthenticationResultType, 'AccessToken' | 'IdToken' | 'RefreshToken' | 'ExpiresIn' | 'TokenType'>>> {
  const now = service.clock.now();
  const refreshToken = newRefreshToken();
  const sessionId = randomUUID();
  const authTime = Math.floor(now / 1000);
  const [tokens] = await Promise.all([
    issueTokens(service.keys, user, { sessionId, clientId, authTime, scope }, now),
    service.db
      .insertInto('identity_sessions')
      .values({
        id: sessionId,
        user_sub: user.sub,
        refresh_token_hash: hashToken(refreshToken),
        client_id: clientId,
        auth_time: new Date(authTime * 1000),
        expires_at: new Date(now + REFRESH_TOKEN_DAYS * DAY),
        revoked_at: null,
        created_at: new Date(now),
      })
      .execute(),
  ]);
  return { ...tokens, RefreshToken: refreshToken };
}

const SESSION_COLUMNS = ['s.id', 's.client_id', 's.auth_time', 's.expires_at', 's.revoked_at'] as const;

/** The session a refresh token belongs to, with its user (cached briefly). */
async function sessionByRefreshToken(service: IdentityService, refreshToken: string): Promise<SessionWithUser | undefined> {
  const tokenHash = hashToken(refreshToken);
  const key = `refresh:${tokenHash}`;
  const now = service.clock.now();
  const cached = service.sessions.get(key, now);
  if (cached) return cached;
  const found = await service.db
    .selectFrom('identity_sessions as s')
    .innerJoin('identity_users as u', 'u.sub', 's.user_sub')
    .selectAll('u')
    .select(SESSION_COLUMNS)
    .where('s.refresh_token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (found === undefined) return undefined;
  const entry = splitSession(found);
  service.sessions.set(key, entry, now);
  return entry;
}

/** The user an access token names, with the session it was issued from (null when gone). */
async function sessionByAccessToken(service: IdentityService, claims: AccessTokenClaims): Promise<SessionWithUser | undefined> {
  const key = `access:${claims.origin_jti}:${claims.sub}`;
  const now = service.clock.now();
  const cached = service.sessions.get(key, now);
  if (cached) return cached;
  const user = await service.db.selectFrom('identity_users').selectAll().where('sub', '=', claims.sub).executeTakeFirst();
  if (user === undefined) return undefined;
  const session =
    (await service.db
      .selectFrom('identity_sessions as s')
      .select(SESSION_COLUMNS)
      .where('s.id', '=', claims.origin_jti)
      .where('s.user_sub', '=', claims.sub)
      .executeTakeFirst()) ?? null;
  const entry = { user, session };
  service.sessions.set(key, entry, now);
  return entry;
}

function splitSession<Row extends UserRow & NonNullable<SessionWithUser['session']>>(row: Row): SessionWithUser {
  const { id, client_id, auth_time, expires_at, revoked_at, ...user } = row;
  return { user, session: { id, client_id, auth_time, expires_at, revoked_at } };
}

/** New access and id tokens from a refresh token; the refresh token itself stays (Cognito's default). */
export async function refreshSession(service: IdentityService, refreshToken: string, clientId: string) {
  const now = service.clock.now();
  const found = await sessionByRefreshToken(service, refreshToken);
  const session = found?.session;
  if (found === undefined || !session || session.client_id !== clientId) throw notAuthorized('Invalid Refresh Token');
  if (session.revoked_at !== null) throw notAuthorized('Refresh Token has been revoked');
  if (session.expires_at.getTime() <= now) throw notAuthorized('Refresh Token has expired');
  if (!found.user.enabled) throw userDisabled();
  const origin = {
    sessionId: session.id,
    clientId,
    authTime: Math.floor(session.auth_time.getTime() / 1000),
    scope: ADMIN_SCOPE,
  };
  return issueTokens(service.keys, found.user, origin, now);
}

/**
 * The user an access token speaks for, after checking signature, expiry, token use and
 * that its session is neither revoked nor gone.
 */
export async function authenticate(
  service: IdentityService,
  accessToken: string,
): Promise<{ user: UserRow; claims: AccessTokenClaims }> {
  const check = verifyJwt<AccessTokenClaims>(service.keys, accessToken, service.clock.now());
  if (!check.ok) throw check.reason === 'expired' ? expiredAccessToken() : invalidAccessToken();
  const { claims } = check;
  if (claims.token_use !== 'access') throw invalidAccessToken();
  const found = await sessionByAccessToken(service, claims);
  if (found === undefined) throw userNotFound();
  if (found.session === null || found.session.revoked_at !== null) throw revokedAccessToken();
  if (!found.user.enabled) throw userDisabled();
  return { user: found.user, claims };
}

/** Ends every session of a user: their refresh tokens and all access tokens issued from them. */
export async function revokeAllSessions(db: Kysely<Schema>, userSub: string, nowMs: number): Promise<void> {
  await db
    .updateTable('identity_sessions')
    .set({ revoked_at: new Date(nowMs) })
    .where('user_sub', '=', userSub)
    .where('revoked_at', 'is', null)
    .execute();
}
