import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditReply } from '../../../src-shared/domain/accounts/api.ts';
import { loginProvider, userFromIdToken, type IdTokenClaims } from '../../../src-shared/domain/accounts/user.ts';
import {
  AUDIT_PAGE_LIMITS,
  PROFILE_EVENT_TYPES,
  SIGN_IN_EVENT_TYPES,
  type AuditPageReply,
} from '../../../src-shared/domain/audit.ts';
import type { Schema } from '../../db/schema.ts';
import { auditLogin, auditProfile } from '../../../src-shared/domain/endpoints/accounts.ts';
import { listAuditEvents } from '../../../src-shared/domain/endpoints/admin.ts';
import { routeOf } from '../../http/contract-route.ts';
import type { RateLimitStore } from '../../http/rate-limit/store.ts';
import { annotateEvent, decodeCursor, insertSignInOnce, InvalidCursor, listEvents, type AnnotationResult } from './store.ts';

/** The claims of a verified id token that tie a report to the server's event. */
export type ReportingClaims = IdTokenClaims & { origin_jti?: string; event_id?: string; jti?: string };

export interface CustomerAuditDeps {
  db: Kysely<Schema>;
  /** Checks an id token of the configured pool; rejects when invalid. */
  verifyIdToken(idToken: string): Promise<ReportingClaims>;
  rateLimitStore: RateLimitStore;
  /**
   * Whether this server runs the user pool and so records every sign-in itself. With AWS
   * Cognito it does not: the first report of a verified token records its sign-in, once.
   */
  serverSeesSignIns: boolean;
  /** What a report that cannot be verified is told. */
  invalidTokenMessage: string;
}

/** Reports a customer may send: enough for a real web app (a few a sign-in), far too few to flood. */
export const REPORTS_PER_CUSTOMER = 20;
const REPORT_WINDOW_MS = 10 * 60 * 1000;
const TOO_MANY_REPORTS = 'Too many audit reports. Please try again later.';
const NOTHING_TO_ANNOTATE = 'No event of this token to annotate';

const MAX_USER_AGENT = 512;

class Refused extends Error {
  constructor(
    readonly status: 401 | 429,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The browser's audit reports (POST /api/audit-login and /api/audit-profile). They keep the
 * established paths and bodies, but a report only annotates an event the server already recorded
 * for the token it carries (its user agent, the method the web app saw), once per token, a
 * few times per customer per window; what the browser claims happened is never recorded.
 */
export function registerCustomerAuditRoutes(app: FastifyInstance, deps: CustomerAuditDeps): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const userOnly = { access: 'user' } as const;

  async function reporter(idToken: string, request: FastifyRequest): Promise<ReportingClaims> {
    let claims: ReportingClaims;
    try {
      claims = await deps.verifyIdToken(idToken);
    } catch (error) {
      request.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'id token rejected');
      throw new Refused(401, deps.invalidTokenMessage);
    }
    const { count } = await deps.rateLimitStore.hit(`audit-report:${claims.sub}`, REPORT_WINDOW_MS, Date.now());
    if (count > REPORTS_PER_CUSTOMER) throw new Refused(429, TOO_MANY_REPORTS);
    return claims;
  }

  const answer = (reply: FastifyReply, result: AnnotationResult) =>
    result === 'no-event'
      ? reply.status(404).send({ ok: false, error: NOTHING_TO_ANNOTATE } satisfies AuditReply)
      : reply.send({ ok: true } satisfies AuditReply);
  const refused = (reply: FastifyReply, error: unknown) => {
    if (error instanceof Refused)
      return reply.status(error.status).send({ ok: false, error: error.message } satisfies AuditReply);
    throw error;
  };
  const userAgentOf = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, MAX_USER_AGENT) ?? null;

  api.route({
    ...routeOf(auditLogin),
    config: userOnly,
    handler: async (request, reply) => {
      try {
        const claims = await reporter(request.body.idToken, request);
        const session = sessionOf(claims);
        const annotation = { reportedProvider: request.body.provider, userAgent: userAgentOf(request) };
        if (!deps.serverSeesSignIns) {
          const email = userFromIdToken(claims).email;
          const recorded = await insertSignInOnce(deps.db, {
            eventType: 'customer.login',
            actor: claims.sub,
            actorEmail: email,
            subject: email,
            // Only what the verified token says; the browser's tag stays in the annotation.
            details: { provider: loginProvider(claims), flow: 'reported' },
            ip: request.ip,
            userAgent: userAgentOf(request),
            originJti: session.originJti,
            eventId: session.eventId,
            annotation,
            annotationKey: session.eventId,
          });
          // A later token of a recorded session (a refresh) adds nothing: the sign-in is there.
          return answer(reply, recorded ? 'annotated' : 'already-annotated');
        }
        const result = await annotateEvent(deps.db, {
          actor: claims.sub,
          types: SIGN_IN_EVENT_TYPES,
          originJti: session.originJti,
          eventId: session.eventId,
          annotationKey: session.eventId,
          annotation,
        });
        return answer(reply, result);
      } catch (error) {
        return refused(reply, error);
      }
    },
  });

  api.route({
    ...routeOf(auditProfile),
    config: userOnly,
    handler: async (request, reply) => {
      try {
        const claims = await reporter(request.body.idToken, request);
        const session = sessionOf(claims);
        // Which fields the web app says it saved: names from the schema's closed list, never values.
        const annotation = { reportedFields: Object.keys(request.body.changes).sort(), userAgent: userAgentOf(request) };
        const result = await annotateEvent(deps.db, {
          actor: claims.sub,
          types: PROFILE_EVENT_TYPES,
          originJti: session.originJti,
          annotationKey: session.eventId,
          annotation,
        });
        return answer(reply, result);
      } catch (error) {
        return refused(reply, error);
      }
    },
  });
}

/** The token session and issue a verified id token belongs to (Cognito sets both claims). */
function sessionOf(claims: ReportingClaims): { originJti: string; eventId: string } {
  const eventId = claims.event_id ?? claims.jti ?? claims.sub;
  return { originJti: claims.origin_jti ?? eventId, eventId };
}

/**
 * GET /api/admin/audit, inside the admin scope (its token check runs before the query is
 * read): one page of events, filtered by type, actor and time, with the next page's cursor.
 */
export function registerAuditAdminRoutes(routes: FastifyInstance, deps: { db: Kysely<Schema> }): void {
  const api = routes.withTypeProvider<TypeBoxTypeProvider>();
  api.route({
    ...routeOf(listAuditEvents),
    config: { access: 'admin' },
    handler: async (request, reply) => {
      const { limit, cursor, type, actor, from, to } = request.query;
      let after;
      try {
        after = cursor === undefined ? undefined : decodeCursor(cursor);
      } catch (error) {
        if (error instanceof InvalidCursor) return reply.status(400).send({ success: false, error: error.message });
        throw error;
      }
      const page = await listEvents(deps.db, {
        filter: {
          type,
          actor: actor?.trim(),
          from: from === undefined ? undefined : new Date(from),
          to: to === undefined ? undefined : new Date(to),
        },
        limit: limit ?? AUDIT_PAGE_LIMITS.default,
        cursor: after,
      });
      return { success: true, ...page } satisfies AuditPageReply;
    },
  });
}
