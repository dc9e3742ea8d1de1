import { randomUUID } from 'node:crypto';
import type { AuthenticationResultType } from '@aws-sdk/client-cognito-identity-provider';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { DAY, SECOND } from './clock.ts';
import { hashToken } from './codes.ts';
import {
  expiredAccessToken,
  invalidAccessToken,
  missingScope,
  notAuthorized,
  refreshTokenReused,
  revokedAccessToken,
  userDisabled,
  userNotFound,
} from './errors.ts';
import { hasScope } from './oauth2/scope.ts';
import { forgetHostedSignIns } from './oauth2/store.ts';
import type { IdentityService, SessionWithUser } from './service.ts';
import { ADMIN_SCOPE, issueTokens, newRefreshToken, REFRESH_TOKEN_DAYS, verifyJwt, type AccessTokenClaims } from './tokens.ts';
import type { UserRow } from './users.ts';

/** What a sign-in session may start with besides its user and client. */
export interface SessionOptions {
  /** The access tokens' scope; the sign-in APIs' own by default. */
  scope?: string;
  /** A sign-in that must happen once (an SRP answer) names its session: a replay hits the primary key. */
  sessionId?: string;
  /** The OIDC client's nonce (hosted sign-in), put in the id token. */
  nonce?: string;
  /**
   * When the user authenticated, when that was not just now: a hosted sign-in's code is
   * exchanged later, and a remembered browser's code carries a sign-in up to an hour old. The
   * session keeps it, so the tokens of every refresh claim the same auth_time.
   */
  authTime?: Date;
}

/**
 * Starts a sign-in session: a refresh token (stored hashed) whose id is the `origin_jti`
 * of every access token issued from it, so revoking the session revokes them all. `db` is the
 * caller's transaction where it has one.
 */
export async function startSession(
  service: IdentityService,
  user: UserRow,
  clientId: string,
  { scope = ADMIN_SCOPE, sessionId = randomUUID(), nonce, authTime: authenticatedAt }: SessionOptions = {},
  db: Kysely<Schema> = service.db,
): Promise<Required<Pick<AuthenticationResultType, 'AccessToken' | 'IdToken' | 'RefreshToken' | 'ExpiresIn' | 'TokenType'>>> {
  const now = service.clock.now();
  const refreshToken = newRefreshToken();
  const authTime = Math.floor((authenticatedAt?.getTime() ?? now) / 1000);
  const [tokens] = await Promise.all([
    issueTokens(service.keys, user, { sessionId, clientId, authTime, scope, nonce }, now),
    db
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
        scope: scope === ADMIN_SCOPE ? null : scope,
      })
      .execute(),
  ]);
  return { ...tokens, RefreshToken: refreshToken };
}

const SESSION_COLUMNS = ['s.id', 's.client_id', 's.auth_time', 's.expires_at', 's.revoked_at', 's.scope'] as const;

/**
 * The session a refresh token belongs to, with its user (cached briefly): the session's first
 * token, else one that rotation issued.
 */
async function sessionByRefreshToken(service: IdentityService, tokenHash: string): Promise<SessionWithUser | undefined> {
  const key = `refresh:${tokenHash}`;
  const now = service.clock.now();
  const cached = service.sessions.get(key, now);
  if (cached) return cached;
  const first = await service.db
    .selectFrom('identity_sessions as s')
    .innerJoin('identity_users as u', 'u.sub', 's.user_sub')
    .selectAll('u')
    .select([...SESSION_COLUMNS, 's.refresh_token_valid_until as valid_until'])
    .where('s.refresh_token_hash', '=', tokenHash)
    .executeTakeFirst();
  const found =
    first ??
    (await service.db
      .selectFrom('identity_rotated_refresh_tokens as r')
      .innerJoin('identity_sessions as s', 's.id', 'r.session_id')
      .innerJoin('identity_users as u', 'u.sub', 's.user_sub')
      .selectAll('u')
      .select([...SESSION_COLUMNS, 'r.valid_until'])
      .where('r.token_hash', '=', tokenHash)
      .executeTakeFirst());
  if (found === undefined) return undefined;
  const { valid_until: validUntil, ...row } = found;
  const entry = { ...splitSession(row), refreshToken: { rotated: first === undefined, validUntil } };
  service.sessions.set(key, entry, now);
  return entry;
}

