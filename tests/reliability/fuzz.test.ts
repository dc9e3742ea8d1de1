import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteTableEntry } from '../../server/http/route-access.ts';
import { OPERATIONS } from '../../server/identity/operations/index.ts';
import { adminToken as adminTokenFor } from '../support/admin-login.ts';
import { createMinimalWebBuild, type TempTree } from '../support/temp-tree.ts';
import { startTestServer } from '../support/test-server.ts';
import { malformedRequests, type FuzzRoute, type JsonSchema } from './support/fuzz-inputs.ts';
import { createHttpClient, inParallel, type HttpRequest } from './support/http-client.ts';
import {
  startServerProcess,
  temporaryDataDir,
  temporaryPostgresDatabase,
  TEST_DATABASE_URL,
  type ServerProcess,
} from './support/server-process.ts';

/**
 * 250 inputs a route in `npm test` (about 12,000 requests, half a minute); `npm run test:fuzz`
 * sends 2,000 a route, and FUZZ_INPUTS any other number.
 */
const INPUTS_PER_ROUTE = Number(process.env.FUZZ_INPUTS ?? 250);
const CONCURRENCY = 16;
const REQUEST_TIMEOUT_MS = 10_000;
/** Fixed, so a failure is reproduced by running the file again; FUZZ_SEED tries others. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** Fastify's default body limit, which our routes keep. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A body over the limit is refused with a 413 and the connection closed before the client
 * has finished sending it; the client may then see the closed socket (EPIPE, ECONNRESET)
 * instead of the 413. Neither a server error nor a hang, so it is counted, not failed.
 */
function refusedWhileSending(error: unknown, request: HttpRequest): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const oversized = request.body !== undefined && Buffer.byteLength(request.body) > BODY_LIMIT_BYTES;
  return oversized && (code === 'EPIPE' || code === 'ECONNRESET');
}
const ADMIN_PASSWORD = 'reliability-admin-password';

/** The route table of the app exactly as production builds it (read from an in-process build). */
async function routeTable(): Promise<readonly RouteTableEntry[]> {
  const server = await startTestServer({ env: { ADMIN_PASSWORD }, postgres: TEST_DATABASE_URL !== undefined });
  try {
    return [...server.app.routeTable];
  } finally {
    await server.close();
  }
}

/** What a Cognito request body looks like: the fields the operations read. */
const COGNITO_SHAPE: JsonSchema = {
  type: 'object',
  properties: {
    ClientId: { type: 'string' },
    UserPoolId: { type: 'string' },
    Username: { type: 'string', format: 'email' },
    Password: { type: 'string', minLength: 12 },
    AuthFlow: { type: 'string', const: 'USER_PASSWORD_AUTH' },
    AuthParameters: { type: 'object', properties: { USERNAME: { type: 'string' }, PASSWORD: { type: 'string' } } },
    AccessToken: { type: 'string' },
    ConfirmationCode: { type: 'string' },
    UserAttributes: {
      type: 'array',
      items: { type: 'object', properties: { Name: { type: 'string' }, Value: { type: 'string' } } },
    },
    Limit: { type: 'integer' },
    Filter: { type: 'string' },
  },
};

/** Routes that browsers and OAuth clients post forms to, fuzzed with form bodies. */
const FORM_ROUTES = ['/cognito/oauth2/token', '/cognito/oauth2/revoke', '/cognito/login', '/cognito/login/new-password'];

function fuzzRoute(entry: RouteTableEntry, adminToken: string): FuzzRoute {
  const schema = entry.schema as FuzzRoute['schema'];
  const base = { method: entry.method, url: entry.url, schema };
  if (entry.access === 'cognito') {
    const targets = [...OPERATIONS.keys()].map((name) => `AWSCognitoIdentityProviderService.${name}`);
    return {
      ...base,
      contentType: 'application/x-amz-json-1.1',
      bodyShape: COGNITO_SHAPE,
      headers: fc
        .constantFrom(...targets, 'AWSCognitoIdentityProviderService.Nope', '', 'x'.repeat(2000))
        .map((target) => ({ 'x-amz-target': target })),
    };
  }
  if (FORM_ROUTES.includes(entry.url)) {
    return {
      ...base,
      contentType: 'application/x-www-form-urlencoded',
      encode: (value) =>
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? new URLSearchParams(
              Object.entries(value).map(([key, field]): [string, string] => [
                key,
                typeof field === 'string' ? field : (JSON.stringify(field) ?? ''),
              ]),
            ).toString()
          : String(JSON.stringify(value)),
      headers: fc.constant({}),
    };
  }
  // Logging out with the one good token would end every later admin request's session.
  const withToken = entry.access === 'admin' && !entry.url.endsWith('/logout');
  return {
    ...base,
    contentType: 'application/json',
    headers: fc.constant<Record<string, string>>(withToken ? { authorization: `Bearer ${adminToken}` } : {}),
  };
}

