import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/config.ts';
import { createIdentityAdminClient, createIdTokenVerifier, type IdTokenVerifier } from '../../../server/identity/index.ts';
import { startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
let verify: IdTokenVerifier;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com', { given_name: 'Ada' });
  verify = await createIdTokenVerifier({
    identity: t.server.config.identity,
    publicUrl: t.server.config.publicUrl,
    db: t.server.app.database.db,
    clock: t.clock,
  });
});
afterAll(() => t.close());

describe('createIdTokenVerifier (for /api/audit-login)', () => {
  it("accepts the pool's id token and returns its claims", async () => {
    const { IdToken } = await t.signIn('ada@example.com');
    expect(await verify(IdToken)).toMatchObject({ email: 'ada@example.com', given_name: 'Ada', token_use: 'id' });
  });

  it('rejects an access token, a tampered token and an expired one', async () => {
    const { IdToken, AccessToken } = await t.signIn('ada@example.com');
    await expect(verify(AccessToken)).rejects.toThrow();
    const [header, payload, signature] = IdToken.split('.') as [string, string, string];
    const tampered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), email: 'eve@example.com' }),
    ).toString('base64url');
    await expect(verify(`${header}.${tampered}.${signature}`)).rejects.toThrow();
    t.clock.advance(3600 * 1000 + 1000);
    await expect(verify(IdToken)).rejects.toThrow(/exp/);
  });
});

describe('createIdentityAdminClient', () => {
  it('signs for AWS with the configured keys, never the default credential chain', async () => {
    const config = loadConfig({
      COGNITO_USER_POOL_ID: 'us-east-1_AbC123',
      COGNITO_CLIENT_ID: 'client',
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE000000000',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    const { client, userPoolId } = await createIdentityAdminClient({
      identity: config.identity,
      db: t.server.app.database.db,
      server: t.server.app.server,
    });
    expect(userPoolId).toBe('us-east-1_AbC123');
    expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'AKIAEXAMPLE000000000', secretAccessKey: 'secret' });
    expect(await client.config.region()).toBe('us-east-1');
    client.destroy();
  });

  it('refuses to build an AWS client without keys rather than fall back to the default chain', async () => {
    // loadConfig refuses such a pool at start; this is an IdentityConfig put together by other code.
    const { identity } = loadConfig({
      COGNITO_USER_POOL_ID: 'us-east-1_AbC123',
      COGNITO_CLIENT_ID: 'client',
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE000000000',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    await expect(
      createIdentityAdminClient({
        identity: { ...identity, adminCredentials: undefined },
        db: t.server.app.database.db,
        server: t.server.app.server,
      }),
    ).rejects.toThrow(/AWS_ACCESS_KEY_ID/);
  });

  it('uses the key pair generated at first start and kept in the database, the same on every start', async () => {
    const { client } = await createIdentityAdminClient({
      identity: t.server.config.identity,
      db: t.server.app.database.db,
      server: t.server.app.server,
    });
    const credentials = await client.config.credentials();
    expect(credentials.accessKeyId).toMatch(/^AKIA[0-9A-F]{16}$/);
    expect(credentials).toEqual(await t.admin.config.credentials());
    client.destroy();
  });
});
