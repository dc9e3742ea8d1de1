import { JwtVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/**
 * A back end that accepts our tokens, written as docs/identity.md tells its developers: the
 * recipe there, run here against the real server's issuer and JWKS, so the page cannot drift
 * from what works. The server here listens on http, where aws-jwt-verify fetches no JWKS (https
 * only), so it is handed the JWKS the server serves, as the page says for a local pool.
 */
let t: IdentityTestServer;
let issuer: string;
let jwksUri: string;
let jwks: Jwks;
beforeAll(async () => {
  t = await startIdentityServer();
  issuer = `${t.server.config.publicUrl}/cognito/${POOL_ID}`;
  // Where this test server really listens; its PUBLIC_URL names the issuer.
  jwksUri = `${t.server.url}/cognito/${POOL_ID}/.well-known/jwks.json`;
  jwks = (await (await fetch(jwksUri)).json()) as Jwks;
  await t.createUser('backend.user@example.com');
});
afterAll(() => t.close());

/** aws-jwt-verify's generic verifier with Cognito's claim checks (its CognitoJwtVerifier is pinned to AWS's host). */
function accessVerifier() {
  const verifier = JwtVerifier.create({
    issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    audience: null,
    customJwtCheck: ({ payload }) => validateCognitoJwtFields(payload, { tokenUse: 'access', clientId: CLIENT_ID }),
  });
  verifier.cacheJwks(jwks);
  return verifier;
}

/** jose, as the page shows it. */
async function verifyIdToken(token: string) {
  const jwks = createRemoteJWKSet(new URL(jwksUri));
  const { payload } = await jwtVerify(token, jwks, { issuer, audience: CLIENT_ID, algorithms: ['RS256'] });
  if (payload.token_use !== 'id') throw new Error('not an id token');
  return payload;
}

describe('checking our tokens in another back end, as docs/identity.md shows', () => {
  it('aws-jwt-verify accepts an access token and refuses an id token in its place', async () => {
    const tokens = await t.signIn('backend.user@example.com');
    const claims = await accessVerifier().verify(tokens.AccessToken);
    expect(claims).toMatchObject({ token_use: 'access', client_id: CLIENT_ID, iss: issuer });
    await expect(accessVerifier().verify(tokens.IdToken)).rejects.toThrow('Token use not allowed: id. Expected: access');
  });

  it('jose accepts an id token and refuses an access token in its place', async () => {
    const tokens = await t.signIn('backend.user@example.com');
    expect(await verifyIdToken(tokens.IdToken)).toMatchObject({ email: 'backend.user@example.com', aud: CLIENT_ID });
    await expect(verifyIdToken(tokens.AccessToken)).rejects.toThrow();
  });

  it('both refuse a token whose claims were changed, and one that has expired', async () => {
    const tokens = await t.signIn('backend.user@example.com');
    const [header, payload, signature] = tokens.AccessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, username: 'someone-else' })).toString('base64url'),
      signature,
    ].join('.');
    await expect(accessVerifier().verify(forged)).rejects.toThrow(/signature/i);

    t.clock.advance(-2 * 60 * 60 * 1000);
    const old = await t.signIn('backend.user@example.com');
    t.clock.advance(2 * 60 * 60 * 1000);
    await expect(accessVerifier().verify(old.AccessToken)).rejects.toThrow(/expired/i);
    await expect(verifyIdToken(old.IdToken)).rejects.toThrow(/exp/);
  });
});
