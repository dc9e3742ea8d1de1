import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeRequest } from '../../server/http/access-log.ts';
import { redactUrl } from '../../server/http/redact-url.ts';
import { CLIENT_ID, PASSWORD } from '../server/identity/support.ts';
import { cognitoRequest } from '../support/cognito-request.ts';
import { captureLog, type LogCapture } from '../support/log-capture.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** The real server at info level, its log lines captured as text. */
async function startLoggedServer(
  env: Record<string, string> = {},
): Promise<{ server: TestServer; log: () => string; capture: LogCapture }> {
  const capture = captureLog();
  const server = await startTestServer({ env: { LOG_LEVEL: 'info', ...env }, logStream: capture.stream });
  return { server, log: capture.text, capture };
}

const SECRETS = {
  code: 'AUTHCODE-1111',
  state: 'STATE-2222',
  access_token: 'ACCESS-3333',
  id_token: 'IDTOKEN-4444',
  refresh_token: 'REFRESH-5555',
  token: 'TOKEN-6666',
  password: 'PASSWORD-7777',
  code_verifier: 'VERIFIER-8888',
  client_secret: 'CLIENTSECRET-9999',
  'X-Amz-Signature': 'SIGNATURE-0000',
  api_key: 'APIKEY-1212',
};
const query = `${new URLSearchParams(SECRETS).toString()}&page=2&lang=en`;

describe('the access log keeps URL secrets out', () => {
  let logged: Awaited<ReturnType<typeof startLoggedServer>>;
  beforeAll(async () => {
    logged = await startLoggedServer();
  });
  afterAll(() => logged.server.close());

  it.each([
    ['the SPA callback page', `/?${query}`],
    ['a signed-in page', `/dashboard?${query}`],
    ['hosted sign-in', `/cognito/oauth2/authorize?${query}`],
    ['an API route', `/api/storychief/posts?${query}`],
    ['a route that does not exist', `/api/no-such-route?${query}`],
    ['a refused request', `/api/admin/users?${query}`],
  ])('%s', async (_label, path) => {
    await (await logged.server.fetch(path)).arrayBuffer();
    // The completion line is written as the response ends: wait for it.
    const pathname = path.split('?')[0];
    await logged.capture.waitFor(
      (line) => 'res' in line && (line.req as { url?: string } | undefined)?.url?.split('?')[0] === pathname,
    );
    const lines = logged
      .log()
      .split('\n')
      .filter((line) => line.includes(path.split('?')[0] ?? ''));
    expect(lines.length, logged.log().slice(-2000)).toBeGreaterThan(0);
    for (const secret of Object.values(SECRETS)) expect(logged.log()).not.toContain(secret);
    expect(lines.join('\n')).toContain('page=2&lang=en');
    expect(lines.join('\n')).toContain('code=[REDACTED]');
  });

  it('redacts by name, whatever the case or encoding, and leaves other values alone', () => {
    expect(redactUrl('/x?CODE=1&Session_State=2&x%2Damz%2Dsecurity%2Dtoken=3&q=code&postcode=4&empty&n=5')).toBe(
      '/x?CODE=[REDACTED]&Session_State=[REDACTED]&x%2Damz%2Dsecurity%2Dtoken=[REDACTED]&q=code&postcode=[REDACTED]&empty&n=5',
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });

  it('serializes a request without a URL (a plugin logging something else) without throwing', () => {
    expect(serializeRequest({ method: 'GET' })).toEqual({ method: 'GET', url: undefined, remoteAddress: undefined });
    expect(serializeRequest({ method: 'GET', url: '/?token=abc', ip: '192.0.2.1' })).toEqual({
      method: 'GET',
      url: '/?token=[REDACTED]',
      remoteAddress: '192.0.2.1',
    });
  });
});

describe('mail texts with codes in the log', () => {
  const signUp = (server: TestServer, email: string) =>
    cognitoRequest(server.url, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    });
  const codeMailedTo = async (server: TestServer, email: string) => {
    const mail = await server.app.database.db
      .selectFrom('mail_outbox')
      .select(['template_params', 'text_body'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    return mail.template_params.code ?? '';
  };

  it('are printed in a local setup (no delivery, an http PUBLIC_URL), so a developer can finish a sign-up', async () => {
    const { server, log } = await startLoggedServer({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      expect((await signUp(server, 'dev@example.com')).status).toBe(200);
      const code = await codeMailedTo(server, 'dev@example.com');
      expect(code).toMatch(/^\d{6}$/);
      expect(log()).toContain(`Your verification code is ${code}`);
    } finally {
      await server.close();
    }
  });

  it('are never printed when PUBLIC_URL is https, even with no mail delivery configured', async () => {
    const { server, log } = await startLoggedServer({ PUBLIC_URL: 'https://hireassist.example' });
    try {
      expect((await signUp(server, 'customer@example.com')).status).toBe(200);
      const code = await codeMailedTo(server, 'customer@example.com');
      expect(log()).toContain('mail queued in the outbox');
      expect(log()).not.toContain(code);
      expect(log()).not.toContain('Your verification code');
    } finally {
      await server.close();
    }
  });
});
