import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useAuth } from '../auth/auth-context.tsx';

/**
 * A signed-in page: a spinner while the session loads; a signed-out visitor goes to / with
 * the sign-in dialog open, and comes back here after signing in (/dashboard, /profile and the other signed-in pages).
 * Someone who just signed out is simply taken home; a session that ended here (signed out in
 * another tab, a renewal refused) is named in the dialog, so the visitor knows why it opened.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signedOutByUser, openAuthDialog } = useAuth();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const redirecting = status === 'signed-out';
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (status === 'signed-in') wasSignedIn.current = true;
  }, [status]);
  useEffect(() => {
    if (!redirecting || signedOutByUser) return;
    openAuthDialog('signin', { returnTo: here, notice: wasSignedIn.current ? ACCOUNT_MESSAGES.sessionEnded : undefined });
  }, [redirecting, signedOutByUser, openAuthDialog, here]);
  if (status === 'loading') return <PageSpinner label="Checking your session…" />;
  if (redirecting) return <Navigate to={PATHS.home} replace state={{ from: here }} />;
  return children;
}
