import { request as httpRequest } from 'node:http';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_ID, type IdentityTestServer } from '../server/identity/support.ts';
import { adminToken, startSecurityServer } from './support.ts';

/**
 * Many HTTP clients send `content-type: application/json` (or a form type) on a POST or
 * DELETE that has no body. Such a request used to be a 400 and the action silently did not
 * happen: a "logged-out" admin token stayed valid. An empty body is no body, on every route.
 */

let t: IdentityTestServer;
let admin: string;

beforeAll(async () => {
  t = await startSecurityServer();
  admin = await adminToken(t.server);
});
afterAll(() => t.close());

/** The request exactly as such clients send it: the content type, `content-length: 0`, nothing else. */
function bodyless(
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { port } = new URL(t.server.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method, headers: { 'content-length': '0', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];

async function enabled(username: string): Promise<boolean | undefined> {
  const user = await t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: username })).catch(() => undefined);
  return user?.Enabled;
}

describe('a body-less request that says its body is JSON', () => {
  it('logs the admin out: the token is dead afterwards (it stayed valid when logout answered 400)', async () => {
    for (const type of JSON_TYPES) {
      const token = await adminToken(t.server);
      const logout = await bodyless('POST', '/api/admin/auth/logout', { 'content-type': type, authorization: `Bearer ${token}` });
      expect(logout, type).toEqual({ status: 200, body: { success: true } });
      const after = await t.server.fetch('/api/admin/auth/validate', { headers: { authorization: `Bearer ${token}` } });
      expect(after.status, type).toBe(401);
    }
  });

  it('disables, enables and deletes a customer from the admin area', async () => {
    await t.createUser('bodyless@example.com');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${admin}` };
    const user = encodeURIComponent('bodyless@example.com');
    expect(await bodyless('POST', `/api/admin/users/${user}/disable`, headers)).toEqual({ status: 200, body: { success: true } });
    expect(await enabled('bodyless@example.com')).toBe(false);
    expect(await bodyless('POST', `/api/admin/users/${user}/enable`, headers)).toEqual({ status: 200, body: { success: true } });
    expect(await enabled('bodyless@example.com')).toBe(true);
    expect(await bodyless('DELETE', `/api/admin/users/${user}`, headers)).toEqual({ status: 200, body: { success: true } });
    expect(await enabled('bodyless@example.com')).toBeUndefined();
  });

  it("lets a customer delete their own account's data (DELETE /api/account)", async () => {
    await t.createUser('forget-me@example.com');
    const { IdToken } = await t.signIn('forget-me@example.com');
    const response = await bodyless('DELETE', '/api/account', {
      'content-type': 'application/json',
      authorization: `Bearer ${IdToken}`,
    });
    expect(response).toEqual({ status: 200, body: { ok: true } });
  });

  it('still refuses a body that is not JSON, and a route that needs a body says the body is missing', async () => {
    const broken = await t.server.fetch('/api/admin/users/invite', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ success: false, error: 'The request body is not valid JSON' });
    const missing = await bodyless('POST', '/api/admin/users/invite', {
      'content-type': 'application/json',
      authorization: `Bearer ${admin}`,
    });
    expect(missing.status).toBe(400);
    expect(String(missing.body.error)).toMatch(/^Invalid request body/);
  });
});

describe('the OAuth token endpoint with an empty body', () => {
  it('answers the missing parameters, not a parse error, for a form or JSON content type', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'application/json']) {
      const response = await bodyless('POST', '/cognito/oauth2/token', { 'content-type': type });
      expect(response.status, type).toBe(400);
      // In the OAuth error format OIDC libraries read: the parameters are missing, the body is fine.
      expect(response.body.error, type).toBe('invalid_request');
      expect(String(response.body.error_description), type).toMatch(/^Invalid request body/);
    }
  });
});

describe('the identity protocol with an empty application/x-amz-json-1.1 body', () => {
  it('is an operation with no input (Cognito says which parameter is missing), not a serialization error', async () => {
    const response = await bodyless('POST', '/cognito/', {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
    });
    expect(response.status).toBe(400);
    expect(response.body.__type).toBe('InvalidParameterException');
  });
});