/**
 * Every route of the app's own table (a new route is fuzzed without touching this file),
 * INPUTS_PER_ROUTE malformed requests each, derived from the route's schema, against the real server
 * in its own process: no 5xx, and every request answered in time. HEAD routes are Fastify's
 * copies of the GET routes, which are fuzzed; user routes are fuzzed without a valid user token.
 */
describe('fuzzing every route with malformed input', () => {
  let server: ServerProcess;
  let table: readonly RouteTableEntry[];
  let adminToken: string;
  let disposeData: () => Promise<void>;
  let build: TempTree;

  // Two servers start here (one to read the route table from); on a busy machine that is slow.
  beforeAll(async () => {
    // PostgreSQL when there is one: it opens faster than PGlite and serves from its own processes.
    const data = TEST_DATABASE_URL
      ? await temporaryPostgresDatabase().then((database) => ({ env: { DATABASE_URL: database.url }, dispose: database.dispose }))
      : await temporaryDataDir().then((dir) => ({ env: { DATA_DIR: dir.dataDir }, dispose: dir.dispose }));
    disposeData = data.dispose;
    // Pages are fuzzed too; they need a web build, which CI makes only after these tests.
    build = await createMinimalWebBuild();
    [table, server] = await Promise.all([
      routeTable(),
      startServerProcess({
        ...data.env,
        WEB_DIST_DIR: build.dir,
        ADMIN_PASSWORD,
        CONTACT_RATE_LIMIT_MAX: '10000',
        AFFILIATES_RATE_LIMIT: '100000',
        IDENTITY_RATE_LIMIT_PER_IP: '1000000',
      }),
    ]);
    adminToken = await adminTokenFor(server, ADMIN_PASSWORD);
  }, 300_000);
  afterAll(async () => {
    await server?.kill();
    await disposeData?.();
    await build?.remove();
  });

  it(`answers ${INPUTS_PER_ROUTE.toLocaleString('en-US')} malformed requests per route without a 5xx or a hang`, async () => {
    const routes = table.filter((entry) => entry.method !== 'HEAD').map((entry) => fuzzRoute(entry, adminToken));
    expect(routes.length).toBeGreaterThan(30);
    const client = createHttpClient(server.url, { sockets: CONCURRENCY, timeoutMs: REQUEST_TIMEOUT_MS });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();
    let sent = 0;
    let closedEarly = 0;
    const routeSeconds: [string, number][] = [];
    try {
      for (const [index, route] of routes.entries()) {
        const routeStarted = Date.now();
        const requests = fc.sample(malformedRequests(route), { numRuns: INPUTS_PER_ROUTE, seed: SEED + index });
        expect(requests.length).toBe(INPUTS_PER_ROUTE);
        await inParallel(requests, CONCURRENCY, async (request: HttpRequest) => {
          sent += 1;
          const describeRequest = () =>
            `${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 200)} ${String(request.body ?? '').slice(0, 200)}`;
          try {
            const reply = await client.request(request);
            statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
            if (reply.status >= 500) failures.push(`${reply.status} ${reply.body.slice(0, 200)} ← ${describeRequest()}`);
          } catch (error) {
            if (refusedWhileSending(error, request)) closedEarly += 1;
            else failures.push(`${error instanceof Error ? error.message : String(error)} ← ${describeRequest()}`);
          }
        });
        routeSeconds.push([`${route.method} ${route.url}`, (Date.now() - routeStarted) / 1000]);
      }
    } finally {
      client.close();
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `[fuzz] ${routes.length} routes, ${sent} requests in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s), seed ${SEED}; ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ` +
        `oversized bodies cut off while being sent: ${closedEarly}`,
    );
    const slowest = routeSeconds.sort(([, a], [, b]) => b - a).slice(0, 5);
    console.info(`[fuzz] slowest routes: ${slowest.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')}`);
    // Server errors first: they are the findings; connection failures follow.
    expect(failures.sort((a, b) => Number(/^\d/.test(b)) - Number(/^\d/.test(a))).slice(0, 20)).toEqual([]);
    // Still healthy afterwards.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 600_000);
});
