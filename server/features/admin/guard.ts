import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AdminResult } from '../../../src-shared/domain/admin.ts';
import type { Schema } from '../../db/schema.ts';
import { bearerToken, findAdminSession, type AdminSession } from './tokens.ts';

/** True when the request carries a valid admin token. The blog's admin tools take this. */
export type AdminGuard = (request: FastifyRequest) => Promise<boolean>;

export const ADMIN_AUTH_ERRORS = {
  missing: 'Admin authentication required: send Authorization: Bearer <token>',
  invalid: 'Invalid or expired admin token. Log in again.',
} as const;

export interface AdminAccess {
  guard: AdminGuard;
  /** preHandler for every admin route but login: 401 `{success: false, error}` without a valid token. */
  requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The session `requireAdmin` found for this request. */
  sessionOf(request: FastifyRequest): AdminSession;
}

/** One admin check per database, so the app's access control and the admin routes share their sessions. */
const accessByDatabase = new WeakMap<Kysely<Schema>, AdminAccess>();

export function createAdminAccess(db: Kysely<Schema>): AdminAccess {
  const existing = accessByDatabase.get(db);
  if (existing) return existing;
  const sessions = new WeakMap<FastifyRequest, AdminSession>();

  async function sessionFor(request: FastifyRequest): Promise<AdminSession | undefined> {
    const token = bearerToken(request.headers.authorization);
    return token === undefined ? undefined : findAdminSession(db, token);
  }

  const access: AdminAccess = {
    guard: async (request) => sessions.has(request) || (await sessionFor(request)) !== undefined,
    async requireAdmin(request, reply) {
      // Checked once a request: the app's access control runs this before the admin routes' own hook.
      if (sessions.has(request)) return;
      const session = await sessionFor(request);
      if (session) {
        sessions.set(request, session);
        return;
      }
      const hasToken = bearerToken(request.headers.authorization) !== undefined;
      const body: AdminResult = { success: false, error: hasToken ? ADMIN_AUTH_ERRORS.invalid : ADMIN_AUTH_ERRORS.missing };
      await reply.status(401).header('www-authenticate', 'Bearer').send(body);
    },
    sessionOf(request) {
      const session = sessions.get(request);
      if (!session) throw new Error('sessionOf called on a route without requireAdmin');
      return session;
    },
  };
  accessByDatabase.set(db, access);
  return access;
}
