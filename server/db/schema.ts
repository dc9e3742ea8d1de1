import type { ColumnType, Generated, GeneratedAlways, JSONColumnType } from 'kysely';
import type { LoginProvider } from '../../src-shared/domain/accounts/user.ts';
import type { BlogPost } from '../../src-shared/domain/blog-post.ts';

/** The tables the server queries, as Kysely sees them. Each feature adds its own. */
export interface Schema {
  leads: LeadsTable;
  lead_daily_counts: LeadDailyCountsTable;
  mail_outbox: MailOutboxTable;
  contact_messages: ContactMessagesTable;
  identity_users: IdentityUsersTable;
  identity_codes: IdentityCodesTable;
  identity_unknown_logins: IdentityUnknownLoginsTable;
  identity_unknown_codes: IdentityUnknownCodesTable;
  identity_password_checks: IdentityPasswordChecksTable;
  identity_sessions: IdentitySessionsTable;
  identity_rotated_refresh_tokens: IdentityRotatedRefreshTokensTable;
  identity_oauth_requests: IdentityOAuthRequestsTable;
  identity_oauth_codes: IdentityOAuthCodesTable;
  identity_hosted_sessions: IdentityHostedSessionsTable;
  identity_secrets: IdentitySecretsTable;
  admin_credentials: AdminCredentialsTable;
  admin_tokens: AdminTokensTable;
  admin_login_attempts: AdminLoginAttemptsTable;
  audit_events: AuditEventsTable;
  affiliate_applications: AffiliateApplicationsTable;
  blog_posts: BlogPostsTable;
  blog_html_pages: BlogHtmlPagesTable;
  blog_content_imports: BlogContentImportsTable;
  account_referrals: AccountReferralsTable;
  account_preferences: AccountPreferencesTable;
  account_signups: AccountSignupsTable;
  identity_groups: IdentityGroupsTable;
  identity_user_groups: IdentityUserGroupsTable;
  rate_limit_windows: RateLimitWindowsTable;
  even_timings: EvenTimingsTable;
}

export interface LeadsTable {
  id: Generated<number>;
  name: string;
  email: string;
  source: string;
  created_at: Generated<Date>;
}

/** Kept by triggers on leads (migration 15): read only. */
export interface LeadDailyCountsTable {
  /** A UTC day. */
  day: ColumnType<Date, never, never>;
  source: ColumnType<string, never, never>;
  count: ColumnType<number, never, never>;
}

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  /** What the mail is for (contact-notification, signup-code, …), for the operator's outbox view. */
  kind: string;
  /** The fields a template-based transport (EmailJS) fills its template with. */
  template_params: JSONColumnType<Record<string, string>, string, string>;
  /** The one address a reply goes to, when not the sender (an applicant, for the affiliate team). */
  reply_to: string | null;
  /** True for mails that carry a code or link that must never be logged once SMTP is configured. */
  contains_secret: Generated<boolean>;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The lead stored with the message, in the same transaction. */
  lead_id: number;
  /** The notification mail queued with the message, in the same transaction. */
  mail_id: number;
  created_at: Generated<Date>;
}

/** Cognito's user states that the embedded identity service uses (cognito:user_status). */
export type IdentityUserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'EXTERNAL_PROVIDER' | 'RESET_REQUIRED' | 'FORCE_CHANGE_PASSWORD';

/** The `identities` claim of a federated user, as Cognito writes it. */
export interface IdentityLink {
  userId: string;
  providerName: string;
  providerType: string;
  issuer: string | null;
  primary: string;
  dateCreated: string;
}

