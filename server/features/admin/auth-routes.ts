import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminLoginReplySchema,
  AdminLoginRequestSchema,
  AdminResultSchema,
  AdminValidateReplySchema,
  type AdminLoginReply,
} from '../../../src-shared/domain/admin.ts';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { recordAudit } from './audit-log.ts';
import type { AdminAccess } from './guard.ts';
import { loginBlock, loginBlockedMessage, recordLoginAttempt } from './login-limits.ts';
import type { AdminPassword } from './password.ts';
import { issueAdminToken, revokeAdminToken } from './tokens.ts';

export const INVALID_PASSWORD = 'Invalid password';

/** `POST /api/admin/auth/login`: the one admin route open to everyone, rate-limited. */
export function registerAdminAuthRoutes(app: FastifyInstance, deps: { db: Kysely<Schema>; password: AdminPassword }): void {
  const { db, password } = deps;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  // One login at a time on this instance: otherwise a burst of parallel guesses would all pass
  // the limit check before any of them is counted.
  let previous: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const run = previous.then(task, task);
    previous = run.catch(() => undefined);
    return run;
  };

  routes.post(
    '/api/admin/auth/login',
    {
      config: { access: 'public' },
      schema: {
        body: AdminLoginRequestSchema,
        response: { 200: AdminLoginReplySchema, 401: AdminLoginReplySchema, 429: AdminLoginReplySchema },
      },
    },
    async (request, reply) =>
      oneAtATime(async () => {
        reply.header('cache-control', 'no-store');
        const block = await loginBlock(db, request.ip);
        if (block) {
          await recordLoginAttempt(db, request.ip, 'rate-limited');
          const body: AdminLoginReply = { success: false, error: loginBlockedMessage(block) };
          return reply.status(429).header('retry-after', String(block.retryAfterSeconds)).send(body);
        }
        if (!(await password.matches(request.body.password))) {
          await db.transaction().execute(async (trx) => {
            await recordLoginAttempt(trx, request.ip, 'failed');
            await recordAudit(trx, request, { eventType: 'admin.login.failed', actor: 'admin' });
          });
          const body: AdminLoginReply = { success: false, error: INVALID_PASSWORD };
          return reply.status(401).send(body);
        }
        const { token, expiresAt } = await db.transaction().execute(async (trx) => {
          await recordLoginAttempt(trx, request.ip, 'succeeded');
          const issued = await issueAdminToken(trx, request.ip);
          await recordAudit(trx, request, {
            eventType: 'admin.login',
            actor: 'admin',
            details: { session: issued.token.split('.')[0] },
          });
          return issued;
        });
        const body: AdminLoginReply = { success: true, token, expiresAt: expiresAt.toISOString() };
        return body;
      }),
  );
}

/** The session routes behind the admin check: validate (`{valid: true}`) and logout. */
export function registerAdminSessionRoutes(app: FastifyInstance, deps: { db: Kysely<Schema>; access: AdminAccess }): void {
  const { db, access } = deps;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  // Reaching the handler means the admin check passed; an invalid token got the check's 401.
  routes.get(
    '/api/admin/auth/validate',
    { schema: { response: { 200: AdminValidateReplySchema } }, config: { access: 'admin' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { valid: true };
    },
  );

  routes.post(
    '/api/admin/auth/logout',
    { schema: { response: { 200: AdminResultSchema } }, config: { access: 'admin' } },
    async (request) => {
      const session = access.sessionOf(request);
      await db.transaction().execute(async (trx) => {
        await revokeAdminToken(trx, session);
        await recordAudit(trx, request, { eventType: 'admin.logout', actor: 'admin', details: { session: session.selector } });
      });
      return { success: true };
    },
  );
}
