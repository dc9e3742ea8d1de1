import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin } from '../../../src-shared/domain/endpoints/admin.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

interface Compiled {
  validateBody: unknown;
  serialize200: unknown;
  status: number;
}

/**
 * A server whose admin sign-in route reports the validator and serializer Fastify compiled
 * for it (the functions `request.getValidationFunction` and `reply.getSerializationFunction`
 * hand back), the first time it is called.
 */
async function serverReportingCompiledSchemas(): Promise<{ server: TestServer; compiled: () => Promise<Compiled> }> {
  let seen: Omit<Compiled, 'status'> | undefined;
  const server = await startTestServer({
    configure: (app) =>
      app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done) => {
        if (request.routeOptions.url === adminLogin.path) {
          seen ??= { validateBody: request.getValidationFunction('body'), serialize200: reply.getSerializationFunction('200') };
        }
        done();
      }),
  });
  return {
    server,
    async compiled() {
      const response = await server.fetch(adminLogin.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'not-the-password' }),
      });
      if (!seen) throw new Error('the admin sign-in route did not run its preValidation hook');
      return { ...seen, status: response.status };
    },
  };
}

// Fastify compiles each route's schemas when an app starts; the servers of one process (the
// test servers of a worker, two instances in a bench) share what was compiled instead of
// compiling it again (server/http/schema-compilers.ts): about 280 ms of CPU a start.
describe('schema compilers shared by the apps of one process', () => {
  let first: Awaited<ReturnType<typeof serverReportingCompiledSchemas>>;
  let second: Awaited<ReturnType<typeof serverReportingCompiledSchemas>>;
  beforeAll(async () => {
    first = await serverReportingCompiledSchemas();
    second = await serverReportingCompiledSchemas();
  });
  afterAll(async () => {
    await first.server.close();
    await second.server.close();
  });

  it('gives a second app the validator and serializer the first compiled for the same contract', async () => {
    const [a, b] = [await first.compiled(), await second.compiled()];
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(typeof a.validateBody).toBe('function');
    expect(typeof a.serialize200).toBe('function');
    expect(b.validateBody).toBe(a.validateBody);
    expect(b.serialize200).toBe(a.serialize200);
  });

  it('still refuses a body the contract does not allow, on either app', async () => {
    for (const { server } of [first, second]) {
      const response = await server.fetch(adminLogin.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'x', role: 'owner' }),
      });
      expect(response.status).toBe(400);
    }
  });
});
