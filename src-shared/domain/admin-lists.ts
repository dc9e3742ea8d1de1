import { Type, type Static } from 'typebox';
import {
  IdentityUserRecordSchema,
  LeadSchema,
  MAX_ROW_ID,
  OutboxMailSchema,
  replyStatus,
  type IdentityUserRecord,
  type OutboxMail,
} from './admin.ts';
import { AffiliateApplicationSchema } from './affiliate.ts';

/**
 * The operator's two big lists (leads, users) as the server pages, searches and exports them:
 * the query each list takes and the page it answers. The server validates with these schemas;
 * the front ends build their requests and read the answers with the same ones.
 */

export const LIST_PAGE = { min: 1, max: 200, default: 50 } as const;

/** An ISO 8601 date (2026-11-25) or date-time (2026-11-25T10:00:00Z, offsets allowed). */
const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2}))?$';

const paging = {
  limit: Type.Optional(Type.Integer({ minimum: LIST_PAGE.min, maximum: LIST_PAGE.max })),
  /** Opaque: the `nextCursor` of the previous page, passed back unchanged. */
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
};

const leadFilters = {
  q: paging.q,
  source: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** Leads created at or after this instant (a bare date: that day's start in UTC). */
  from: Type.Optional(Type.String({ pattern: ISO_DATE, maxLength: 40 })),
  /** Leads created before this instant (a bare date: the whole day is included). */
  to: Type.Optional(Type.String({ pattern: ISO_DATE, maxLength: 40 })),
  order: Type.Optional(Type.Union([Type.Literal('desc'), Type.Literal('asc')])),
};

/** `GET /api/admin/leads/export`: the list's search and filters, every page. */
export const LeadsExportQuerySchema = Type.Object(leadFilters, { additionalProperties: false });
export type LeadsExportQuery = Static<typeof LeadsExportQuerySchema>;

/** `GET /api/admin/leads`: a page of leads, newest first unless `order=asc`. */
export const LeadsQuerySchema = Type.Object({ ...paging, ...leadFilters }, { additionalProperties: false });
export type LeadsQuery = Static<typeof LeadsQuerySchema>;

/** The chart's default span without `from`/`to`, and the longest span drawn by day (longer: by week). */
export const LEADS_CHART = { defaultDays: 30, maxDailyDays: 90, maxDays: 3660 } as const;

/**
 * `GET /api/admin/leads/chart`: new leads per day (per week above 90 days), by source, for the
 * list's search and filters (no paging, no order); without `from`/`to`, the last 30 days.
 */
export const LeadsChartQuerySchema = Type.Object(
  { q: leadFilters.q, source: leadFilters.source, from: leadFilters.from, to: leadFilters.to },
  { additionalProperties: false },
);
export type LeadsChartQuery = Static<typeof LeadsChartQuerySchema>;

const LeadsChartIntervalSchema = Type.Union([Type.Literal('day'), Type.Literal('week')]);
export type LeadsChartInterval = Static<typeof LeadsChartIntervalSchema>;

/** One bar: the bucket's first day (UTC, YYYY-MM-DD; a week starts on Monday) and its leads by source. */
const LeadsChartBucketSchema = Type.Object({
  start: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
});

/** The chart as drawn: every bucket of the span in order (an empty one has no counts). */
const LeadsChartSchema = Type.Object({
  interval: LeadsChartIntervalSchema,
  /** The span counted, as instants: `from` inclusive, `to` exclusive. */
  from: Type.String(),
  to: Type.String(),
  buckets: Type.Array(LeadsChartBucketSchema),
});
export type LeadsChart = Static<typeof LeadsChartSchema>;

export const LeadsChartReplySchema = Type.Object({ ...replyStatus, chart: Type.Optional(LeadsChartSchema) });
/** @public The answer as an API client reads it (the tests read the API as one). */
export type LeadsChartReply = Static<typeof LeadsChartReplySchema>;

/**
 * The attributes a user search can look in: each is one ListUsers Filter (`attribute ^= "q"`),
 * as AWS Cognito allows one attribute a search. The username compares case-sensitively, as
 * Cognito's filter does; the others ignore case.
 */
export const USER_SEARCH_FIELDS = ['username', 'email', 'given_name', 'family_name'] as const;
export type UserSearchField = (typeof USER_SEARCH_FIELDS)[number];
/** The account states Cognito's `cognito:user_status` takes. */
export const USER_STATUSES = [
  'UNCONFIRMED',
  'CONFIRMED',
  'EXTERNAL_PROVIDER',
  'RESET_REQUIRED',
  'FORCE_CHANGE_PASSWORD',
] as const;

const userFilters = {
  q: paging.q,
  /** Which attribute `q` is a prefix of (email by default). */
  searchBy: Type.Optional(Type.Enum(USER_SEARCH_FIELDS)),
  /** Only users in this state; not with `q` (one filter a search). */
  status: Type.Optional(Type.Enum(USER_STATUSES)),
};

/** `GET /api/admin/users/export`. */
export const UsersExportQuerySchema = Type.Object(userFilters, { additionalProperties: false });
export type UsersExportQuery = Static<typeof UsersExportQuerySchema>;

/** `GET /api/admin/users`: a page of users in the pool's order. */
export const UsersQuerySchema = Type.Object(
  { limit: paging.limit, cursor: paging.cursor, ...userFilters },
  { additionalProperties: false },
);
export type UsersQuery = Static<typeof UsersQuerySchema>;

const pageFields = {
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** How many rows the search finds in all; null when the source cannot say (a user search). */
  total: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  /** True when `total` is the database's estimate rather than a count. */
  totalIsEstimate: Type.Optional(Type.Boolean()),
};

export const LeadsPageReplySchema = Type.Object({ ...replyStatus, leads: Type.Optional(Type.Array(LeadSchema)), ...pageFields });
/** @public The answer as an API client reads it (the tests read the API as one). */
export type LeadsPageReply = Static<typeof LeadsPageReplySchema>;

export const UsersPageReplySchema = Type.Object({
  ...replyStatus,
  users: Type.Optional(Type.Array(IdentityUserRecordSchema)),
  /**
   * Each user's groups by name, in the order of `users`: a page of users is one request, not one
   * more a row for its groups.
   */
  userGroups: Type.Optional(Type.Array(Type.Array(Type.String()))),
  ...pageFields,
});
/** @public The answer as an API client reads it (the tests read the API as one). */
export type UsersPageReply = Static<typeof UsersPageReplySchema>;

/** A user of the users list: the identity provider's record, with their groups when the page had them. */
export type ListedUserRecord = IdentityUserRecord & { Groups?: string[] };

/**
 * `GET /api/admin/affiliate-applications` and `GET /api/admin/outbox`: a page of records,
 * newest first; `q` looks in an application's name, email and company, or a mail's recipient,
 * subject, kind and status (any case).
 */
export const RecordsQuerySchema = Type.Object(paging, { additionalProperties: false });
export type RecordsQuery = Static<typeof RecordsQuerySchema>;

export const AffiliateApplicationsPageReplySchema = Type.Object({
  ...replyStatus,
  applications: Type.Optional(Type.Array(AffiliateApplicationSchema)),
  ...pageFields,
});
/** @public The answer as an API client reads it (the tests read the API as one). */
export type AffiliateApplicationsPageReply = Static<typeof AffiliateApplicationsPageReplySchema>;

export const OutboxPageReplySchema = Type.Object({
  ...replyStatus,
  mails: Type.Optional(Type.Array(OutboxMailSchema)),
  ...pageFields,
  /** False when the server has no SMTP or EmailJS: mail then stays in the outbox. */
  deliveryConfigured: Type.Optional(Type.Boolean()),
});
/** @public The answer as an API client reads it (the tests read the API as one). */
export type OutboxPageReply = Static<typeof OutboxPageReplySchema>;

/** A page as the front ends hold it. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number | null;
  totalIsEstimate: boolean;
}

/** A page of the outbox, and whether mail is delivered at all. */
export interface OutboxPage extends ListPage<OutboxMail> {
  deliveryConfigured: boolean;
}

/** Everything a lead holds, for its detail view: what each form it came through recorded. */
export const LeadDetailSchema = Type.Object({
  lead: LeadSchema,
  /** Contact-form messages sent with this lead. */
  messages: Type.Array(Type.Object({ subject: Type.String(), message: Type.String(), createdAt: Type.String() })),
  /** The affiliate application that made this lead, if any. */
  affiliateApplication: Type.Union([Type.Omit(AffiliateApplicationSchema, ['id']), Type.Null()]),
  /** The account sign-up that made this lead and the referral it arrived with, if any. */
  signup: Type.Union([
    Type.Object({
      userSub: Type.String(),
      createdAt: Type.String(),
      referral: Type.Union([Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()])), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type LeadDetail = Static<typeof LeadDetailSchema>;
/** The detail route's 404 (and the drawer's note) for a lead of the hosted leads table. */
export const HOSTED_LEAD_NO_DETAIL = 'This lead comes from the hosted leads table; only its row is known.';
export const LeadDetailReplySchema = Type.Object({ ...replyStatus, detail: Type.Optional(LeadDetailSchema) });
/** A lead's number as the leads table's integer id holds it (a larger one would be a server error, not a 400). */
export const LeadIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ROW_ID }) });
