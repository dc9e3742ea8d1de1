import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { OUTBOX_RETRY_NOT_FAILED, type AdminResult } from '../../../src-shared/domain/admin.ts';
import * as contracts from '../../../src-shared/domain/endpoints/admin.ts';
import type { Schema } from '../../db/schema.ts';
import type { RateLimitStore } from '../../http/rate-limit/store.ts';
import { routeOf } from '../../http/contract-route.ts';
import { DATABASE_BUSY, markBusy, wrapClientErrors } from '../../http/errors.ts';
import { pageAffiliateApplications } from '../affiliates/store.ts';
import { recordAudit } from '../audit/record.ts';
import { registerAuditAdminRoutes } from '../audit/routes.ts';
import { registerAdminAuthRoutes, registerAdminSessionRoutes } from './auth-routes.ts';
import { createAdminAccess, type AdminGuard } from './guard.ts';
import type { KnownDevices } from './known-device.ts';
import { registerAdminListRoutes } from './list-routes.ts';
import type { LeadsSource } from './leads-source.ts';
import type { AdminPassword } from './password.ts';
import { pagePosition, recordsPageRequest } from '../../db/list-query.ts';
import { pageOutbox, retryFailedMail } from './store.ts';
import type { UserDirectory, UserPool } from './user-directory.ts';
import { forgetCustomer } from '../accounts/store.ts';
import { createUserInvites, registerUserInviteRoutes } from './user-invites.ts';

export interface AdminDeps {
  db: Kysely<Schema>;
  password: AdminPassword;
  devices: KnownDevices;
  rateLimitStore: RateLimitStore;
  leads: LeadsSource;
  /** Undefined while no user pool is reachable; the users routes then say so. */
  users: UserDirectory | undefined;
  /** The pool's admin client, made on first use, for invitations and groups. */
  userPool?: (() => Promise<UserPool>) | undefined;
  /** False when no SMTP or EmailJS is configured: the outbox screen then says mail stays there. */
  mailDeliveryConfigured?: boolean;
}

const USERS_UNAVAILABLE = 'User management is not available: no identity service is configured on the server.';

type UserAction = 'enable' | 'disable' | 'delete';

/**
 * Registers the admin API. Login is open (and rate-limited); every other /api/admin route
 * sits in a scope whose first hook refuses a request without a valid admin token. Returns
 * the same check for other features' admin tools (the blog's).
 */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminDeps): AdminGuard {
  const { db } = deps;
  const access = createAdminAccess(db);
  registerAdminAuthRoutes(app, { db, password: deps.password, devices: deps.devices, rateLimitStore: deps.rateLimitStore });

  void app.register(async (scope) => {
    scope.addHook('onRequest', access.requireAdmin);
    wrapClientErrors(scope, (body) => ({ success: false, ...body }));
    const routes = scope.withTypeProvider<TypeBoxTypeProvider>();
    const adminOnly = { access: 'admin' } as const;
    registerAdminSessionRoutes(routes, { db, access });
    registerUserInviteRoutes(scope, {
      db,
      invites: deps.userPool && createUserInvites(deps.userPool),
      unavailable: USERS_UNAVAILABLE,
      sendFailure: sendIdentityFailure,
    });

    registerAdminListRoutes(scope, {
      db,
      leads: deps.leads,
      users: deps.users,
      usersUnavailable: USERS_UNAVAILABLE,
      sendIdentityFailure,
    });

    const userAction =
      (action: UserAction) => async (request: FastifyRequest<{ Params: { username: string } }>, reply: FastifyReply) => {
        const directory = deps.users;
        if (!directory) return reply.status(503).send({ success: false, error: USERS_UNAVAILABLE } satisfies AdminResult);
        const { username } = request.params;
        try {
          // What the product keeps about the customer goes first, as in their own deletion
          // (accounts/routes.ts): should the pool then fail, the user is still there to delete
          // again, and forgetting again changes nothing.
          if (action === 'delete') await forgetCustomer(db, await directory.subOf(username));
          await directory[action](username);
        } catch (error) {
          await recordAudit(db, request, {
            eventType: `admin.user.${action}`,
            actor: 'admin',
            subject: username,
            details: { outcome: 'failed', error: error instanceof Error ? error.name : 'unknown' },
          });
          return sendIdentityFailure(reply, request.log, error, `Failed to ${action} user`);
        }
        await recordAudit(db, request, {
          eventType: `admin.user.${action}`,
          actor: 'admin',
          subject: username,
          details: { outcome: 'succeeded' },
        });
        return { success: true } satisfies AdminResult;
      };
    routes.route({ ...routeOf(contracts.enableUser), config: adminOnly, handler: userAction('enable') });
    routes.route({ ...routeOf(contracts.disableUser), config: adminOnly, handler: userAction('disable') });
    routes.route({ ...routeOf(contracts.deleteUser), config: adminOnly, handler: userAction('delete') });

    registerAuditAdminRoutes(routes, { db });

    routes.route({
      ...routeOf(contracts.listOutbox),
      config: adminOnly,
      handler: async (request) => {
        const page = await pageOutbox(db, recordsPageRequest(request.query));
        return {
          success: true,
          mails: page.items,
          ...pagePosition(page),
          deliveryConfigured: deps.mailDeliveryConfigured ?? false,
        };
      },
    });

    routes.route({
      ...routeOf(contracts.retryOutboxMail),
      config: adminOnly,
      handler: async (request, reply) => {
        const { id } = request.params;
        if (!(await retryFailedMail(db, id))) return reply.code(409).send({ success: false, error: OUTBOX_RETRY_NOT_FAILED });
        await recordAudit(db, request, { eventType: 'admin.mail.retry', actor: 'admin', subject: String(id), details: {} });
        return { success: true } satisfies AdminResult;
      },
    });

    routes.route({
      ...routeOf(contracts.listAffiliateApplications),
      config: adminOnly,
      handler: async (request) => {
        const page = await pageAffiliateApplications(db, recordsPageRequest(request.query));
        return {
          success: true,
          applications: page.items,
          ...pagePosition(page),
        };
      },
    });
  });

  return access.guard;
}

/**
 * The identity service's own message for what the operator can act on (a user that does not
 * exist, a bad name); the fixed fallback text, with details in the log, for everything else.
 */
function sendIdentityFailure(reply: FastifyReply, log: FastifyBaseLogger, error: unknown, fallback: string) {
  const { $fault: fault, $metadata: metadata } = (error ?? {}) as { $fault?: string; $metadata?: { httpStatusCode?: number } };
  // The pool too busy right now (the embedded one's database past its statement limit): the
  // operator is told to try again in a moment, as any page of the product would be.
  if (metadata?.httpStatusCode === 503) {
    log.warn({ reason: error instanceof Error ? error.name : 'unknown' }, `${fallback}: the user pool is busy`);
    return markBusy(reply).send({ success: false, error: DATABASE_BUSY });
  }
  if (fault === 'client' && error instanceof Error) {
    const status = error.name === 'UserNotFoundException' ? 404 : 400;
    return reply.status(status).send({ success: false, error: error.message || fallback });
  }
  log.error({ err: error }, fallback);
  return reply.status(502).send({ success: false, error: fallback });
}
