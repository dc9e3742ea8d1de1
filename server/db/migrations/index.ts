import type { Migration } from '../migrator.ts';
import { leads } from './0001-leads.ts';
import { mailOutbox } from './0002-mail-outbox.ts';
import { identity } from './0003-identity.ts';
import { contactMessages } from './0004-contact-messages.ts';
import { blog } from './0005-blog.ts';
import { admin } from './0006-admin.ts';
import { accounts } from './0007-accounts.ts';
import { securityEvents } from './0008-security-events.ts';
import { adminSessions } from './0009-admin-sessions.ts';
import { adminLists } from './0010-admin-lists.ts';
import { srpVerifier } from './0011-srp-verifier.ts';
import { groupsAttributes } from './0012-groups-attributes.ts';
import { oauth } from './0013-oauth.ts';
import { retention } from './0014-retention.ts';
import { leadDailyCounts } from './0015-lead-daily-counts.ts';
import { oauthCodeMethod } from './0016-oauth-code-method.ts';
import { hostedSessions } from './0017-hosted-sessions.ts';
import { userNameFilters } from './0018-user-name-filters.ts';
import { mailReplyTo } from './0019-mail-reply-to.ts';
import { leadsSourceSearch } from './0020-leads-source-search.ts';
import { oneReferralPerAccount } from './0021-one-referral-per-account.ts';
import { recordLists } from './0022-record-lists.ts';
import { unknownLoginLimits } from './0023-unknown-login-limits.ts';
import { authenticationTimes } from './0024-authentication-times.ts';
import { federatedBrowserBinding } from './0025-federated-browser-binding.ts';
import { affiliateRepeatLookup } from './0026-affiliate-repeat-lookup.ts';
import { federatedMaxAge } from './0027-federated-max-age.ts';
import { blogContentImports } from './0028-blog-content-imports.ts';
import { passwordChecks } from './0029-password-checks.ts';
import { rateLimitWindows } from './0030-rate-limit-windows.ts';
import { passwordCheckClaims } from './0031-password-check-claims.ts';
import { blogSearchIndexes } from './0032-blog-search-indexes.ts';
import { leadDetailLookups } from './0033-lead-detail-lookups.ts';
import { userListFilters } from './0034-user-list-filters.ts';
import { referralsByAccount } from './0035-referrals-by-account.ts';
import { evenTimings } from './0036-even-timings.ts';
import { applicantsAddressesForgotten } from './0037-applicants-addresses-forgotten.ts';

/** Every migration, in order. Append new ones; never edit one that has shipped. */
export const migrations: readonly Migration[] = [
  leads,
  mailOutbox,
  identity,
  contactMessages,
  blog,
  admin,
  accounts,
  securityEvents,
  adminSessions,
  adminLists,
  srpVerifier,
  groupsAttributes,
  oauth,
  retention,
  leadDailyCounts,
  oauthCodeMethod,
  hostedSessions,
  userNameFilters,
  mailReplyTo,
  leadsSourceSearch,
  oneReferralPerAccount,
  recordLists,
  unknownLoginLimits,
  authenticationTimes,
  federatedBrowserBinding,
  affiliateRepeatLookup,
  federatedMaxAge,
  blogContentImports,
  passwordChecks,
  rateLimitWindows,
  passwordCheckClaims,
  blogSearchIndexes,
  leadDetailLookups,
  userListFilters,
  referralsByAccount,
  evenTimings,
  applicantsAddressesForgotten,
];
