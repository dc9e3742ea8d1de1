import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  IdentityHostedSessionsTable,
  IdentityOAuthCodesTable,
  IdentityOAuthRequestsTable,
  Schema,
} from '../../db/schema.ts';
import { hashToken } from '../codes.ts';

/** A hosted sign-in waiting for the provider's answer (between /oauth2/authorize and /oauth2/idpresponse). */
type PendingSignIn = Selectable<IdentityOAuthRequestsTable>;

/** What an authorization code grants, stored under the code's hash. */
type CodeGrant = Selectable<IdentityOAuthCodesTable>;

export async function savePendingSignIn(db: Kysely<Schema>, pending: Insertable<IdentityOAuthRequestsTable>): Promise<void> {
  await db.insertInto('identity_oauth_requests').values(pending).execute();
}

/**
 * The pending sign-in of `state`, removed as it is read: the provider's answer is accepted
 * once, even when the browser replays it. Expiry is the caller's to check.
 */
export function takePendingSignIn(db: Kysely<Schema>, state: string): Promise<PendingSignIn | undefined> {
  return db.deleteFrom('identity_oauth_requests').where('id', '=', state).returningAll().executeTakeFirst();
}

/** Stores the grant of a new authorization code; only the code's hash is kept. */
export async function saveAuthorizationCode(
  db: Kysely<Schema>,
  code: string,
  grant: Omit<Insertable<IdentityOAuthCodesTable>, 'code_hash'>,
): Promise<void> {
  await db
    .insertInto('identity_oauth_codes')
    .values({ ...grant, code_hash: hashToken(code) })
    .execute();
}

/**
 * The grant of `code`, removed as it is read: deleting on read makes every code single-use,
 * even under concurrent exchanges. Expiry, client and PKCE are the caller's to check.
 */
export function takeAuthorizationCode(db: Kysely<Schema>, code: string): Promise<CodeGrant | undefined> {
  return db.deleteFrom('identity_oauth_codes').where('code_hash', '=', hashToken(code)).returningAll().executeTakeFirst();
}

/** Remembers a browser that signed in on the pool's page, under its cookie value's hash. */
export async function saveHostedSession(
  db: Kysely<Schema>,
  token: string,
  session: Omit<Insertable<IdentityHostedSessionsTable>, 'id_hash'>,
): Promise<void> {
  await db
    .insertInto('identity_hosted_sessions')
    .values({ ...session, id_hash: hashToken(token) })
    .execute();
}

/**
 * The user of a cookie value's live session, with how and when they signed in: one statement, as it runs
 * on every authorization request of a remembered browser. Whether the user may still sign in is
 * the caller's to check. The session's row stays locked until `db`'s transaction ends, so a
 * sign-out deleting it waits for the code granted from it, and deletes that code too.
 */
export function findHostedSessionUser(db: Kysely<Schema>, token: string, now: Date) {
  return db
    .selectFrom('identity_hosted_sessions as h')
    .innerJoin('identity_users as u', 'u.sub', 'h.user_sub')
    .select(['u.sub', 'u.enabled', 'u.status', 'h.sign_in_method', 'h.auth_time'])
    .where('h.id_hash', '=', hashToken(token))
    .where('h.expires_at', '>', now)
    .forShare('h')
    .executeTakeFirst();
}

export async function deleteHostedSession(db: Kysely<Schema>, token: string): Promise<void> {
  await db.deleteFrom('identity_hosted_sessions').where('id_hash', '=', hashToken(token)).execute();
}

/**
 * Forgets what hosted sign-in holds for a user, for when all their sessions end: the browsers
 * the sign-in page remembers (each would be handed new codes) and the codes not yet exchanged
 * (each would start a new session, with a 30-day refresh token, after the sign-out).
 */
export async function forgetHostedSignIns(db: Kysely<Schema>, userSub: string): Promise<void> {
  await db.deleteFrom('identity_hosted_sessions').where('user_sub', '=', userSub).execute();
  await db.deleteFrom('identity_oauth_codes').where('user_sub', '=', userSub).execute();
}
