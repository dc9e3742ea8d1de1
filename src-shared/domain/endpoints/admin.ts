import {
  AdminLoginReplySchema,
  AdminLoginRequestSchema,
  AdminResultSchema,
  AdminValidateReplySchema,
  OutboxMailParamsSchema,
  UsernameParamsSchema,
} from '../admin.ts';
import {
  AffiliateApplicationsPageReplySchema,
  LeadDetailReplySchema,
  LeadIdParamsSchema,
  LeadsChartQuerySchema,
  LeadsChartReplySchema,
  LeadsExportQuerySchema,
  LeadsPageReplySchema,
  LeadsQuerySchema,
  OutboxPageReplySchema,
  RecordsQuerySchema,
  UsersExportQuerySchema,
  UsersPageReplySchema,
  UsersQuerySchema,
} from '../admin-lists.ts';
import { AuditPageReplySchema, AuditQuerySchema } from '../audit.ts';
import {
  AddUserToGroupRequestSchema,
  GroupNamesReplySchema,
  InviteUserReplySchema,
  InviteUserRequestSchema,
  UserGroupParamsSchema,
} from '../user-invites.ts';
import { endpoint, failureOf } from './endpoint.ts';

/**
 * The admin API. Login is open; every other endpoint needs the admin token (the server's
 * access map covers the whole /api/admin/ prefix). Answers are `{success, …, error}`.
 */

/** A reply schema for 200 and for every 4xx and 5xx (which may also be the error policy's body). */
const everyAnswer = <T extends Parameters<typeof failureOf>[0]>(schema: T) => ({
  200: schema,
  '4xx': failureOf(schema),
  '5xx': failureOf(schema),
});

/** A CSV export answers a file, or a failure in the envelope every admin answer has. */
const exportFailures = { '4xx': failureOf(AdminResultSchema), '5xx': failureOf(AdminResultSchema) };

export const adminLogin = endpoint({
  method: 'POST',
  path: '/api/admin/auth/login',
  body: AdminLoginRequestSchema,
  response: { 200: AdminLoginReplySchema, 401: AdminLoginReplySchema, 429: AdminLoginReplySchema },
});

/** `{valid: true}` when the token works; an invalid one gets the admin check's 401. */
export const adminValidate = endpoint({
  method: 'GET',
  path: '/api/admin/auth/validate',
  response: { 200: AdminValidateReplySchema },
});

export const adminLogout = endpoint({ method: 'POST', path: '/api/admin/auth/logout', response: { 200: AdminResultSchema } });

/** Ends every admin session, the caller's included: every token issued so far stops working on every server. */
export const revokeAllAdminSessions = endpoint({
  method: 'POST',
  path: '/api/admin/sessions/revoke-all',
  response: { 200: AdminResultSchema },
});

export const listLeads = endpoint({
  method: 'GET',
  path: '/api/admin/leads',
  querystring: LeadsQuerySchema,
  response: everyAnswer(LeadsPageReplySchema),
});

export const leadDetail = endpoint({
  method: 'GET',
  path: '/api/admin/leads/:id',
  params: LeadIdParamsSchema,
  response: { 200: LeadDetailReplySchema, '4xx': failureOf(LeadDetailReplySchema) },
});

/** A CSV stream (so no 200 schema); the export of the list's current search and filters. */
export const exportLeads = endpoint({
  method: 'GET',
  path: '/api/admin/leads/export',
  querystring: LeadsExportQuerySchema,
  response: exportFailures,
});

/** New leads per day (or week) by source, for the list's search and filters; aggregated in the database. */
export const leadsChart = endpoint({
  method: 'GET',
  path: '/api/admin/leads/chart',
  querystring: LeadsChartQuerySchema,
  response: everyAnswer(LeadsChartReplySchema),
});

export const listUsers = endpoint({
  method: 'GET',
  path: '/api/admin/users',
  querystring: UsersQuerySchema,
  response: everyAnswer(UsersPageReplySchema),
});

/** A CSV stream, as exportLeads. */
export const exportUsers = endpoint({
  method: 'GET',
  path: '/api/admin/users/export',
  querystring: UsersExportQuerySchema,
  response: exportFailures,
});

export const enableUser = endpoint({
  method: 'POST',
  path: '/api/admin/users/:username/enable',
  params: UsernameParamsSchema,
  response: everyAnswer(AdminResultSchema),
});

export const disableUser = endpoint({
  method: 'POST',
  path: '/api/admin/users/:username/disable',
  params: UsernameParamsSchema,
  response: everyAnswer(AdminResultSchema),
});

export const deleteUser = endpoint({
  method: 'DELETE',
  path: '/api/admin/users/:username',
  params: UsernameParamsSchema,
  response: everyAnswer(AdminResultSchema),
});

/** The customer gets a mail with a temporary password. */
export const inviteUser = endpoint({
  method: 'POST',
  path: '/api/admin/users/invite',
  body: InviteUserRequestSchema,
  response: everyAnswer(InviteUserReplySchema),
});

export const listGroups = endpoint({ method: 'GET', path: '/api/admin/groups', response: everyAnswer(GroupNamesReplySchema) });

export const listUserGroups = endpoint({
  method: 'GET',
  path: '/api/admin/users/:username/groups',
  params: UsernameParamsSchema,
  response: everyAnswer(GroupNamesReplySchema),
});

/** Adds the user to the group, creating the group when new. */
export const addUserToGroup = endpoint({
  method: 'POST',
  path: '/api/admin/users/:username/groups',
  params: UsernameParamsSchema,
  body: AddUserToGroupRequestSchema,
  response: everyAnswer(AdminResultSchema),
});

export const removeUserFromGroup = endpoint({
  method: 'DELETE',
  path: '/api/admin/users/:username/groups/:group',
  params: UserGroupParamsSchema,
  response: everyAnswer(AdminResultSchema),
});

/** One page of the audit log, newest first, filtered by type, actor and time. */
export const listAuditEvents = endpoint({
  method: 'GET',
  path: '/api/admin/audit',
  querystring: AuditQuerySchema,
  response: { 200: AuditPageReplySchema, 400: failureOf(AuditPageReplySchema) },
});

/** One page of the outbox, newest first, without the mails' text; searched in the database. */
export const listOutbox = endpoint({
  method: 'GET',
  path: '/api/admin/outbox',
  querystring: RecordsQuerySchema,
  response: { 200: OutboxPageReplySchema, 400: failureOf(OutboxPageReplySchema) },
});

/** A failed mail goes back to the queue; 409 when it is not (or no longer) a failed one. */
export const retryOutboxMail = endpoint({
  method: 'POST',
  path: '/api/admin/outbox/:id/retry',
  params: OutboxMailParamsSchema,
  response: { 200: AdminResultSchema, 409: AdminResultSchema },
});

/** One page of the affiliate applications, newest first; searched in the database. */
export const listAffiliateApplications = endpoint({
  method: 'GET',
  path: '/api/admin/affiliate-applications',
  querystring: RecordsQuerySchema,
  response: { 200: AffiliateApplicationsPageReplySchema, 400: failureOf(AffiliateApplicationsPageReplySchema) },
});
