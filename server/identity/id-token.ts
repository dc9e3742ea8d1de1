import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import type { IdentityConfig } from './config.ts';
import { loadSigningKeyPem } from './secrets.ts';
import { createSigningKeys, type IdTokenClaims } from './tokens.ts';

/** Checks an id token and returns its claims; rejects with an Error saying why. */
export type IdTokenVerifier = (idToken: string) => Promise<IdTokenClaims>;

/**
 * Verifies id tokens of the configured pool (for /api/audit-login and the like): RS256
 * signature against the pool's JWKS, issuer, audience (our app client), expiry, and
 * `token_use` = id. Embedded pool: keys from the database, and the sign-in session must still
 * be live (not ended by sign-out, its user neither disabled nor deleted), as the pool's own
 * access tokens are checked; AWS: the pool's public JWKS.
 */
export async function createIdTokenVerifier(options: {
  identity: IdentityConfig;
  publicUrl: string;
  db: Kysely<Schema>;
  clock?: Clock;
}): Promise<IdTokenVerifier> {
  const { identity } = options;
  let issuer: string;
  let keys: JWTVerifyGetKey;
  let sessionLive: (claims: IdTokenClaims) => Promise<boolean> = () => Promise.resolve(true);
  if (identity.mode === 'aws') {
    issuer = `https://cognito-idp.${identity.region}.amazonaws.com/${identity.userPoolId}`;
    keys = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  } else {
    issuer = `${options.publicUrl}/cognito/${identity.userPoolId}`;
    keys = createLocalJWKSet(
      createSigningKeys(await loadSigningKeyPem(options.db), issuer).jwks as Parameters<typeof createLocalJWKSet>[0],
    );
    sessionLive = async (claims) =>
      (await options.db
        .selectFrom('identity_sessions as s')
        .innerJoin('identity_users as u', 'u.sub', 's.user_sub')
        .select('s.id')
        .where('s.id', '=', claims.origin_jti)
        .where('s.user_sub', '=', claims.sub)
        .where('s.revoked_at', 'is', null)
        .where('u.enabled', '=', true)
        .executeTakeFirst()) !== undefined;
  }
  return async (idToken) => {
    const { payload } = await jwtVerify<IdTokenClaims>(idToken, keys, {
      issuer,
      audience: identity.clientId,
      algorithms: ['RS256'],
      ...(options.clock ? { currentDate: new Date(options.clock.now()) } : {}),
    });
    if (payload.token_use !== 'id') throw new Error('Not an id token');
    if (!(await sessionLive(payload))) throw new Error('The session of this id token has ended');
    return payload;
  };
}
