import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditEventType } from '../../../src-shared/domain/audit.ts';
import type { Schema } from '../../db/schema.ts';
import type { SecurityEvent } from '../../identity/index.ts';
import { createEventQueue } from './event-queue.ts';
import { insertEvent } from './store.ts';

export interface AuditEntry {
  eventType: AuditEventType;
  /** 'admin' for the operator, or a customer's sub. */
  actor: string;
  /** The actor's email address, when the actor is a customer. */
  actorEmail?: string | null;
  subject?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Appends one event to the audit log, with the request's address and browser. Pass the
 * transaction that did the audited thing, so both commit together or neither does.
 */
export async function recordAudit(db: Kysely<Schema>, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await insertEvent(db, {
    ...entry,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
}

const EVENT_TYPES: Record<SecurityEvent['kind'], AuditEventType> = {
  'sign-in': 'customer.login',
  'sign-in.failed': 'customer.login.failed',
  refresh: 'customer.token.refresh',
  'password.change': 'customer.password.change',
  'password.reset': 'customer.password.reset',
  'attributes.update': 'customer.profile.update',
  'email.verify': 'customer.email.verify',
  'sign-out': 'customer.logout',
};

/** Cognito's attribute names as the profile names them (firstName, lastName, email, phoneNumber). */
const PROFILE_FIELDS: Record<string, string> = {
  given_name: 'firstName',
  family_name: 'lastName',
  email: 'email',
  phone_number: 'phoneNumber',
};

/** The reporting port, and `flush` for the app's close: it resolves once every queued event is written. */
export type SecurityEventRecorder = ((event: SecurityEvent) => Promise<void>) & { flush(): Promise<void> };

/**
 * The identity service's reporting port: each security event it sees becomes one audit row,
 * named and shaped as the operator's screen and the customer's recent sign-ins read them.
 * Concurrent events are written together, one statement for many (event-queue.ts); each call
 * resolves once its own row is committed.
 */
export function recordSecurityEvent(db: Kysely<Schema>): SecurityEventRecorder {
  const queue = createEventQueue(db);
  const record = async (event: SecurityEvent): Promise<void> => {
    const email = event.user?.email ?? (event.login?.includes('@') ? event.login : null);
    return queue.record({
      eventType: EVENT_TYPES[event.kind],
      actor: event.user?.sub ?? 'unknown',
      actorEmail: email,
      subject: email,
      details: detailsOf(event),
      ip: event.client.ip,
      userAgent: event.client.userAgent,
      originJti: event.token?.origin_jti ?? null,
      eventId: event.token?.event_id ?? null,
    });
  };
  return Object.assign(record, { flush: () => queue.flush() });
}

function detailsOf(event: SecurityEvent): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (event.method) details.provider = event.method;
  if (event.flow) details.flow = event.flow;
  if (event.reason) details.reason = event.reason.type;
  if (event.reason) details.message = event.reason.message;
  // The name tried, when it is not an account's address (an unknown or mistyped name).
  if (event.login !== undefined && event.user === null && !event.login.includes('@')) details.login = event.login;
  if (event.changes) {
    details.changes = Object.fromEntries(
      Object.entries(event.changes).map(([name, change]) => [PROFILE_FIELDS[name] ?? name, change]),
    );
    // A new address stays pending until the customer confirms it with the mailed code.
    if (event.kind === 'attributes.update' && 'email' in event.changes) details.emailPendingVerification = true;
  }
  return details;
}