/** The id and client of the session a refresh token (first or rotated, retired or not) belongs to. */
export async function findRefreshTokenSession(
  service: IdentityService,
  refreshToken: string,
): Promise<{ id: string; client_id: string } | undefined> {
  const tokenHash = hashToken(refreshToken);
  return (
    (await service.db
      .selectFrom('identity_sessions')
      .select(['id', 'client_id'])
      .where('refresh_token_hash', '=', tokenHash)
      .executeTakeFirst()) ??
    (await service.db
      .selectFrom('identity_rotated_refresh_tokens as r')
      .innerJoin('identity_sessions as s', 's.id', 'r.session_id')
      .select(['s.id', 's.client_id'])
      .where('r.token_hash', '=', tokenHash)
      .executeTakeFirst())
  );
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
  const { id, client_id, auth_time, expires_at, revoked_at, scope, ...user } = row;
  return { user, session: { id, client_id, auth_time, expires_at, revoked_at, scope } };
}

/**
 * New access and id tokens from a refresh token. With rotation off the refresh token stays
 * (Cognito's default). With it on (IDENTITY_REFRESH_TOKEN_ROTATION), a new refresh token of the
 * same session comes back too, and the one given stops working `graceSeconds` later (so a client
 * whose answer was lost can retry); revoking any of a session's tokens revokes them all. The
 * setting is the client's, so every way to refresh follows it: GetTokensFromRefreshToken and
 * /oauth2/token rotate, and REFRESH_TOKEN_AUTH, which cannot, is refused (sign-in.ts).
 */
export async function refreshSession(
  service: IdentityService,
  refreshToken: string,
  clientId: string,
): Promise<AuthenticationResultType> {
  const rotate = service.config.refreshTokenRotation.enabled;
  const now = service.clock.now();
  const tokenHash = hashToken(refreshToken);
  const found = await sessionByRefreshToken(service, tokenHash);
  const session = found?.session;
  if (found === undefined || !session || session.client_id !== clientId) throw notAuthorized('Invalid Refresh Token');
  if (session.revoked_at !== null) throw notAuthorized('Refresh Token has been revoked');
  if (session.expires_at.getTime() <= now) throw notAuthorized('Refresh Token has expired');
  const retiredAt = found.refreshToken?.validUntil;
  if (retiredAt && retiredAt.getTime() <= now) throw await reuseDetected(service, session.id);
  if (!found.user.enabled) throw userDisabled();
  const origin = {
    sessionId: session.id,
    clientId,
    authTime: Math.floor(session.auth_time.getTime() / 1000),
    scope: session.scope ?? ADMIN_SCOPE,
  };
  if (!rotate) return issueTokens(service.keys, found.user, origin, now);
  const [tokens, RefreshToken] = await Promise.all([
    issueTokens(service.keys, found.user, origin, now),
    rotateRefreshToken(service, session.id, tokenHash, found.refreshToken?.rotated === true, now),
  ]);
  return { ...tokens, RefreshToken };
}

/**
 * A refresh token that rotation retired, sent again past its grace: two holders have the
 * session's tokens (the app, and whoever copied one), and which of them sent it cannot be told.
 * So the session ends for both, as OAuth 2.0's security best practice for rotation says: the
 * owner signs in again, and the copy's newer tokens stop working. Cognito answers the same
 * exception but lets the session run on (docs/identity.md says so).
 */
async function reuseDetected(service: IdentityService, sessionId: string) {
  await revokeSession(service, sessionId);
  return refreshTokenReused();
}

/**
 * Retires the refresh token given, `graceSeconds` from its first use, and stores a new one for
 * the session. The retirement is checked and set in one statement, which every instance's
 * uses of the token take in turn: the token's read (sessionByRefreshToken) may be a moment old,
 * or cached on this instance while another retired it, and a second use found retired here,
 * past its grace, is refused as a reuse (which ends the session) rather than given tokens.
 */
