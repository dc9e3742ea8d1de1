/**
 * The floor for a sign-in or a refresh served by Node on this core: a bare `node:http` server
 * with no framework, database, rate limit or session, doing only the work neither can skip:
 * read and parse the JSON, verify the password with the service's own hasher (sign-ins), and
 * sign the two tokens with the service's own code. The raw rate over the floor is what Node's
 * HTTP, event loop and hand-offs to the thread pool cost; the floor over the service is what
 * the service itself adds (Fastify, the statements, rate limits, the session).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PasswordHasher } from '../../server/identity/passwords.ts';
import { ADMIN_SCOPE, createSigningKeys, issueTokens, newRefreshToken, type TokenSubject } from '../../server/identity/tokens.ts';

export interface FloorServer {
  url: string;
  close(): Promise<void>;
}

interface FloorRequest {
  AuthFlow?: string;
  ClientId?: string;
  AuthParameters?: { PASSWORD?: string };
}

async function readJson(request: IncomingMessage): Promise<FloorRequest> {
  let body = '';
  request.setEncoding('utf8');
  for await (const chunk of request) body += String(chunk);
  return JSON.parse(body) as FloorRequest;
}

export async function startFloorServer(passwords: PasswordHasher, storedHash: string): Promise<FloorServer> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keys = createSigningKeys(
    { kid: randomUUID(), privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    'http://127.0.0.1/cognito/us-east-1_local',
  );
  const subject: TokenSubject = {
    sub: randomUUID(),
    username: 'user-04242',
    email: 'user4242@bench.example',
    email_verified: true,
    given_name: 'Given4242',
    family_name: 'Family4242',
    phone_number: null,
    identities: null,
  };
  const server = createServer((request, response) => {
    void (async () => {
      const input = await readJson(request);
      const signIn = input.AuthFlow === 'USER_PASSWORD_AUTH';
      if (signIn && !(await passwords.verify(storedHash, input.AuthParameters?.PASSWORD ?? ''))) {
        response.writeHead(400).end();
        return;
      }
      const now = Date.now();
      const origin = {
        sessionId: randomUUID(),
        clientId: input.ClientId ?? '',
        authTime: Math.floor(now / 1000),
        scope: ADMIN_SCOPE,
      };
      const tokens = await issueTokens(keys, subject, origin, now);
      const result = signIn ? { ...tokens, RefreshToken: newRefreshToken() } : tokens;
      response
        .writeHead(200, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() })
        .end(JSON.stringify({ ChallengeParameters: {}, AuthenticationResult: result }));
    })().catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cognito/`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
