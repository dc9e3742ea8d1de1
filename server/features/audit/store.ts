import { sql, type Kysely } from 'kysely';
import type { AuditEvent, AuditEventType, AuditPage } from '../../../src-shared/domain/audit.ts';
import { isRowId } from '../../db/list-query.ts';
import { totalOf } from '../../db/row-count.ts';
import type { Schema } from '../../db/schema.ts';

const MAX_USER_AGENT = 512;
const MAX_EMAIL = 320;

export interface NewAuditEvent {
  eventType: AuditEventType;
  actor: string;
  actorEmail?: string | null;
  subject?: string | null;
  details?: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  originJti?: string | null;
  eventId?: string | null;
}

function rowOf(event: NewAuditEvent) {
  return {
    event_type: event.eventType,
    actor: event.actor,
    actor_email: event.actorEmail?.toLowerCase().slice(0, MAX_EMAIL) ?? null,
    subject: event.subject ?? null,
    details: JSON.stringify(event.details ?? {}),
    ip: event.ip,
    user_agent: event.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    origin_jti: event.originJti ?? null,
    event_id: event.eventId ?? null,
  };
}

export async function insertEvent(db: Kysely<Schema>, event: NewAuditEvent): Promise<void> {
  await db.insertInto('audit_events').values(rowOf(event)).execute();
}

/** The columns insertEvents fills, in the order of its arrays. */
const BATCH_COLUMNS = [
  'event_type',
  'actor',
  'actor_email',
  'subject',
  'details',
  'ip',
  'user_agent',
  'origin_jti',
  'event_id',
] as const;

/**
 * Inserts many events in one statement, each row exactly as insertEvent writes it. The rows go
 * as one text array a column, unnested, so the statement's text is the same for any number of
 * rows: PGlite prepares it once (one `values` list a row count would fill its statement cache
 * with a text per batch size). One statement: either every row is stored or none is.
 */
export async function insertEvents(db: Kysely<Schema>, events: readonly NewAuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(rowOf);
  const arrays = BATCH_COLUMNS.map((column) => sql`${rows.map((row) => row[column])}::text[]`);
  await db
    .insertInto('audit_events')
    .columns(BATCH_COLUMNS)
    .expression(
      sql`select event_type, actor, actor_email, subject, details::jsonb, ip, user_agent, origin_jti, event_id
        from unnest(${sql.join(arrays)}) as r(${sql.join(BATCH_COLUMNS.map((column) => sql.ref(column)))})`,
    )
    .execute();
}

/**
 * Records a sign-in once per token session (`origin_jti`): for a pool the server does not
 * run (AWS Cognito), the first report of a verified token is all it sees of the sign-in.
 * Returns whether this call recorded it.
 */
