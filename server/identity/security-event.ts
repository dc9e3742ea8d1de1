import type { LoginProvider } from '../../src-shared/domain/accounts/user.ts';

/*
 * The shapes of the identity service's security events and of the port it reports them
 * through. Kept apart from the reporting helpers (security-events.ts), which need the service:
 * the service needs only these types.
 */

/** What the identity service reports; the host application decides where it is recorded. */
export type SecurityEventKind =
  | 'sign-in'
  | 'sign-in.failed'
  | 'refresh'
  | 'password.change'
  | 'password.reset'
  | 'attributes.update'
  | 'email.verify'
  | 'sign-out';

/** Who called: the address rate limits use, and the browser's user agent. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** The token session (`origin_jti`) and issue (`event_id`) an event belongs to. */
export interface TokenOrigin {
  origin_jti: string;
  event_id: string;
}

export interface SecurityEvent {
  kind: SecurityEventKind;
  /** The account; null for a failed sign-in with a name that has none. */
  user: { sub: string; email: string } | null;
  /** The sign-in name tried, on a failed sign-in. */
  login?: string;
  /** How the user signed in: with a password, or through Google or Microsoft. */
  method?: LoginProvider;
  /** Which door: the sign-in API, hosted sign-in (oauth2), or a refresh token. */
  flow?: 'password' | 'hosted' | 'refresh';
  /** The tokens a sign-in issued, or those of the access token a change was made with. */
  token?: TokenOrigin;
  /** Why a sign-in was refused: Cognito's error type and message. */
  reason?: { type: string; message: string };
  /** Attribute changes by Cognito attribute name. */
  changes?: Record<string, { old: string | null; new: string | null }>;
  client: ClientInfo;
}

/** The port the service reports through (the audit log in production). */
export type ReportSecurityEvent = (event: SecurityEvent) => Promise<void>;
