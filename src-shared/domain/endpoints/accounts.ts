import {
  AuditLoginRequestSchema,
  AuditProfileRequestSchema,
  AuditReplySchema,
  ErrorReplySchema,
  OkReplySchema,
  PartnerSsoReplySchema,
  PartnerSsoRequestSchema,
  PreferencesSchema,
  RecentSignInsReplySchema,
  ReferralRequestSchema,
  SignUpLeadReplySchema,
  SignUpLeadRequestSchema,
} from '../accounts/api.ts';
import { endpoint } from './endpoint.ts';

/**
 * The customer accounts API. The first five carry the id token in the body, the others as
 * a bearer token; every 401 keeps its route's own shape (the audits' `{ok, error}`).
 */

const auditReplies = { 200: AuditReplySchema, 401: AuditReplySchema, 404: AuditReplySchema, 429: AuditReplySchema };

/** Annotates the sign-in the server recorded for the token with what the browser saw. */
export const auditLogin = endpoint({
  method: 'POST',
  path: '/api/audit-login',
  body: AuditLoginRequestSchema,
  response: auditReplies,
});

/** Annotates the profile change the server recorded with the fields the web app says it saved. */
export const auditProfile = endpoint({
  method: 'POST',
  path: '/api/audit-profile',
  body: AuditProfileRequestSchema,
  response: auditReplies,
});

/**
 * 201 when the account's referral is recorded, 200 when it already has one: an account keeps
 * its first attribution, so a later link cannot move it to another partner. A referral comes
 * with the sign-up: 409 once the account's sign-up lead is more than minutes old (or was never
 * reported), 400 for a capture time in the future or older than the referral window.
 */
export const recordReferral = endpoint({
  method: 'POST',
  path: '/api/referrals',
  body: ReferralRequestSchema,
  response: { 200: OkReplySchema, 201: OkReplySchema, 400: ErrorReplySchema, 401: ErrorReplySchema, 409: ErrorReplySchema },
});

/**
 * 201 for a new lead, 200 when the customer already has one; either says whether the sign-up's
 * referral should follow (SignUpLeadReplySchema's `signingUp`).
 */
export const recordSignUpLead = endpoint({
  method: 'POST',
  path: '/api/signup-leads',
  body: SignUpLeadRequestSchema,
  response: { 200: SignUpLeadReplySchema, 201: SignUpLeadReplySchema, 401: ErrorReplySchema },
});

export const partnerSso = endpoint({
  method: 'POST',
  path: '/api/partner/sso',
  body: PartnerSsoRequestSchema,
  response: { 200: PartnerSsoReplySchema, 401: ErrorReplySchema, 403: ErrorReplySchema, 503: ErrorReplySchema },
});

export const getPreferences = endpoint({
  method: 'GET',
  path: '/api/account/preferences',
  response: { 200: PreferencesSchema, 401: ErrorReplySchema },
});

export const savePreferences = endpoint({
  method: 'PUT',
  path: '/api/account/preferences',
  body: PreferencesSchema,
  response: { 200: PreferencesSchema, 401: ErrorReplySchema },
});

export const getRecentSignIns = endpoint({
  method: 'GET',
  path: '/api/account/sign-ins',
  response: { 200: RecentSignInsReplySchema, 401: ErrorReplySchema },
});

/** Before the pool deletes the user: the server redacts their audit rows and sign-up lead and drops their preferences. */
export const forgetAccount = endpoint({
  method: 'DELETE',
  path: '/api/account',
  response: { 200: OkReplySchema, 401: ErrorReplySchema },
});