export async function insertSignInOnce(
  db: Kysely<Schema>,
  event: NewAuditEvent & { originJti: string; annotation: Record<string, unknown>; annotationKey: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('audit_events')
    .values({
      ...rowOf(event),
      annotation: JSON.stringify(event.annotation),
      annotation_key: event.annotationKey,
      annotated_at: sql<Date>`now()`,
    })
    .onConflict((conflict) =>
      conflict.column('origin_jti').where('event_type', '=', 'customer.login').where('origin_jti', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export type AnnotationResult = 'annotated' | 'already-annotated' | 'no-event';

/**
 * Adds the web app's annotation to the newest unannotated event of `types` that belongs to
 * the customer's token session, once per token (`annotationKey`) and kind of event. An
 * event is never created here: a report with nothing to annotate changes nothing.
 */
export async function annotateEvent(
  db: Kysely<Schema>,
  target: {
    actor: string;
    types: readonly AuditEventType[];
    originJti: string;
    /** Only the event of this token issue (a sign-in's own tokens), when given. */
    eventId?: string;
    annotationKey: string;
    annotation: Record<string, unknown>;
  },
): Promise<AnnotationResult> {
  const owned = db
    .selectFrom('audit_events')
    .where('actor', '=', target.actor)
    .where('origin_jti', '=', target.originJti)
    .where('event_type', 'in', target.types)
    .$if(target.eventId !== undefined, (query) => query.where('event_id', '=', target.eventId ?? ''));
  const already = await owned.select('id').where('annotation_key', '=', target.annotationKey).executeTakeFirst();
  if (already) return 'already-annotated';
  const candidate = await owned
    .select('id')
    .where('annotation_key', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!candidate) return 'no-event';
  // Conditional on still being unannotated, and unique per (type, token): two racing
  // reports of one token annotate once.
  const updated = await db
    .updateTable('audit_events')
    .set({
      annotation: JSON.stringify(target.annotation),
      annotation_key: target.annotationKey,
      annotated_at: sql<Date>`now()`,
    })
    .where('id', '=', candidate.id)
    .where('annotation_key', 'is', null)
    .executeTakeFirst()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return { numUpdatedRows: 0n };
      throw error;
    });
  return updated.numUpdatedRows > 0n ? 'annotated' : 'already-annotated';
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

export interface AuditFilter {
  type?: AuditEventType | undefined;
  /** An email address, any case. */
  actor?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Where a page ends: the last row's time (in microseconds, as stored) and id. */
interface Cursor {
  micros: string;
  id: number;
}

export class InvalidCursor extends Error {
  constructor() {
    super('Invalid cursor: pass the nextCursor of a previous page');
  }
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.micros}.${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  const match = /^(\d{1,17})\.(\d{1,10})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  // Ten digits reach past the integer id column, which PostgreSQL would refuse as a server error.
  if (!match?.[1] || !match[2] || !isRowId(Number(match[2]))) throw new InvalidCursor();
  return { micros: match[1], id: Number(match[2]) };
}

/**
 * One page of events, newest first, keyed on (created_at, id) so a page costs the same
 * however deep it is and new events never shift the pages after it. Filters use the
 * indexes of migration 8.
 */
export async function listEvents(
  db: Kysely<Schema>,
  options: { filter: AuditFilter; limit: number; cursor?: Cursor | undefined },
): Promise<AuditPage> {
  const { filter, cursor } = options;
  const found = () =>
    db
      .selectFrom('audit_events as e')
      .$if(filter.type !== undefined, (query) => query.where('e.event_type', '=', filter.type ?? ''))
      .$if(filter.actor !== undefined, (query) => query.where('e.actor_email', '=', (filter.actor ?? '').toLowerCase()))
      .$if(filter.from !== undefined, (query) => query.where('e.created_at', '>=', filter.from ?? new Date(0)))
      .$if(filter.to !== undefined, (query) => query.where('e.created_at', '<', filter.to ?? new Date(0)));
  const reading = found()
    .selectAll('e')
    .select(sql<string>`(extract(epoch from e.created_at) * 1000000)::bigint::text`.as('micros'))
    // The account an operator acted on, by its address (the action names only its username):
    // the embedded pool's record, else the address its own latest event carried.
    .select((eb) =>
      eb
        .case()
        .when('e.event_type', 'like', 'admin.user.%')
        .then(
          eb.fn.coalesce(
            eb.selectFrom('identity_users as u').select('u.email').whereRef('u.username', '=', 'e.subject'),
            eb
              .selectFrom('audit_events as known')
              .select('known.actor_email')
              .whereRef('known.actor', '=', 'e.subject')
              .where('known.actor_email', 'is not', null)
              .orderBy('known.id', 'desc')
              .limit(1),
          ),
        )
        .else(sql<string | null>`null`)
        .end()
        .as('resolved_subject_email'),
    )
    .$if(cursor !== undefined, (query) =>
      query.where(
        sql<boolean>`(e.created_at, e.id) < (timestamptz 'epoch' + ${cursor?.micros ?? '0'}::bigint * interval '1 microsecond', ${cursor?.id ?? 0})`,
      ),
    )
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(options.limit + 1)
    .execute();
  // The first page counts what the filters find (bounded: row-count.ts), beside the page (on
  // PostgreSQL the pool runs both at once); the next pages keep that total.
  const [rows, counted] = await Promise.all([reading, cursor === undefined ? totalOf(db, found()) : undefined]);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    ...(counted && { total: counted.total, totalIsEstimate: counted.isEstimate }),
    events: page.map((row): AuditEvent => ({
      id: row.id,
      eventType: row.event_type,
      actor: row.actor,
      actorEmail: row.actor_email,
      subject: row.subject,
      subjectEmail: row.resolved_subject_email ?? (row.subject?.includes('@') ? row.subject : null),
      details: row.details,
      annotation: row.annotation,
      ip: row.ip,
      userAgent: row.user_agent,
      createdAt: row.created_at.toISOString(),
    })),
    nextCursor: rows.length > options.limit && last ? encodeCursor({ micros: last.micros, id: last.id }) : null,
  };
}