export interface IdentityUsersTable {
  /** Cognito's `sub`: stable, never reused. */
  sub: Generated<string>;
  /** The sub for password users (email is the sign-in alias), `google_<id>` for federated ones. */
  username: string;
  email: string;
  email_verified: boolean;
  /** A new address waiting for its code; `email` stays in force until then. */
  pending_email: string | null;
  given_name: string | null;
  family_name: string | null;
  phone_number: string | null;
  status: IdentityUserStatus;
  enabled: boolean;
  password_hash: string | null;
  identities: JSONColumnType<IdentityLink[] | null, string | null, string | null>;
  failed_sign_ins: number;
  last_failed_sign_in_at: Date | null;
  locked_until: Date | null;
  created_at: Date;
  updated_at: Date;
  /** SRP salt (hex as the clients pad it) and verifier (sealed); null until the user next sets or uses a password. */
  srp_salt: string | null;
  srp_verifier: string | null;
  /** The standard attributes without a column (locale, picture, …) and the `custom:` ones, by name. */
  attributes: ColumnType<Record<string, string>, string | undefined, string>;
  /** The user's group names in `cognito:groups` order, rewritten by every membership change (groups.ts). */
  groups: ColumnType<string[], string | undefined, string>;
  /** FORCE_CHANGE_PASSWORD: when the operator's temporary password stops working. */
  temporary_password_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type IdentityCodePurpose = 'signup' | 'reset' | 'email';

export interface IdentityCodesTable {
  user_sub: string;
  purpose: IdentityCodePurpose;
  code_hash: string;
  expires_at: Date;
  failed_attempts: number;
  sends: number;
  sends_window_started_at: Date;
}

/** A name that is no account, by its hash: the sign-in lockout it has met, as an account's (migration 23). */
export interface IdentityUnknownLoginsTable {
  login_hash: string;
  failed_sign_ins: number;
  last_failed_sign_in_at: Date;
  locked_until: Date | null;
  touched_at: Date;
}

/** The codes a name that is no account was told were sent, counted as an account's (migration 23). */
export interface IdentityUnknownCodesTable {
  login_hash: string;
  purpose: IdentityCodePurpose;
  sends: number;
  sends_window_started_at: Date;
  /** When the last pretend code was "sent" (null: never). */
  sent_at: Date | null;
  guesses: ColumnType<number, number | undefined, number>;
  touched_at: Date;
}

/** A password check under way, counted against its holder's lockout budget (migration 29). */
export interface IdentityPasswordChecksTable {
  id: string;
  /** The account's sub, or the hash of a name that is no account. */
  holder: string;
  started_at: Date;
}

/** One sign-in: its refresh token (hashed) and the origin of every access token issued from it. */
export interface IdentitySessionsTable {
  id: string;
  user_sub: string;
  refresh_token_hash: string;
  client_id: string;
  auth_time: Date;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
  /** The access tokens' scope; null: the sign-in APIs' own (aws.cognito.signin.user.admin). */
  scope: string | null;
  /** Set when rotation replaced this session's first refresh token: it works until then. */
  refresh_token_valid_until: Date | null;
}

/** Refresh tokens issued by rotation (GetTokensFromRefreshToken); stored hashed, each tied to its session. */
export interface IdentityRotatedRefreshTokensTable {
  token_hash: string;
  session_id: string;
  /** Null while it is the newest; set to the end of the grace when it is rotated in turn. */
  valid_until: Date | null;
  created_at: Date;
}

/** A hosted sign-in in flight between /oauth2/authorize and /oauth2/idpresponse. */
export interface IdentityOAuthRequestsTable {
  id: string;
  provider: string;
  client_id: string;
  redirect_uri: string;
  client_state: string | null;
  code_challenge: string | null;
  code_challenge_method: string | null;
  upstream_code_verifier: string;
  upstream_nonce: string;
  expires_at: Date;
  /** The client's own nonce, for its id token. */
  client_nonce: string | null;
  /** The scope the client asked for, as granted. */
  scope: string | null;
  /** The hash of the secret the starting browser holds in a cookie (oauth2/browser-binding.ts). */
  browser_hash: string;
  /**
   * How recent, in seconds, the sign-in at the provider must be (the app's max_age; 0 for
   * prompt=login); null when the app did not ask.
   */
  max_age: number | null;
}

/** A one-time authorization code handed to the web app after a hosted sign-in. */
export interface IdentityOAuthCodesTable {
  code_hash: string;
  user_sub: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  expires_at: Date;
  nonce: string | null;
  scope: string | null;
  /** How the user signed in for this code; null for a code from before migration 16. */
  sign_in_method: LoginProvider | null;
  /**
   * When the user authenticated for this code (a remembered browser's sign-in may be up to an
   * hour older than the code), the auth_time of the session it starts; null for a code from
   * before migration 24, whose session takes the exchange time.
   */
  auth_time: Date | null;
}

/** A browser signed in on the pool's sign-in page, under its cookie's hash (an hour). */
export interface IdentityHostedSessionsTable {
  id_hash: string;
  user_sub: string;
  sign_in_method: LoginProvider;
  expires_at: Date;
  /** When the browser signed in there: the auth_time of every code it is given. */
  auth_time: Date;
}

export interface IdentitySecretsTable {
  name: string;
  value: JSONColumnType<Record<string, string>, string, string>;
  created_at: Generated<Date>;
}

/** The admin password in use (generated or ADMIN_PASSWORD's), as its argon2id hash; one row at most. */
export interface AdminCredentialsTable {
  id: number;
  password_hash: string;
  created_at: Generated<Date>;
  /** Bumped by a password change and by "Sign out all admin sessions": older tokens stop working. */
  session_epoch: Generated<number>;
  /** The known-device cookie's HMAC key (base64url), set by the server at start. */
  device_key: string | null;
}

/** Admin session tokens: `selector.verifier`, only the verifier's SHA-256 stored. */
export interface AdminTokensTable {
  selector: string;
  verifier_hash: string;
  ip: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  /** The password's session epoch when the token was issued. */
  session_epoch: Generated<number>;
}

export type AdminLoginOutcome = 'succeeded' | 'failed' | 'rate-limited';

export interface AdminLoginAttemptsTable {
  id: Generated<number>;
  /** The client's address; an IPv6 client's /64 network, which one subscriber usually holds whole. */
  ip: string;
  outcome: AdminLoginOutcome;
  created_at: Generated<Date>;
  /** The known device that failed, whose failures count against it rather than its address. */
  device: Generated<string | null>;
}

/** One generic audit log for admin actions and, later, customer login and profile audits. */
export interface AuditEventsTable {
  id: Generated<number>;
  /** Dotted name such as 'admin.login', 'admin.user.disable', 'admin.export'. */
  event_type: string;
  /** Who did it: 'admin', or a customer's sub. */
  actor: string;
  /** What it was done to (a username, a dataset), when anything. */
  subject: string | null;
  details: JSONColumnType<Record<string, unknown>, string, string>;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  /** The actor's email address, lower-cased, when the actor is a person with one. */
  actor_email: string | null;
  /** The token session (refresh token) the event belongs to: a sign-in's, or the one used. */
  origin_jti: string | null;
  /** The token issue the event belongs to (a sign-in's or refresh's tokens). */
  event_id: string | null;
  /** What the web app added afterwards, once per token (`annotation_key`). */
  annotation: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  annotation_key: string | null;
  annotated_at: Date | null;
}

export interface AffiliateApplicationsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  website: string;
  experience: '' | 'beginner' | 'intermediate' | 'advanced';
  audience: string;
  motivation: string;
  /** The lead stored with the application, in the same transaction; a repeat within a week shares the first's. */
  lead_id: number;
  /** No longer written, and emptied (migration 37): kept for instances of the previous release during a deploy. */
  ip: string | null;
  created_at: Generated<Date>;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  content_html: string;
  /** Comma-separated keywords. */
  seo_keyword: string;
  seo_title: string;
  seo_description: string;
  /** Site-relative (/blog/images/…) for the built-in store's images. */
  featured_image_url: string | null;
  featured_image_alt: string;
  featured_image_name: string;
  status: 'published' | 'draft' | 'scheduled';
  published_at: Date | null;
  updated_at: Date;
  /** The content's text as a reader sees it, for the search's index (migration 32): the database writes it. */
  content_text: GeneratedAlways<string>;
  /** seo_keyword's keywords, trimmed and in lower case, for the keyword filter's index (migration 32). */
  keywords: GeneratedAlways<string[]>;
}

