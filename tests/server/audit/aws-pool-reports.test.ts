import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomerAuditRoutes, type ReportingClaims } from '../../../server/features/audit/routes.ts';
import { createMemoryRateLimitStore } from '../../../server/http/rate-limit/store.ts';
import { openTestDatabase } from '../../support/test-server.ts';

/**
 * With AWS Cognito the server never sees a sign-in: the first report of a verified id token
 * records it, from the token's claims only, once per token session. AWS's JWKS cannot be
 * reached from here, so the id token verifier is a stand-in that accepts known claims.
 */
const databases = [['PGlite', false], ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', true] as const] : [])] as const;

describe.each(databases)('reports against an AWS pool (stand-in id token verifier), on %s', (_name, postgres) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  const tokens = new Map<string, ReportingClaims>();

  beforeAll(async () => {
    database = await openTestDatabase({ postgres });
    app = Fastify();
    registerCustomerAuditRoutes(app, {
      db: database.db,
      verifyIdToken: (idToken) => {
        const claims = tokens.get(idToken);
        return claims ? Promise.resolve(claims) : Promise.reject(new Error('unknown token'));
      },
      rateLimitStore: createMemoryRateLimitStore(),
      serverSeesSignIns: false,
      invalidTokenMessage: 'Invalid or expired id token',
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const report = (path: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: path,
      payload: body as Record<string, unknown>,
      headers: { 'user-agent': 'Firefox/133.0' },
    });

  it('records one sign-in per token session from the token, however often and however it is reported', async () => {
    tokens.set('token-1', {
      sub: 'aws-sub-1',
      email: 'erin@example.com',
      origin_jti: 'session-1',
      event_id: 'issue-1',
      identities: [{ providerName: 'Google' }],
    });
    tokens.set('token-1-refreshed', {
      sub: 'aws-sub-1',
      email: 'erin@example.com',
      origin_jti: 'session-1',
      event_id: 'issue-2',
    });
    const answers = await Promise.all([
      report('/api/audit-login', { idToken: 'token-1', provider: 'password' }),
      report('/api/audit-login', { idToken: 'token-1', provider: 'microsoft' }),
      report('/api/audit-login', { idToken: 'token-1-refreshed', provider: 'password' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const rows = await database.db.selectFrom('audit_events').selectAll().where('actor', '=', 'aws-sub-1').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event_type: 'customer.login',
      actor_email: 'erin@example.com',
      origin_jti: 'session-1',
      details: { provider: 'google', flow: 'reported' },
    });
  });

  it('records nothing from a profile report: the pool’s changes are not the server’s to see', async () => {
    const answer = await report('/api/audit-profile', {
      idToken: 'token-1',
      changes: { email: { old: 'ceo@example.com', new: 'attacker@example.com' } },
    });
    expect(answer.statusCode).toBe(404);
    const rows = await database.db.selectFrom('audit_events').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('attacker@example.com');
  });

  it('refuses a token it cannot verify', async () => {
    expect((await report('/api/audit-login', { idToken: 'forged', provider: 'password' })).statusCode).toBe(401);
  });
});
