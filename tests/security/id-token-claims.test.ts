import { createPrivateKey, createPublicKey } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKeyPem } from '../../server/identity/secrets.ts';
import type { IdentityTestServer } from '../server/identity/support.ts';
import { startSecurityServer } from './support.ts';

/**
 * The customer API's id token check against an attacker who holds a real token and, for the
 * claim checks, the pool's own signing key (the worst case: only the claims stand between
 * them and another use of the token). Each must be refused with the API's 401.
 */

let t: IdentityTestServer;
let real: string;
let claims: JWTPayload;
let kid: string;
let signingKey: ReturnType<typeof createPrivateKey>;

beforeAll(async () => {
  t = await startSecurityServer();
  await t.createUser('claims@example.com');
  real = (await t.signIn('claims@example.com')).IdToken;
  claims = decodeJwt(real);
  kid = decodeProtectedHeader(real).kid ?? '';
  signingKey = createPrivateKey((await loadSigningKeyPem(t.server.app.database.db)).privateKeyPem);
});
afterAll(() => t.close());

const preferences = (token: string) =>
  t.server.fetch('/api/account/preferences', { headers: { authorization: `Bearer ${token}` } });
const resigned = (changes: JWTPayload, header: { kid?: string } = {}) =>
  new SignJWT({ ...claims, ...changes }).setProtectedHeader({ alg: 'RS256', kid, ...header }).sign(signingKey);

describe("the customer API's id token check", () => {
  it('accepts the real token, and the same claims signed again with the real key', async () => {
    expect((await preferences(real)).status).toBe(200);
    expect((await preferences(await resigned({}))).status).toBe(200);
  });

  it('refuses HS256 with the public key as the secret (algorithm confusion)', async () => {
    const publicPem = createPublicKey(signingKey).export({ type: 'spki', format: 'pem' });
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid }).sign(Buffer.from(publicPem));
    expect((await preferences(forged)).status).toBe(401);
  });

  it.each<[string, JWTPayload, { kid?: string }?]>([
    ['another app client (aud)', { aud: 'another-client' }],
    ['another issuer', { iss: 'https://evil.example/cognito/us-east-1_local' }],
    ['an access token (token_use)', { token_use: 'access' }],
    ['expired one second ago', { exp: Math.floor(Date.now() / 1000) - 1 }],
    ['a session that never existed (origin_jti)', { origin_jti: '00000000-0000-4000-8000-000000000000' }],
    ['another user of the same session (sub)', { sub: '00000000-0000-4000-8000-000000000001' }],
    ['a key id the pool never had', {}, { kid: 'unknown-kid' }],
  ])('refuses a token of %s', async (_label, changes, header) => {
    expect((await preferences(await resigned(changes, header))).status).toBe(401);
  });
});