/** Each content/blog imported, in the order first imported (the newest is the one applied). */
export interface BlogContentImportsTable {
  id: Generated<number>;
  /** SHA-256 of the posts as imported. */
  content_hash: string;
  first_imported_at: Generated<Date>;
}

export interface BlogHtmlPagesTable {
  slug: string;
  title: string;
  /** The article body, sanitized; the page around it is rendered when served. */
  body_html: string;
  /** The post as it was when the page was saved (what GET /api/cached-post returns). */
  post_data: JSONColumnType<BlogPost, string, string>;
  post_updated_at: Date;
  generated_at: Generated<Date>;
}

/** A referral link a customer arrived with, attributed at sign-up (tests/web/accounts/referrals.test.ts). */
export interface AccountReferralsTable {
  id: Generated<number>;
  user_sub: string;
  email: string;
  partner_id: string | null;
  campaign_id: string | null;
  referral_key: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  captured_at: Date;
  created_at: Generated<Date>;
  /** False for a row posted after the account's first (migration 21): kept, never attributing. */
  attributed: Generated<boolean>;
}

/** A customer account's preferences (marketing-email consent). */
export interface AccountPreferencesTable {
  user_sub: string;
  email: string;
  marketing_emails: boolean;
  updated_at: Generated<Date>;
}

/** The lead a customer's sign-up recorded; one per account. */
export interface AccountSignupsTable {
  user_sub: string;
  lead_id: number;
  created_at: Generated<Date>;
}

/** A user pool group (Cognito's CreateGroup). */
export interface IdentityGroupsTable {
  name: string;
  description: string | null;
  precedence: number | null;
  role_arn: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Who is in which group. */
export interface IdentityUserGroupsTable {
  group_name: string;
  user_sub: string;
  created_at: Date;
}

/**
 * One rate-limit key's current window, shared by the instances on one PostgreSQL without Redis
 * (migration 30). The key is hashed: some are email addresses (a recipient's mail quota).
 */
export interface RateLimitWindowsTable {
  key_hash: string;
  hits: number;
  ends_at: Date;
}

/** How long a slower path takes, as the instances learned it (migration 36, server/http/even-timing.ts). */
export interface EvenTimingsTable {
  name: string;
  expected_ms: number;
  updated_at: Date;
}
