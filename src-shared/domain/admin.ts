import { Type, type Static } from 'typebox';

/**
 * The admin API's wire format (spec §7 "Admin backend", plus the operator's extra views).
 * The server validates and serialises with these schemas; the front ends import the types.
 */

export const ADMIN_API_BASE = '/api/admin';

/** How long an admin token lives after login. */
export const ADMIN_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

export const AdminLoginRequestSchema = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
export type AdminLoginRequest = Static<typeof AdminLoginRequestSchema>;

export const AdminLoginReplySchema = Type.Object({
  success: Type.Boolean(),
  token: Type.Optional(Type.String()),
  /** When the token stops working (ISO 8601). */
  expiresAt: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});
export type AdminLoginReply = Static<typeof AdminLoginReplySchema>;

export const AdminValidateReplySchema = Type.Object({ valid: Type.Boolean() });
export type AdminValidateReply = Static<typeof AdminValidateReplySchema>;

/** `{success, error}`: the answer of every admin action and of every refusal. */
export const AdminResultSchema = Type.Object({ success: Type.Boolean(), error: Type.Optional(Type.String()) });

export type AdminResult = Static<typeof AdminResultSchema>;

/** The `success` and `error` fields every admin list reply carries (spec: `{success, users, error}`). */
export const replyStatus = { success: Type.Boolean(), error: Type.Optional(Type.String()) };

/** Spec §3 Lead. Ids are numbers here and may be other scalars in a hosted table. */
export const LeadSchema = Type.Object({
  id: Type.Union([Type.Integer(), Type.String()]),
  name: Type.String(),
  email: Type.String(),
  source: Type.String(),
  /** ISO 8601. */
  created_at: Type.String(),
});
export type Lead = Static<typeof LeadSchema>;
export const LeadsReplySchema = Type.Object({ ...replyStatus, leads: Type.Optional(Type.Array(LeadSchema)) });
export type LeadsReply = Static<typeof LeadsReplySchema>;

/** A user as the identity provider lists it (spec §7: the Cognito record, dates as ISO 8601). */
export const IdentityUserRecordSchema = Type.Object({
  Username: Type.String(),
  Attributes: Type.Array(Type.Object({ Name: Type.String(), Value: Type.String() })),
  UserStatus: Type.String(),
  UserCreateDate: Type.String(),
  UserLastModifiedDate: Type.String(),
  Enabled: Type.Boolean(),
});
export type IdentityUserRecord = Static<typeof IdentityUserRecordSchema>;
export const UsersReplySchema = Type.Object({ ...replyStatus, users: Type.Optional(Type.Array(IdentityUserRecordSchema)) });
export type UsersReply = Static<typeof UsersReplySchema>;

export const UsernameParamsSchema = Type.Object({ username: Type.String({ minLength: 1, maxLength: 128 }) });

export const AuditEventSchema = Type.Object({
  id: Type.Integer(),
  eventType: Type.String(),
  actor: Type.String(),
  subject: Type.Union([Type.String(), Type.Null()]),
  details: Type.Record(Type.String(), Type.Unknown()),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type AuditEvent = Static<typeof AuditEventSchema>;
export const AuditReplySchema = Type.Object({ ...replyStatus, events: Type.Optional(Type.Array(AuditEventSchema)) });
export type AuditReply = Static<typeof AuditReplySchema>;

/** A mail in the outbox, without its text: codes and links in it are not the operator's to read. */
export const OutboxMailSchema = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  kind: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
});
export type OutboxMail = Static<typeof OutboxMailSchema>;
export const OutboxReplySchema = Type.Object({ ...replyStatus, mails: Type.Optional(Type.Array(OutboxMailSchema)) });
export type OutboxReply = Static<typeof OutboxReplySchema>;

/** `limit` of the audit and outbox lists: the newest entries first. */
export const RecentQuerySchema = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200 })) },
  { additionalProperties: false },
);

/** `POST /api/admin/exports`: the browser builds the CSV; the server audits that it did. */
export const ExportRecordRequestSchema = Type.Object(
  {
    dataset: Type.Union([Type.Literal('leads'), Type.Literal('users')]),
    rowCount: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
    search: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type ExportRecordRequest = Static<typeof ExportRecordRequestSchema>;
export type ExportDataset = ExportRecordRequest['dataset'];
