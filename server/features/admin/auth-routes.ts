import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AdminLoginReply } from '../../../src-shared/domain/admin.ts';
import { adminLogin, adminLogout, adminValidate, revokeAllAdminSessions } from '../../../src-shared/domain/endpoints/admin.ts';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { routeOf } from '../../http/contract-route.ts';
import { addressKey } from '../../http/rate-limit/address-key.ts';
import type { RateLimitStore } from '../../http/rate-limit/store.ts';
import { recordAudit } from '../audit/record.ts';
import type { AdminAccess } from './guard.ts';
import type { KnownDevices } from './known-device.ts';
import {
  ADMIN_LOGIN_LIMITS,
  admitLogin,
  assessLogin,
  createSlowLane,
  LOGIN_BUSY_MESSAGE,
  loginBlockedMessage,
  recordLoginSuccess,
} from './login-limits.ts';
import { endAllAdminSessions, type AdminPassword } from './password.ts';
import { issueAdminToken, revokeAdminToken } from './tokens.ts';

const INVALID_PASSWORD = 'Invalid password';

export interface AdminAuthDeps {
  db: Kysely<Schema>;
  password: AdminPassword;
  devices: KnownDevices;
  /** Where refused and slowed attempts are counted (no database row for them: a flood must not fill it). */
  rateLimitStore: RateLimitStore;
}

/** Whether a count is worth a log line: the first of the hour, then every hundredth. */
const worthLogging = (count: number) => count === 1 || count % 100 === 0;

/** `POST /api/admin/auth/login`: the one admin route open to everyone, rate-limited. */
export function registerAdminAuthRoutes(app: FastifyInstance, deps: AdminAuthDeps): void {
  const { db, password, devices, rateLimitStore } = deps;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  // One password check at a time on this instance: a burst of guesses keeps one thread of
  // libuv's pool busy (argon2, 19 MiB each), not all of them, which file reads share.
  let previous: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const run = previous.then(task, task);
    previous = run.catch(() => undefined);
    return run;
  };
  const slowLane = createSlowLane(rateLimitStore);

  /** A refused attempt: counted in the rate-limit store, logged now and then, answered 429. */
  async function refuse(request: FastifyRequest, reply: FastifyReply, error: string, retryAfterSeconds: number) {
    const { count } = await rateLimitStore.hit('admin-login:refused', ADMIN_LOGIN_LIMITS.windowMs, Date.now());
    if (worthLogging(count)) request.log.warn({ refusedThisHour: count }, 'admin login: attempts refused');
    const body: AdminLoginReply = { success: false, error };
    return reply.status(429).header('retry-after', String(retryAfterSeconds)).send(body);
  }

  routes.route({
    ...routeOf(adminLogin),
    config: { access: 'public' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const attempt = { address: addressKey(request.ip), device: devices.recognise(request.headers.cookie) };
      // A first look, before the slow lane: an address over its limit is refused without waiting in it.
      const first = await assessLogin(db, attempt);
      if (first.block) return refuse(request, reply, loginBlockedMessage(first.block), first.block.retryAfterSeconds);
      if (first.slowDown) {
        const { count } = await rateLimitStore.hit('admin-login:slowed', ADMIN_LOGIN_LIMITS.windowMs, Date.now());
        if (worthLogging(count)) {
          request.log.warn(
            { slowedThisHour: count },
            `admin login: over ${ADMIN_LOGIN_LIMITS.globalPerHour} failures this hour, so logins from unknown devices are slowed`,
          );
        }
        if (!(await slowLane.enter())) return refuse(request, reply, LOGIN_BUSY_MESSAGE, 5);
      }
      const admitted = await admitLogin(db, attempt);
      if ('block' in admitted)
        return refuse(request, reply, loginBlockedMessage(admitted.block), admitted.block.retryAfterSeconds);
      const epoch = await oneAtATime(() => password.check(request.body.password));
      if (epoch === undefined) {
        await recordAudit(db, request, {
          eventType: 'admin.login.failed',
          actor: 'admin',
          details: admitted.device ? { device: admitted.device } : {},
        });
        const body: AdminLoginReply = { success: false, error: INVALID_PASSWORD };
        return reply.status(401).send(body);
      }
      const { token, expiresAt } = await db.transaction().execute(async (trx) => {
        await recordLoginSuccess(trx, admitted);
        const issued = await issueAdminToken(trx, request.ip, epoch);
        await recordAudit(trx, request, {
          eventType: 'admin.login',
          actor: 'admin',
          details: { session: issued.token.split('.')[0], knownDevice: admitted.device !== undefined },
        });
        return issued;
      });
      // Known from now on (again): a device past its own budget keeps its id but was not exempt this time.
      reply.header('set-cookie', devices.setCookie(attempt.device));
      const body: AdminLoginReply = { success: true, token, expiresAt: expiresAt.toISOString() };
      return body;
    },
  });
}

/** The session routes behind the admin check: validate (`{valid: true}`), logout and "sign out all". */
export function registerAdminSessionRoutes(app: FastifyInstance, deps: { db: Kysely<Schema>; access: AdminAccess }): void {
  const { db, access } = deps;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  // Reaching the handler means the admin check passed; an invalid token got the check's 401.
  routes.route({
    ...routeOf(adminValidate),
    config: { access: 'admin' },
    handler: async () => ({ valid: true }),
  });

  routes.route({
    ...routeOf(adminLogout),
    config: { access: 'admin' },
    handler: async (request) => {
      const session = access.sessionOf(request);
      await db.transaction().execute(async (trx) => {
        await revokeAdminToken(trx, session);
        await recordAudit(trx, request, { eventType: 'admin.logout', actor: 'admin', details: { session: session.selector } });
      });
      return { success: true };
    },
  });

  // Every token, this one included, on every instance: for a token that may have leaked.
  routes.route({
    ...routeOf(revokeAllAdminSessions),
    config: { access: 'admin' },
    handler: async (request) => {
      const session = access.sessionOf(request);
      await db.transaction().execute(async (trx) => {
        await endAllAdminSessions(trx);
        await recordAudit(trx, request, {
          eventType: 'admin.sessions.revoke-all',
          actor: 'admin',
          details: { session: session.selector },
        });
      });
      return { success: true };
    },
  });
}
