import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, PASSWORD, type IdentityTestServer } from '../server/identity/support.ts';
import { startSecurityServer } from './support.ts';

/**
 * Host header poisoning: a stranger sends the request that makes the server mail someone,
 * with Host, X-Forwarded-Host and X-Forwarded-Proto naming the stranger's site, behind a proxy
 * the server trusts. A link in the mail must still point at PUBLIC_URL, never at what a request said.
 */

const PUBLIC_URL = 'https://www.hireassist.example';
const POISON = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  'x-forwarded-for': '198.51.100.44',
  forwarded: 'host=evil.example;proto=http',
};
let t: IdentityTestServer;

/** A Cognito operation sent with POISON's headers (node:http: fetch would not send its own Host). */
function poisoned(operation: string, input: object): Promise<number> {
  const body = JSON.stringify({ ClientId: CLIENT_ID, ...input });
  const { port } = new URL(t.server.url);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path: '/cognito/',
        method: 'POST',
        headers: {
          ...POISON,
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

beforeAll(async () => {
  t = await startSecurityServer({ TRUST_PROXY: '1', PUBLIC_URL });
});
afterAll(() => t.close());

describe('mails a stranger makes the server send with a poisoned Host', () => {
  it('link the "you already have an account" mail to PUBLIC_URL only', async () => {
    const owner = 'owner.links@example.com';
    await t.createUser(owner);
    const status = await poisoned('SignUp', {
      Username: owner,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: owner }],
    });
    expect(status).toBe(200);
    const mails = await t.server.app.database.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'template_params'])
      .where('to_address', '=', owner)
      .where('kind', '=', 'account-exists')
      .execute();
    expect(mails).toHaveLength(1);
    const written = JSON.stringify(mails);
    expect(written).toContain(`${PUBLIC_URL}/`);
    expect(written).not.toContain('evil.example');
  });
});
