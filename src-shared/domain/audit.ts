import { Type, type Static } from 'typebox';

/**
 * The audit log's contract: the events the server records, and the operator's paged,
 * filtered view of them (GET /api/admin/audit).
 */

/**
 * Every event type the server records. Customer events come from where they happen (the
 * identity service, the accounts API), never from what a browser says happened.
 */
export const AUDIT_EVENT_TYPES = [
  'customer.login',
  'customer.login.failed',
  'customer.token.refresh',
  'customer.password.change',
  'customer.password.reset',
  'customer.profile.update',
  'customer.email.verify',
  'customer.logout',
  'customer.account.delete',
  'admin.login',
  'admin.login.failed',
  'admin.logout',
  'admin.sessions.revoke-all',
  'admin.user.enable',
  'admin.user.disable',
  'admin.user.delete',
  'admin.user.invite',
  'admin.user.group.add',
  'admin.user.group.remove',
  'admin.export',
  'admin.mail.retry',
  'admin.blog.page.save',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** The event types of a customer's sign-ins, which the browser's login report annotates. */
export const SIGN_IN_EVENT_TYPES = ['customer.login', 'customer.token.refresh'] as const satisfies readonly AuditEventType[];
/** The event types of profile changes, which the browser's profile report annotates. */
export const PROFILE_EVENT_TYPES = [
  'customer.profile.update',
  'customer.email.verify',
] as const satisfies readonly AuditEventType[];

export const AUDIT_PAGE_LIMITS = { min: 1, max: 200, default: 50 } as const;

export const AuditQuerySchema = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: AUDIT_PAGE_LIMITS.min, maximum: AUDIT_PAGE_LIMITS.max, default: AUDIT_PAGE_LIMITS.default }),
    ),
    /** The page after the one that returned it as `nextCursor`; opaque to clients. */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
    type: Type.Optional(Type.Enum(AUDIT_EVENT_TYPES)),
    /** The actor's email address (any case). */
    actor: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    /** Events at or after this instant (ISO 8601 with a time zone). */
    from: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
    /** Events before this instant (ISO 8601 with a time zone). */
    to: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuerySchema>;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const AuditEventSchema = Type.Object({
  id: Type.Integer(),
  eventType: Type.String(),
  /** 'admin' for the operator, a customer's sub, or 'unknown' for a sign-in name that has no account. */
  actor: Type.String(),
  /** The actor's email address when the actor is a person with one. */
  actorEmail: Nullable(Type.String()),
  subject: Nullable(Type.String()),
  /** The subject's email address when the subject is an account the server can name. */
  subjectEmail: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
  /** What the web app added to the event afterwards (its user agent, the method it saw), when it did. */
  annotation: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type AuditEvent = Static<typeof AuditEventSchema>;

export const AuditPageReplySchema = Type.Object({
  success: Type.Boolean(),
  events: Type.Optional(Type.Array(AuditEventSchema)),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: Type.Optional(Nullable(Type.String())),
  /** How many events the filters find in all, on the first page only (no `cursor` asked). */
  total: Type.Optional(Type.Integer({ minimum: 0 })),
  /** True when `total` is the database's estimate rather than a count (past 10,000 events). */
  totalIsEstimate: Type.Optional(Type.Boolean()),
  error: Type.Optional(Type.String()),
});
export type AuditPageReply = Static<typeof AuditPageReplySchema>;

/** One page of events, newest first, and where the next one starts. */
export interface AuditPage {
  events: AuditEvent[];
  nextCursor: string | null;
  /** On the first page: how many events the filters find (an estimate past 10,000). */
  total?: number;
  totalIsEstimate?: boolean;
}
