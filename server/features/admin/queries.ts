import type { Kysely } from 'kysely';
import type { AuditEvent, OutboxMail } from '../../../src-shared/domain/admin.ts';
import type { Schema } from '../../db/schema.ts';

/** The newest audit events first. */
export async function listAuditEvents(db: Kysely<Schema>, limit: number): Promise<AuditEvent[]> {
  const rows = await db.selectFrom('audit_events').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    eventType: row.event_type,
    actor: row.actor,
    subject: row.subject,
    details: row.details,
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: row.created_at.toISOString(),
  }));
}

/** The newest mails first, without their text (codes and links are not the operator's to read). */
export async function listOutbox(db: Kysely<Schema>, limit: number): Promise<OutboxMail[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'kind', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  }));
}
