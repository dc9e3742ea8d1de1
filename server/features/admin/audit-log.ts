import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

export interface AuditEntry {
  /** Dotted name such as 'admin.login' or 'admin.user.disable'. */
  eventType: string;
  actor: string;
  subject?: string | null;
  details?: Record<string, unknown>;
}

const MAX_USER_AGENT = 512;

/**
 * Appends one event to the audit log, with the request's address and browser. Pass the
 * transaction that did the audited thing, so both commit together or neither does.
 */
export async function recordAudit(db: Kysely<Schema>, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      event_type: entry.eventType,
      actor: entry.actor,
      subject: entry.subject ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: request.ip,
      user_agent: request.headers['user-agent']?.slice(0, MAX_USER_AGENT) ?? null,
    })
    .execute();
}
