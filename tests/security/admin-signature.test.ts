import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityTestServer } from '../server/identity/support.ts';
import { startSecurityServer } from './support.ts';

const KEY = { accessKeyId: 'AKIAIDSECTEST0000001', secretAccessKey: 'idsec/test+secret/key/for/sigv4/checks' };
const BODY = JSON.stringify({ UserPoolId: 'us-east-1_local' });
const TARGET = 'AWSCognitoIdentityProviderService.ListUsers';

describe('SigV4 on the identity admin API: host and x-amz-target must be signed', () => {
  let identity: IdentityTestServer;
  beforeAll(async () => {
    identity = await startSecurityServer({
      IDENTITY_ADMIN_ACCESS_KEY_ID: KEY.accessKeyId,
      IDENTITY_ADMIN_SECRET_ACCESS_KEY: KEY.secretAccessKey,
    });
  });
  afterAll(() => identity.close());

  /** Signs ListUsers by hand over `signed` headers only, then sends it with every header it needs. */
  async function listUsersSignedOver(signed: { host: boolean; target: boolean }): Promise<Response> {
    const url = new URL(`${identity.server.url}/cognito/`);
    const headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.1' };
    if (signed.host) headers.host = url.host;
    if (signed.target) headers['x-amz-target'] = TARGET;
    const signer = new SignatureV4({ credentials: KEY, region: 'us-east-1', service: 'cognito-idp', sha256: Sha256 });
    const request = await signer.sign({
      method: 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: '/cognito/',
      headers,
      body: BODY,
    });
    const sent = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'host'));
    return fetch(url, { method: 'POST', headers: { ...sent, 'x-amz-target': TARGET }, body: BODY });
  }

  it('accepts a request that signs both', async () => {
    const response = await listUsersSignedOver({ host: true, target: true });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ Users: [] });
  });

  it.each([
    [{ host: false, target: true }, `'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.`],
    [{ host: true, target: false }, `'X-Amz-Target' must be a 'SignedHeader' in the AWS Authorization.`],
    [{ host: false, target: false }, `'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.`],
  ])('refuses a request signed without them: %j', async (signed, message) => {
    const response = await listUsersSignedOver(signed);
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toBe('IncompleteSignatureException');
    expect(await response.json()).toEqual({ __type: 'IncompleteSignatureException', message });
  });
});