async function rotateRefreshToken(
  service: IdentityService,
  sessionId: string,
  givenHash: string,
  givenWasRotated: boolean,
  now: number,
): Promise<string> {
  const graceMs = service.config.refreshTokenRotation.graceSeconds * SECOND;
  // Only the first use starts the grace: retrying within it does not extend it.
  const retire = (column: string) => sql<Date>`coalesce(${sql.ref(column)}, ${new Date(now + graceMs)})`;
  // Without a grace a token has one use: a retirement stamped a moment after this use read its
  // clock (on another instance) is no grace still running.
  const unretired = (column: string) =>
    graceMs === 0
      ? sql<boolean>`${sql.ref(column)} is null`
      : sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} > ${new Date(now)})`;
  const retired = await (givenWasRotated
    ? service.db
        .updateTable('identity_rotated_refresh_tokens')
        .set({ valid_until: retire('valid_until') })
        .where('token_hash', '=', givenHash)
        .where(unretired('valid_until'))
        .executeTakeFirst()
    : service.db
        .updateTable('identity_sessions')
        .set({ refresh_token_valid_until: retire('refresh_token_valid_until') })
        .where('id', '=', sessionId)
        .where(unretired('refresh_token_valid_until'))
        .executeTakeFirst());
  service.sessions.delete(`refresh:${givenHash}`);
  if (retired.numUpdatedRows === 0n) throw await reuseDetected(service, sessionId);
  const refreshToken = newRefreshToken();
  await service.db
    .insertInto('identity_rotated_refresh_tokens')
    .values({ token_hash: hashToken(refreshToken), session_id: sessionId, valid_until: null, created_at: new Date(now) })
    .execute();
  return refreshToken;
}

/**
 * The user an access token speaks for, after checking signature, expiry, token use, scope and
 * that its session is neither revoked nor gone. As in Cognito, the user API (GetUser,
 * UpdateUserAttributes, ChangePassword, DeleteUser…) takes only tokens that carry
 * aws.cognito.signin.user.admin, and userinfo only tokens that carry `openid`: a token an app
 * obtained through hosted sign-in for `openid email` reads the user there, never changes the account.
 */
export async function authenticate(
  service: IdentityService,
  accessToken: string,
  requiredScope: typeof ADMIN_SCOPE | 'openid' = ADMIN_SCOPE,
): Promise<{ user: UserRow; claims: AccessTokenClaims }> {
  const check = verifyJwt<AccessTokenClaims>(service.keys, accessToken, service.clock.now());
  if (!check.ok) throw check.reason === 'expired' ? expiredAccessToken() : invalidAccessToken();
  const { claims } = check;
  if (claims.token_use !== 'access') throw invalidAccessToken();
  const found = await sessionByAccessToken(service, claims);
  if (found === undefined) throw userNotFound();
  if (found.session === null || found.session.revoked_at !== null) throw revokedAccessToken();
  if (!found.user.enabled) throw userDisabled();
  // Last: a token that is no good at all says so (userInfo: invalid_token), whatever its scope.
  if (!hasScope(claims.scope, requiredScope)) throw missingScope();
  return { user: found.user, claims };
}

/** Ends one session: its refresh tokens and the access tokens issued from it (none, when there is no such session). */
export async function revokeSession(service: IdentityService, sessionId: string): Promise<void> {
  const { numUpdatedRows } = await service.db
    .updateTable('identity_sessions')
    .set({ revoked_at: new Date(service.clock.now()) })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  // This instance forgets what it cached at once (the others within their cache's lifetime).
  if (numUpdatedRows > 0n) service.sessions.clear();
}

/**
 * Ends every session of a user: their refresh tokens and all access tokens issued from them,
 * and whatever hosted sign-in would start a new one from (remembered browsers, unexchanged
 * codes). `db` is the caller's transaction where it has one.
 *
 * The codes go first: a code exchange running meanwhile has either taken its code already
 * (then deleting the codes waits on that row until the exchange commits, and the revocation
 * below sees the session it started) or finds it gone. Revoking first let an exchange commit
 * between the two a session the sign-out never saw.
 */
export async function revokeAllSessions(db: Kysely<Schema>, userSub: string, nowMs: number): Promise<void> {
  await forgetHostedSignIns(db, userSub);
  await db
    .updateTable('identity_sessions')
    .set({ revoked_at: new Date(nowMs) })
    .where('user_sub', '=', userSub)
    .where('revoked_at', 'is', null)
    .execute();
}
