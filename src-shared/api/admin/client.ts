import type { AuditEvent, ExportRecordRequest, IdentityUserRecord, Lead, OutboxMail } from '../../domain/admin.ts';
import type { AffiliateApplication } from '../../domain/affiliate.ts';
import type { BlogPost, SavePostHtmlResult } from '../../domain/blog-post.ts';
import { deleteUser } from './delete-user.ts';
import { disableUser } from './disable-user.ts';
import { enableUser } from './enable-user.ts';
import { listAffiliateApplications } from './list-affiliate-applications.ts';
import { listAudit } from './list-audit.ts';
import { listLeads } from './list-leads.ts';
import { listOutbox } from './list-outbox.ts';
import { listPublishedPosts } from './list-published-posts.ts';
import { listUsers } from './list-users.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { recordExport } from './record-export.ts';
import { savePostHtml } from './save-post-html.ts';
import { createAdminHttp, type AdminHttpOptions, type AdminOutcome } from './transport.ts';
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
  logout(): Promise<void>;
  listLeads(): Promise<AdminOutcome<Lead[]>>;
  listUsers(): Promise<AdminOutcome<IdentityUserRecord[]>>;
  enableUser(username: string): Promise<AdminOutcome<void>>;
  disableUser(username: string): Promise<AdminOutcome<void>>;
  deleteUser(username: string): Promise<AdminOutcome<void>>;
  listAudit(): Promise<AdminOutcome<AuditEvent[]>>;
  listOutbox(): Promise<AdminOutcome<OutboxMail[]>>;
  listAffiliateApplications(): Promise<AdminOutcome<AffiliateApplication[]>>;
  recordExport(request: ExportRecordRequest): Promise<AdminOutcome<void>>;
  /** The published posts, for generating their static pages. */
  listPublishedPosts(): Promise<AdminOutcome<BlogPost[]>>;
  savePostHtml(post: BlogPost): Promise<AdminOutcome<SavePostHtmlResult>>;
}

/** The admin client over HTTP with fetch: the web app's, and the desktop main process's. */
export function createFetchAdminApi(options: AdminHttpOptions): AdminApi {
  const http = createAdminHttp(options);
  return {
    login: (password) => login(http, password),
    validate: () => validate(http),
    logout: () => logout(http),
    listLeads: () => listLeads(http),
    listUsers: () => listUsers(http),
    enableUser: (username) => enableUser(http, username),
    disableUser: (username) => disableUser(http, username),
    deleteUser: (username) => deleteUser(http, username),
    listAudit: () => listAudit(http),
    listOutbox: () => listOutbox(http),
    listAffiliateApplications: () => listAffiliateApplications(http),
    recordExport: (request) => recordExport(http, request),
    listPublishedPosts: () => listPublishedPosts(http),
    savePostHtml: (post) => savePostHtml(http, post),
  };
}
