import { Type } from '@fastify/type-provider-typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../support/log-capture.ts';
import { cognitoRequest } from '../../support/cognito-request.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
const log = captureLog();

beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: 'error' },
    logStream: log.stream,
    configure(app) {
      app.post(
        '/api/test/echo',
        {
          config: { access: 'public' },
          schema: {
            body: Type.Object(
              { name: Type.String({ minLength: 1, maxLength: 20 }), email: Type.String({ format: 'email' }) },
              { additionalProperties: false },
            ),
            querystring: Type.Object({
              page: Type.Optional(Type.Integer({ minimum: 1 })),
              search: Type.Optional(Type.String({ maxLength: 40 })),
            }),
          },
        },
        async (request) => ({ received: request.body }),
      );
      app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
        throw new Error('database password is hunter2');
      });
    },
  });
});
afterAll(() => server.close());

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }, query = '') =>
  server.fetch(`/api/test/echo${query}`, { method: 'POST', headers, body });

describe('the error policy', () => {
  it('accepts valid input', async () => {
    const response = await post(JSON.stringify({ name: 'Ada', email: 'ada@example.com' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: { name: 'Ada', email: 'ada@example.com' } });
  });

  it('names the missing field', async () => {
    const response = await post(JSON.stringify({ email: 'ada@example.com' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid request body: 'name' is required" });
  });

  it('says what is wrong with a field', async () => {
    const response = await post(JSON.stringify({ name: 'Ada', email: 'not-an-address' }));
    expect(await response.json()).toEqual({ error: "Invalid request body: 'email' must be a valid email" });
    const tooLong = await post(JSON.stringify({ name: 'x'.repeat(21), email: 'ada@example.com' }));
    expect(await tooLong.json()).toEqual({ error: "Invalid request body: 'name' must be at most 20 characters" });
  });

  it('rejects unknown fields instead of silently dropping them', async () => {
    const response = await post(JSON.stringify({ name: 'Ada', email: 'ada@example.com', admin: true }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid request body: 'admin' is not allowed" });
  });

  it('validates the query string', async () => {
    const response = await post(JSON.stringify({ name: 'Ada', email: 'ada@example.com' }), undefined, '?page=0');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/^Invalid query: 'page' must be >= 1/);
  });

  it('refuses text the database cannot store and numbers too large to be numbers, naming the field', async () => {
    const nul = await post(JSON.stringify({ name: 'Ad\u0000a', email: 'ada@example.com' }));
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({
      error: "Invalid request body: 'name' must not contain NUL characters or unpaired UTF-16 surrogates",
    });
    const surrogate = await post(JSON.stringify({ name: 'Ada \ud800', email: 'ada@example.com' }));
    expect(await surrogate.json()).toEqual({
      error: "Invalid request body: 'name' must not contain NUL characters or unpaired UTF-16 surrogates",
    });
    const infinite = await post(JSON.stringify({ name: 'Ada', email: 'ada@example.com' }), undefined, '?page=1e309');
    expect(infinite.status).toBe(400);
    expect(await infinite.json()).toEqual({ error: "Invalid query: 'page' must be a finite number" });
  });

  it('takes "Infinity" and "1e309" as text in a text field', async () => {
    const body = JSON.stringify({ name: 'Ada', email: 'ada@example.com' });
    expect((await post(body, undefined, '?search=Infinity')).status).toBe(200);
    expect((await post(body, undefined, '?search=1e309')).status).toBe(200);
  });

  it('finds NUL and lone surrogates written as JSON escapes, and lets paired ones through', async () => {
    const escaped = await post('{"name": "Ad\\u0000a", "email": "ada@example.com"}');
    expect(await escaped.json()).toEqual({
      error: "Invalid request body: 'name' must not contain NUL characters or unpaired UTF-16 surrogates",
    });
    const lone = await post('{"name": "Ada \\uDC00", "email": "ada@example.com"}');
    expect(lone.status).toBe(400);
    const paired = await post('{"name": "Ada \\ud83d\\ude00", "email": "ada@example.com"}');
    expect(paired.status).toBe(200);
  });

  it('checks the identity protocol, which reads its JSON text itself, the same way', async () => {
    const signUp = (username: string) =>
      cognitoRequest(
        server.url,
        'SignUp',
        `{"ClientId": "hireassist-local-client", "Username": "${username}", "Password": "Correct-Horse-9"}`,
      );
    for (const username of ['ada\\u0000@example.com', 'ada\\ud800@example.com']) {
      const response = await signUp(username);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        __type: 'InvalidParameterException',
        message: "Invalid request body: 'Username' must not contain NUL characters or unpaired UTF-16 surrogates",
      });
    }
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await post('{"name": "Ada",');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('answers an unsupported content type with a 415, text/plain too (a schema error before, "must be object")', async () => {
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'name=Ada'],
      ['text/plain', '{"name":"Ada","email":"ada@example.com"}'],
      ['text/plain; charset=utf-8', 'name=Ada'],
    ]) {
      const response = await post(body ?? '', { 'content-type': type ?? '' });
      expect({ type, status: response.status, body: await response.json() }).toEqual({
        type,
        status: 415,
        body: { error: 'Unsupported content type: send application/json' },
      });
    }
  });

  it('answers an oversized body with a 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), email: 'a@b.co' }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The request body is too large' });
  });

  it('hides internals of a server error and logs them with the request id', async () => {
    const response = await server.fetch('/api/test/explode');
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: string; requestId: string };
    expect(body.error).toBe('Something went wrong on our side. Please try again.');
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = await log.waitFor((entry) => entry.reqId === body.requestId);
    expect(line).toMatchObject({ msg: 'request failed', err: { message: 'database password is hunter2' } });
  });

  it('answers unknown API paths with a JSON 404 for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await server.fetch('/api/no-such-thing', { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ error: `Not found: ${method} /api/no-such-thing` });
    }
  });
});
