import type { IdentityUserRecord, Lead } from '../../domain/admin.ts';
import type {
  LeadDetail,
  LeadsChart,
  LeadsChartQuery,
  LeadsQuery,
  ListedUserRecord,
  ListPage,
  OutboxPage,
  RecordsQuery,
  UsersQuery,
} from '../../domain/admin-lists.ts';
import type { AuditEvent, AuditQuery } from '../../domain/audit.ts';
import type { AffiliateApplication } from '../../domain/affiliate.ts';
import type { BlogPost, PublishedPostsQuery, SavePostHtmlResult } from '../../domain/blog-post.ts';
import type { InviteUserRequest } from '../../domain/user-invites.ts';
import { deleteUser } from './delete-user.ts';
import { disableUser } from './disable-user.ts';
import { enableUser } from './enable-user.ts';
import { listAffiliateApplications } from './list-affiliate-applications.ts';
import { listAudit } from './list-audit.ts';
import { leadsChart } from './leads-chart.ts';
import { leadDetail, listLeads } from './list-leads.ts';
import { listOutbox } from './list-outbox.ts';
import { listPublishedPosts, type PublishedPostsPage } from './list-published-posts.ts';
import { retryOutboxMail } from './retry-outbox-mail.ts';
import { listUsers } from './list-users.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { revokeAllSessions } from './revoke-all-sessions.ts';
import { savePostHtml } from './save-post-html.ts';
import { createAdminHttp, type AdminHttpOptions, type AdminOutcome } from './transport.ts';
import { addUserToGroup, inviteUser, listGroups, listUserGroups, removeUserFromGroup } from './user-invites.ts';
import { validate } from './validate.ts';

export type { AdminOutcome } from './transport.ts';

/**
 * What the admin screens call. The token never appears here: the web client keeps it in
 * its token store, and the desktop console implements this over IPC with the token in its
 * main process.
 */
export interface AdminApi {
  login(password: string): Promise<AdminOutcome<void>>;
  /** Whether the current session works (false when there is none); clears a dead one. */
  validate(): Promise<AdminOutcome<boolean>>;
  /** Forgets the token; ok once the server has ended the session too (or had already). */
  logout(): Promise<AdminOutcome<void>>;
  /** Ends every admin session, on every device, this one included ("Sign out all admin sessions"). */
  revokeAllSessions(): Promise<AdminOutcome<void>>;
  /** One page of leads (the query's cursor picks which). */
  listLeads(query?: LeadsQuery): Promise<AdminOutcome<ListPage<Lead>>>;
  leadDetail(id: number): Promise<AdminOutcome<LeadDetail>>;
  /** New leads per day (or week) by source, for the leads list's filters. */
  leadsChart(query?: LeadsChartQuery): Promise<AdminOutcome<LeadsChart>>;
  /** One page of the pool's users. */
  listUsers(query?: UsersQuery): Promise<AdminOutcome<ListPage<ListedUserRecord>>>;
  enableUser(username: string): Promise<AdminOutcome<void>>;
  disableUser(username: string): Promise<AdminOutcome<void>>;
  deleteUser(username: string): Promise<AdminOutcome<void>>;
  /** One page of the audit log, filtered and paged on the server. */
  listAudit(query: AuditQuery): Promise<AdminOutcome<ListPage<AuditEvent>>>;
  /** One page of the outbox (the query's cursor picks which), searched on the server. */
  listOutbox(query?: RecordsQuery): Promise<AdminOutcome<OutboxPage>>;
  retryOutboxMail(id: number): Promise<AdminOutcome<void>>;
  /** One page of the affiliate applications, searched on the server. */
  listAffiliateApplications(query?: RecordsQuery): Promise<AdminOutcome<ListPage<AffiliateApplication>>>;
  /** One page of the published posts (100 a page), for generating their static pages. */
  listPublishedPosts(query?: PublishedPostsQuery): Promise<AdminOutcome<PublishedPostsPage>>;
  savePostHtml(post: BlogPost): Promise<AdminOutcome<SavePostHtmlResult>>;
  inviteUser(request: InviteUserRequest): Promise<AdminOutcome<IdentityUserRecord>>;
  listGroups(): Promise<AdminOutcome<string[]>>;
  listUserGroups(username: string): Promise<AdminOutcome<string[]>>;
  addUserToGroup(username: string, group: string): Promise<AdminOutcome<void>>;
  removeUserFromGroup(username: string, group: string): Promise<AdminOutcome<void>>;
}

/** The admin client over HTTP with fetch: the web app's, and the desktop main process's. */
export function createFetchAdminApi(options: AdminHttpOptions): AdminApi {
  const http = createAdminHttp(options);
  return {
    login: (password) => login(http, password),
    validate: () => validate(http),
    logout: () => logout(http),
    revokeAllSessions: () => revokeAllSessions(http),
    listLeads: (query) => listLeads(http, query),
    leadDetail: (id) => leadDetail(http, id),
    leadsChart: (query) => leadsChart(http, query),
    listUsers: (query) => listUsers(http, query),
    enableUser: (username) => enableUser(http, username),
    disableUser: (username) => disableUser(http, username),
    deleteUser: (username) => deleteUser(http, username),
    listAudit: (query) => listAudit(http, query),
    listOutbox: (query) => listOutbox(http, query),
    retryOutboxMail: (id) => retryOutboxMail(http, id),
    listAffiliateApplications: (query) => listAffiliateApplications(http, query),
    listPublishedPosts: (query) => listPublishedPosts(http, query),
    savePostHtml: (post) => savePostHtml(http, post),
    inviteUser: (request) => inviteUser(http, request),
    listGroups: () => listGroups(http),
    listUserGroups: (username) => listUserGroups(http, username),
    addUserToGroup: (username, group) => addUserToGroup(http, username, group),
    removeUserFromGroup: (username, group) => removeUserFromGroup(http, username, group),
  };
}
