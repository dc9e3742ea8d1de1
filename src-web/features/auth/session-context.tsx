import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { createIdentityClient } from '../../../src-shared/api/identity/client.ts';
import {
  IdentityError,
  type IdentityClient,
  type SocialIdentityProvider,
  type TokenSet,
} from '../../../src-shared/api/identity/types.ts';
import { OAUTH_FAILED } from '../../../src-shared/domain/accounts/oauth-failed.ts';
import { decodeJwtPayload, loginProvider, type LoginProvider, type User } from '../../../src-shared/domain/accounts/user.ts';
import { ADMIN } from '../../../src-shared/domain/constants.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { captureReferral } from '../referrals/referral-storage.ts';
import { useAuthDialog } from './auth-dialog-state.tsx';
import { loadPublicConfig } from '../../components/public-config.ts';
import { needsRenewal, renewalDelay } from './session.ts';
import { renewedUser, restoreSession, storedUser, userFrom, type AuthStatus } from './session-restore.ts';
import { clearTokens, readTokens, sameTokens, watchTokens, writeTokens } from './token-storage.ts';

/**
 * The accounts API, loaded when a session first needs it (after a sign-in): its endpoint
 * contracts carry TypeBox and their schemas, which would otherwise weigh on every page's first load.
 */
const accountsApi = () => import('./accounts-api.ts');
/** Finishing a hosted sign-in, loaded when a visitor comes back from one. */
const hostedReturn = () => import('./hosted-return.ts');

