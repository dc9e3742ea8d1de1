import type {
  AuditLoginRequest,
  AuditReply,
  PartnerSsoReply,
  Preferences,
  ProfileChanges,
  RecentSignInsReply,
  ReferralRequest,
  SignUpLeadRequest,
} from '../../../src-shared/domain/accounts/api.ts';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';

/** Calls to our server's accounts API; each carries the id token the server verifies. */
async function post<Reply>(path: string, body: unknown, failure: (status: number) => string): Promise<Reply> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await response.json().catch(() => ({}))) as Reply & { error?: string };
  if (!response.ok) throw new Error(reply.error ?? failure(response.status));
  return reply;
}

async function audit(which: 'audit-login' | 'audit-profile', body: unknown): Promise<void> {
  const reply = await post<AuditReply>(`/api/${which}`, body, (status) => ACCOUNT_MESSAGES.auditHttp(which, status));
  if (!reply.ok) throw new Error(reply.error ?? ACCOUNT_MESSAGES.auditHttp(which, 200));
}

export const auditLogin = (body: AuditLoginRequest) => audit('audit-login', body);
export const auditProfile = (idToken: string, changes: ProfileChanges) => audit('audit-profile', { idToken, changes });
export const recordReferral = (body: ReferralRequest) => post('/api/referrals', body, (status) => `referrals HTTP ${status}`);
export const recordSignUpLead = (body: SignUpLeadRequest) =>
  post('/api/signup-leads', body, (status) => `signup-leads HTTP ${status}`);
export const partnerSso = (idToken: string) =>
  post<PartnerSsoReply>('/api/partner/sso', { idToken }, (status) => `partner/sso HTTP ${status}`);

async function authorized<Reply>(path: string, idToken: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(path, {
    ...init,
    headers: { authorization: `Bearer ${idToken}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const reply = (await response.json().catch(() => ({}))) as Reply & { error?: string };
  if (!response.ok) throw new Error(reply.error ?? `${path} HTTP ${response.status}`);
  return reply;
}

export const getPreferences = (idToken: string) => authorized<Preferences>('/api/account/preferences', idToken);
export const savePreferences = (idToken: string, preferences: Preferences) =>
  authorized<Preferences>('/api/account/preferences', idToken, { method: 'PUT', body: JSON.stringify(preferences) });
export const getRecentSignIns = (idToken: string) => authorized<RecentSignInsReply>('/api/account/sign-ins', idToken);
/** Before the pool deletes the user: the server redacts their audit rows and drops their preferences. */
export const forgetAccount = (idToken: string) => authorized<{ ok: true }>('/api/account', idToken, { method: 'DELETE' });
