import { GetUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoRequest } from '../../support/cognito-request.ts';
import { startTestServer } from '../../support/test-server.ts';
import { freshDataDir } from '../../support/pglite-template.ts';
import { CLIENT_ID, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
});
afterAll(() => t.close());

const post = (target: string | undefined, body: string, contentType = 'application/x-amz-json-1.1') =>
  cognitoRequest(t.server.url, target, body, { headers: { 'content-type': contentType } });

async function expectError(response: Response, type: string, message?: string) {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/x-amz-json-1.1/);
  expect(response.headers.get('x-amzn-errortype')).toBe(type);
  const body = (await response.json()) as { __type: string; message: string };
  expect(body.__type).toBe(type);
  if (message !== undefined) expect(body.message).toBe(message);
}

describe('the AWS JSON 1.1 protocol at /cognito/', () => {
  it('answers unknown or missing operations with UnknownOperationException', async () => {
    await expectError(await post('MakeCoffee', '{}'), 'UnknownOperationException');
    await expectError(await post(undefined, '{}'), 'UnknownOperationException');
  });

  it('answers malformed bodies and wrong member types with InvalidParameterException, never a 500', async () => {
    await expectError(await post('SignUp', '{"ClientId": '), 'InvalidParameterException', 'The request body is not valid JSON.');
    await expectError(await post('SignUp', '[1,2]'), 'InvalidParameterException');
    await expectError(
      await post('SignUp', JSON.stringify({ ClientId: CLIENT_ID, Username: 42, Password: 'x' })),
      'InvalidParameterException',
      "1 validation error detected: Value at 'username' failed to satisfy constraint: Member must be a string",
    );
    await expectError(await post('SignUp', 'not json at all', 'text/plain'), 'InvalidParameterException');
    await expectError(
      await post('InitiateAuth', JSON.stringify({ ClientId: CLIENT_ID, AuthFlow: 'NOPE' })),
      'InvalidParameterException',
    );
    await expectError(
      await post(
        'SignUp',
        JSON.stringify({ ClientId: CLIENT_ID, Username: 'x@example.com', Password: 'Aa1!aaaa', UserAttributes: 'x' }),
      ),
      'InvalidParameterException',
    );
  });

  it('publishes the JWKS that verifies its tokens, and the discovery document', async () => {
    await t.createUser('ada@example.com');
    const { IdToken } = await t.signIn('ada@example.com');
    const jwks = await (await t.server.fetch(`/cognito/${POOL_ID}/.well-known/jwks.json`)).json();
    const issuer = `${t.server.config.publicUrl}/cognito/${POOL_ID}`;
    const { payload } = await jwtVerify(IdToken, createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]), {
      issuer,
      audience: CLIENT_ID,
    });
    expect(payload.email).toBe('ada@example.com');
    expect(JSON.stringify(jwks)).not.toMatch(/"d"|"p"|"q"/);
    const discovery = (await (await t.server.fetch(`/cognito/${POOL_ID}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery).toMatchObject({
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ['RS256'],
      // Only the grants /oauth2/token serves: left out, OIDC Discovery's default would claim implicit too.
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
  });

  it('keeps the signing key across restarts (it lives in the database)', async () => {
    const { dataDir, dispose } = await freshDataDir('hireassist-restart-');
    try {
      const before = await startIdentityServer({}, { dataDir });
      let tokens: { AccessToken: string; IdToken: string };
      let jwksBefore: string;
      try {
        await before.createUser('grace@example.com');
        tokens = await before.signIn('grace@example.com');
        jwksBefore = await (await before.server.fetch(`/cognito/${POOL_ID}/.well-known/jwks.json`)).text();
      } finally {
        await before.close();
      }
      const after = await startIdentityServer({}, { dataDir });
      try {
        const jwks = await (await after.server.fetch(`/cognito/${POOL_ID}/.well-known/jwks.json`)).text();
        expect(jwks).toBe(jwksBefore);
        // A token signed before the restart still verifies against the key published after it...
        const { payload } = await jwtVerify(tokens.IdToken, createLocalJWKSet(JSON.parse(jwks)), { audience: CLIENT_ID });
        expect(payload.email).toBe('grace@example.com');
        // ...and the restarted server itself still accepts it.
        const user = await after.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
        expect(user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value).toBe('grace@example.com');
      } finally {
        await after.close();
      }
    } finally {
      await dispose();
    }
    // Two servers start one after the other here, on two shared cores.
  }, 90_000);

  it('refuses too many requests from one address with TooManyRequestsException', async () => {
    const limited = await startIdentityServer({ IDENTITY_RATE_LIMIT_PER_IP: '3' });
    try {
      const statuses = [];
      for (let request = 0; request < 4; request++) {
        const response = await cognitoRequest(limited.server.url, 'GetUser', '{"AccessToken":"x"}');
        statuses.push(response.headers.get('x-amzn-errortype'));
      }
      expect(statuses).toEqual([
        'NotAuthorizedException',
        'NotAuthorizedException',
        'NotAuthorizedException',
        'TooManyRequestsException',
      ]);
    } finally {
      await limited.close();
    }
  });

  it("does not count the server's own signed admin calls against that limit", async () => {
    const limited = await startIdentityServer({ IDENTITY_RATE_LIMIT_PER_IP: '3' });
    try {
      for (let page = 0; page < 6; page++) {
        const listed = await limited.admin.send(new ListUsersCommand({ UserPoolId: POOL_ID, Limit: 60 }));
        expect(listed.Users).toEqual([]);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/config', () => {
  it('points the browser at the embedded pool, with nothing secret', async () => {
    const config = (await (await t.server.fetch('/api/config')).json()) as { identity: unknown };
    expect(config.identity).toEqual({
      region: 'us-east-1',
      userPoolId: POOL_ID,
      clientId: CLIENT_ID,
      endpoint: `${t.server.config.publicUrl}/cognito`,
      hostedDomain: `${t.server.config.publicUrl}/cognito`,
      socialProviders: [],
    });
  });

  it('points the browser at AWS, and mounts nothing, when a Cognito pool is configured', async () => {
    const aws = await startTestServer({
      env: {
        COGNITO_USER_POOL_ID: 'us-east-1_AbC123',
        COGNITO_CLIENT_ID: 'abc123client',
        COGNITO_HOSTED_DOMAIN: 'https://auth.hireassist.example',
        AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE000000000',
        AWS_SECRET_ACCESS_KEY: 'secret',
      },
    });
    try {
      const config = (await (await aws.fetch('/api/config')).json()) as { identity: unknown };
      expect(config.identity).toEqual({
        region: 'us-east-1',
        userPoolId: 'us-east-1_AbC123',
        clientId: 'abc123client',
        endpoint: null,
        hostedDomain: 'https://auth.hireassist.example',
        socialProviders: ['Google', 'AzureAD'],
      });
      const response = await cognitoRequest(aws.url, undefined, '{}');
      expect(response.status).toBe(404);
    } finally {
      await aws.close();
    }
  });

  it('offers no social sign-in with an AWS pool that has no COGNITO_HOSTED_DOMAIN to send it to', async () => {
    const aws = await startTestServer({
      env: {
        COGNITO_USER_POOL_ID: 'eu-west-1_AbC123',
        COGNITO_CLIENT_ID: 'abc123client',
        AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE000000000',
        AWS_SECRET_ACCESS_KEY: 'secret',
      },
    });
    try {
      const config = (await (await aws.fetch('/api/config')).json()) as { identity: unknown };
      expect(config.identity).toEqual({
        region: 'eu-west-1',
        userPoolId: 'eu-west-1_AbC123',
        clientId: 'abc123client',
        endpoint: null,
        hostedDomain: null,
        socialProviders: [],
      });
    } finally {
      await aws.close();
    }
  });
});
