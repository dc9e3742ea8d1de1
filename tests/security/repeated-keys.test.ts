import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_ID, type IdentityTestServer } from '../server/identity/support.ts';
import { cognitoRequest } from '../support/cognito-request.ts';
import { adminToken, startSecurityServer } from './support.ts';

/**
 * A JSON body that names one key twice in an object: JSON.parse keeps the last copy, while a
 * proxy, a log or a firewall in front may read the first. The body policy refuses such a body
 * with a 400 naming the key, on the app's routes and on the identity protocol alike, and does
 * nothing it asked for.
 */

let t: IdentityTestServer;
let admin: string;

beforeAll(async () => {
  t = await startSecurityServer();
  admin = await adminToken(t.server);
});
afterAll(() => t.close());

const invite = (body: string) =>
  t.server.fetch('/api/admin/users/invite', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body,
  });

const exists = (username: string) =>
  t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: username })).then(
    () => true,
    () => false,
  );

describe('a JSON body with a key given twice', () => {
  it('invites nobody: a 400 naming the key (the second address was invited before)', async () => {
    const response = await invite('{"email":"shown@example.com","givenName":"Ivy","email":"hidden@example.com"}');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "Invalid request body: 'email' is given more than once" });
    expect(await exists('hidden@example.com')).toBe(false);
    expect(await exists('shown@example.com')).toBe(false);
  });

  it('is refused however the second copy is spelled, and in a nested object too', async () => {
    const escaped = await invite('{"email":"a@example.com","givenName":"Ivy","\\u0065mail":"b@example.com"}');
    expect(escaped.status).toBe(400);
    expect(((await escaped.json()) as { error: string }).error).toContain("'email'");
    const nested = await t.server.fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ada","email":"ada@example.com","message":"Hello there, a question.","extra":{"x":1,"x":2}}',
    });
    expect(nested.status).toBe(400);
    expect(((await nested.json()) as { error: string }).error).toBe("Invalid request body: 'x' is given more than once");
  });

  it('is still refused as unauthenticated first on an admin route without a token', async () => {
    const response = await t.server.fetch('/api/admin/users/invite', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@example.com","email":"b@example.com"}',
    });
    expect(response.status).toBe(401);
  });

  it('sends no code through the identity protocol: InvalidParameterException naming the key', async () => {
    await t.createUser('twice@example.com');
    const before = await t.latestCode('twice@example.com');
    const response = await cognitoRequest(
      t.server.url,
      'ForgotPassword',
      '{"ClientId":"hireassist-local-client","Username":"nobody@example.com","Username":"twice@example.com"}',
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      __type: 'InvalidParameterException',
      message: "The request body gives 'Username' more than once.",
    });
    expect(await t.latestCode('twice@example.com')).toBe(before);
  });

  it('leaves alone one key in two objects, and keys inside strings (the control)', async () => {
    const response = await invite(
      '{"email":"control@example.com","givenName":"Ivy \\"email\\": {x}","familyName":"[\\"email\\":1]"}',
    );
    expect(response.status).toBe(200);
    const contact = await t.server.fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'email', message: 'The "email": "twice" text.' }),
    });
    expect(contact.status).toBe(201);
  });
});