export interface SessionValue {
  status: AuthStatus;
  user: User | null;
  /** True after the user chose Sign Out (guards then skip the sign-in prompt). */
  signedOutByUser: boolean;
  /** The user pool client (its SDK loads on first use). */
  identity(): Promise<IdentityClient>;
  /** Current tokens, renewed first when they are about to expire; null when signed out. */
  freshTokens(): Promise<TokenSet | null>;
  /**
   * Stores a new session, builds the user, audits the login as `method`; then closes the dialog
   * and returns to `returnTo`. The caller knows the method: the tokens of a password account
   * linked to Google name Google whichever way it signed in.
   */
  startSession(tokens: TokenSet, method: LoginProvider): User;
  signIn(email: string, password: string): Promise<User>;
  /** Leaves for the provider; `appState` waits with the pending sign-in for its return (sign-in-intent.ts). */
  signInWithProvider(provider: SocialIdentityProvider, appState?: string): Promise<void>;
  /** Clears the user and all three tokens, revokes the refresh token and returns to /. */
  signOut(): Promise<void>;
  /** Reads the profile from the pool again (name, email, verification). */
  refreshProfile(): Promise<void>;
  /** Changes the in-memory user only (social accounts' local profile edits). */
  updateLocalUser(patch: Partial<User>): void;
  /** Signs in to the partner platform (single sign-on); a failure is only logged, never shown. */
  accessPartnerPlatform(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

let sharedIdentity: Promise<IdentityClient> | undefined;
function defaultIdentity(): Promise<IdentityClient> {
  sharedIdentity ??= loadPublicConfig()
    .then((config) => {
      if (!config.identity) throw new Error('Sign-in is not available right now.');
      return createIdentityClient(config.identity);
    })
    .catch((error: unknown) => {
      sharedIdentity = undefined;
      throw error;
    });
  return sharedIdentity;
}

/**
 * How long after a renewal that failed for now (offline, the pool busy or down) it is tried
 * again; the session stays meanwhile, its tokens good until they expire.
 */
const RENEWAL_RETRY_MS = 30_000;

/** The address hosted sign-in returns to: the site's origin (one redirect URI to register). */
const redirectUri = () => window.location.origin;

/**
 * Who is signed in and their session. The session lives in local storage: restored on load,
 * renewed before it expires, refreshed when the tab becomes visible. Nothing heavy loads for a
 * signed-out visitor. Its value changes only with the session itself, not with the page (the
 * router's navigate is stable), so the many components that ask "signed in?" do not re-render
 * on every navigation. Signing in closes the authentication dialog, so this sits inside
 * AuthDialogStateProvider.
 */
export function SessionProvider({ children, identityClient }: { children: ReactNode; identityClient?: IdentityClient }) {
  const navigate = useNavigate();
  const { openAuthDialog, closeAuthDialog, takeReturnTo } = useAuthDialog();
  // The stored session is read synchronously, so a signed-out visitor never sees a loading state.
  const [restored] = useState(restoreSession);
  const [status, setStatus] = useState<AuthStatus>(restored.status);
  const [user, setUser] = useState<User | null>(restored.user);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const tokensRef = useRef<TokenSet | null>(restored.tokens);
  const renewing = useRef<Promise<TokenSet | null> | null>(null);
  const [renewTick, setRenewTick] = useState(0);
  /** The last renewal failed for now: the next one waits RENEWAL_RETRY_MS rather than the tokens' expiry. */
  const [renewalFailed, setRenewalFailed] = useState(false);

  const identity = useCallback(() => (identityClient ? Promise.resolve(identityClient) : defaultIdentity()), [identityClient]);

  const endSession = useCallback(() => {
    tokensRef.current = null;
    clearTokens();
    setUser(null);
    setStatus('signed-out');
  }, []);

  const keepTokens = useCallback((tokens: TokenSet) => {
    tokensRef.current = tokens;
    writeTokens(tokens);
    setRenewalFailed(false);
    setRenewTick((tick) => tick + 1);
  }, []);

  /**
   * Shows the session another tab stored (null: none): its sign-in, renewal or sign-out. Every
   * tab shares local storage, so a tab that kept its own would show, and go on renewing, a
   * session that may be revoked. Nothing is written: storage holds it already.
   */
  const followStored = useCallback((stored: TokenSet | null): TokenSet | null => {
    const current = tokensRef.current;
    if (stored && current && sameTokens(stored, current)) return current;
    let next: User | null = null;
    try {
      next = stored && storedUser(stored);
    } catch (error) {
      console.warn('Session stored by another tab could not be used', error);
    }
    tokensRef.current = next ? stored : null;
    setUser((previous) => next && renewedUser(previous, next));
    setStatus(next ? 'signed-in' : 'signed-out');
    setRenewalFailed(false);
    setRenewTick((tick) => tick + 1);
    return tokensRef.current;
  }, []);

  useEffect(() => watchTokens(followStored), [followStored]);

  const renew = useCallback((): Promise<TokenSet | null> => {
    const current = tokensRef.current;
    if (!current) return Promise.resolve(null);
    renewing.current ??= identity()
      .then((client) => client.refresh(current.refreshToken))
      .then((tokens) => {
        // Another tab's session came in meanwhile: it stays, this one's renewal is not written over it.
        if (tokensRef.current !== current) return tokensRef.current;
        keepTokens(tokens);
        setStatus('signed-in');
        setUser((previous) => renewedUser(previous, userFrom(tokens)));
        return tokens;
      })
      .catch((error: unknown) => {
        // Storage may hold another tab's newer session (its news not here yet): that one is
        // shown, not deleted. Only this tab's own failed session is ended.
        const stored = readTokens();
        if (stored && !sameTokens(stored, current)) return followStored(stored);
        // Only the pool's refusal of the refresh token ends the session. Anything else (a laptop
        // waking offline, the pool busy or down) leaves it in place, to be renewed later.
        if (!(error instanceof IdentityError) || error.transient) {
          console.warn('Session renewal failed for now; trying again later', error);
          setRenewalFailed(true);
          setRenewTick((tick) => tick + 1);
          setStatus('signed-in');
          return current;
        }
        console.warn('Session renewal failed; signing out', error);
        endSession();
        return null;
      })
      .finally(() => {
        renewing.current = null;
      });
    return renewing.current;
  }, [identity, keepTokens, endSession, followStored]);

  const freshTokens = useCallback(async () => {
    const current = tokensRef.current;
    if (!current) return null;
    return needsRenewal(current) && current.refreshToken ? renew() : current;
  }, [renew]);

  const startSession = useCallback(
    (tokens: TokenSet, method: LoginProvider) => {
      const signedIn = userFrom(tokens);
      keepTokens(tokens);
      setUser(signedIn);
      setStatus('signed-in');
      setSignedOutByUser(false);
      closeAuthDialog();
      // The login audit runs in the background; it never holds up the user.
      accountsApi()
        .then(({ auditLogin }) => auditLogin({ idToken: tokens.idToken, provider: method }))
        .catch((error: unknown) => console.warn('Login audit failed', error));
      const target = takeReturnTo();
      if (target) void navigate(target);
      return signedIn;
    },
    [keepTokens, navigate, closeAuthDialog, takeReturnTo],
  );

  // Restore the session, or finish a hosted (Google/Microsoft) sign-in, once on load.
  useEffect(() => {
    captureReferral(window.location.search);
    // A stored session about to expire is renewed by the renewal timer below, at once.
    const { returning } = restored;
    if (!returning) return;
    if (!returning.own) {
      // Someone else's callback (planted, or a stale tab's): nothing is exchanged, the address
      // is cleaned, a stored session stays, and a signed-out visitor is told it failed.
      void hostedReturn().then(({ dropHostedReturnFromAddress }) => dropHostedReturnFromAddress());
      if (!restored.tokens) openAuthDialog('signin', { error: OAUTH_FAILED, source: 'auth_dialog' });
      return;
    }
    hostedReturn()
      .then(({ finishHostedReturn }) =>
        finishHostedReturn({
          appState: returning.appState,
          identity,
          publicConfig: loadPublicConfig,
          redirectUri: redirectUri(),
          // A hosted sign-in here is always a provider's, the one its tokens name.
          startSession: (tokens) => startSession(tokens, loginProvider(decodeJwtPayload(tokens.idToken))),
          navigate: (path) => void navigate(path),
        }),
      )
      .catch((error: unknown) => {
        console.warn('OAuth code exchange failed', error);
        endSession();
        // Its source is the dialog itself: this sign-in did not start from the header's Login, which a 'signin' opening implies.
        openAuthDialog('signin', { error: OAUTH_FAILED, source: 'auth_dialog' });
      });
    // Only on the first render: later changes come through the callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Renew the tokens before they expire, so a user is not signed out after an hour.
  useEffect(() => {
    const tokens = tokensRef.current;
    if (!tokens?.refreshToken) return;
    const timer = setTimeout(() => void renew(), renewalFailed ? RENEWAL_RETRY_MS : renewalDelay(tokens));
    return () => clearTimeout(timer);
  }, [renewTick, renew, renewalFailed]);

  const refreshProfile = useCallback(async () => {
    const tokens = await freshTokens();
    if (!tokens) return;
    const attributes = await (await identity()).getUser(tokens.accessToken);
    setUser((previous) => {
      if (!previous) return previous;
      const givenName = attributes.given_name ?? '';
      const familyName = attributes.family_name ?? '';
      return {
        ...previous,
        email: attributes.email ?? previous.email,
        givenName,
        familyName,
        name: [givenName, familyName].filter(Boolean).join(' ') || (attributes.email ?? previous.email).split('@')[0] || '',
        phoneNumber: attributes.phone_number ?? '',
        emailVerified: previous.socialProvider !== null || attributes.email_verified === 'true',
      };
    });
    // The header reads the stored id token after a reload: when the account changed since it was
    // issued (a new name, here or on another device), renew it so the change survives a reload.
    const claims = decodeJwtPayload(tokens.idToken);
    const stale = (['given_name', 'family_name', 'email', 'phone_number'] as const).some(
      (name) => (attributes[name] ?? '') !== (typeof claims[name] === 'string' ? claims[name] : ''),
    );
    if (stale && tokens.refreshToken) await renew();
  }, [freshTokens, identity, renew]);

  // On every return to the tab while signed in, the profile is read again (~100 ms later).
  useEffect(() => {
    if (status !== 'signed-in') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      timer = setTimeout(
        () => refreshProfile().catch((error: unknown) => console.warn('Profile refresh failed', error)),
        ADMIN.visibilityReloadDelayMs,
      );
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [status, refreshProfile]);

  const signIn = useCallback(
    async (email: string, password: string) => startSession(await (await identity()).signIn(email.trim(), password), 'password'),
    [identity, startSession],
  );

  const signInWithProvider = useCallback(
    async (provider: SocialIdentityProvider, appState?: string) => {
      window.location.assign(await (await identity()).authorizeUrl(provider, redirectUri(), appState));
    },
    [identity],
  );

  const signOut = useCallback(async () => {
    const refreshToken = tokensRef.current?.refreshToken;
    setSignedOutByUser(true);
    endSession();
    void navigate(PATHS.home);
    if (refreshToken) {
      await identity()
        .then((client) => client.revokeToken(refreshToken))
        .catch((error: unknown) => console.warn('Refresh token revocation failed', error));
    }
  }, [endSession, identity, navigate]);

  const accessPartnerPlatform = useCallback(async () => {
    try {
      const tokens = await freshTokens();
      if (!tokens) throw new Error('Not signed in');
      const { partnerSso } = await accountsApi();
      window.location.assign((await partnerSso(tokens.idToken)).url);
    } catch (error) {
      console.warn('Partner platform sign-in failed', error);
    }
  }, [freshTokens]);
  const updateLocalUser = useCallback(
    (patch: Partial<User>) => setUser((previous) => (previous ? { ...previous, ...patch } : previous)),
    [],
  );

  const value = useMemo<SessionValue>(
    () => ({
      status,
      user,
      signedOutByUser,
      identity,
      freshTokens,
      startSession,
      signIn,
      signInWithProvider,
      signOut,
      refreshProfile,
      updateLocalUser,
      accessPartnerPlatform,
    }),
    [
      status,
      user,
      signedOutByUser,
      accessPartnerPlatform,
      identity,
      freshTokens,
      startSession,
      signIn,
      signInWithProvider,
      signOut,
      refreshProfile,
      updateLocalUser,
    ],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <AuthProvider>');
  return value;
}
