import { Type, type Static } from 'typebox';

/**
 * The admin API's wire format (leads and users for the one operator, plus the extra views).
 * The server validates and serialises with these schemas; the front ends import the types.
 */

export const ADMIN_API_BASE = '/api/admin';

/** How long an admin token lives after login. */
export const ADMIN_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

export const AdminLoginRequestSchema = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);

export const AdminLoginReplySchema = Type.Object({
  success: Type.Boolean(),
  token: Type.Optional(Type.String()),
  /** When the token stops working (ISO 8601). */
  expiresAt: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});
export type AdminLoginReply = Static<typeof AdminLoginReplySchema>;

/**
 * The known-device cookie a successful login sets (HttpOnly, SameSite=Strict, path /api/admin):
 * a device holding it is exempt from the login lockouts strangers' guesses can cause. Browsers
 * keep it by themselves; the desktop console keeps it in its main process.
 */
export const ADMIN_DEVICE_COOKIE = 'hireassist_admin_device';

export const AdminValidateReplySchema = Type.Object({ valid: Type.Boolean() });

/** `{success, error}`: the answer of every admin action and of every refusal. */
export const AdminResultSchema = Type.Object({ success: Type.Boolean(), error: Type.Optional(Type.String()) });

export type AdminResult = Static<typeof AdminResultSchema>;

/** The `success` and `error` fields every admin list reply carries beside its rows (`{success, users, error}`). */
export const replyStatus = { success: Type.Boolean(), error: Type.Optional(Type.String()) };

/** A lead as the admin area shows it. Ids are numbers here and may be other scalars in a hosted table. */
export const LeadSchema = Type.Object({
  id: Type.Union([Type.Integer(), Type.String()]),
  name: Type.String(),
  email: Type.String(),
  source: Type.String(),
  /** ISO 8601. */
  created_at: Type.String(),
  /**
   * True on a lead of the hosted (Supabase) leads table: only its row is known, and its id,
   * often a number too, names no lead of our database, so it has no detail to open.
   */
  hosted: Type.Optional(Type.Literal(true)),
});
export type Lead = Static<typeof LeadSchema>;

/** A user as the identity provider lists it (Cognito's record, dates as ISO 8601). */
export const IdentityUserRecordSchema = Type.Object({
  Username: Type.String(),
  Attributes: Type.Array(Type.Object({ Name: Type.String(), Value: Type.String() })),
  UserStatus: Type.String(),
  UserCreateDate: Type.String(),
  UserLastModifiedDate: Type.String(),
  Enabled: Type.Boolean(),
});
export type IdentityUserRecord = Static<typeof IdentityUserRecordSchema>;

/** The longest username and group name Cognito takes (and the identity service). */
export const IDENTITY_NAME_MAX_LENGTH = 128;

export const UsernameSchema = Type.String({ minLength: 1, maxLength: IDENTITY_NAME_MAX_LENGTH });
export const UsernameParamsSchema = Type.Object({ username: UsernameSchema });

/** Where a mail of the outbox stands. */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** A mail in the outbox, without its text: codes and links in it are not the operator's to read. */
export const OutboxMailSchema = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  kind: Type.String(),
  status: Type.Enum(MAIL_STATUSES),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
});
export type OutboxMail = Static<typeof OutboxMailSchema>;
/** The `:id` of `POST /api/admin/outbox/:id/retry`. */
/**
 * The largest id an `integer generated always as identity` column holds. A larger one (in a
 * path or a cursor) names no row: compared with the column, PostgreSQL refuses it as out of
 * range, which would be a server error rather than the 400 a mistyped or tampered id gets.
 */
export const MAX_ROW_ID = 2_147_483_647;

export const OutboxMailParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ROW_ID }) });
/** The retry's answer when the mail is not (or no longer) a failed one. */
export const OUTBOX_RETRY_NOT_FAILED = 'Only a failed mail can be retried; this one is not failed (or does not exist).';

/** What a CSV export exports: `GET /api/admin/leads/export` or `/api/admin/users/export`. */
export type ExportDataset = 'leads' | 'users';
