import { Type } from '@fastify/type-provider-typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePathParam } from '../../../src-shared/domain/endpoints/path-param.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    configure(app) {
      // A route with a preValidation of its own: the decoding must not depend on the route leaving it out.
      app.get(
        '/api/test/names/:name',
        {
          config: { access: 'public' },
          schema: { params: Type.Object({ name: Type.String({ minLength: 1 }) }) },
          preValidation: async () => {},
        },
        async (request) => ({ name: (request.params as { name: string }).name }),
      );
    },
  });
});
afterAll(() => server.close());

describe('path parameters, as the clients write them (encodePathParam)', () => {
  it("reach every route as they were, dot segments and '~' included, whatever hooks the route has", async () => {
    for (const name of ['.', '..', '~.', '~~..', 'a/b?c#d%e', 'plain']) {
      const response = await server.fetch(`/api/test/names/${encodePathParam(name)}`);
      expect(await response.json(), name).toEqual({ name });
    }
  });
});
