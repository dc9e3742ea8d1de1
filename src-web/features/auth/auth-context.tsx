import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { IdentityClient } from '../../../src-shared/api/identity/types.ts';
import { AuthDialogHost } from './AuthDialogHost.tsx';
import { AuthDialogStateProvider, useAuthDialog, type AuthDialogControls } from './auth-dialog-state.tsx';
import type { AuthDialogProps } from './dialog-view.ts';
import { SessionProvider, useSession, type SessionValue } from './session-context.tsx';

// Pages and guards read the status type from here, next to useAuth.
export type { AuthStatus } from './session-restore.ts';

/**
 * Who is signed in and the authentication dialog, as three parts with their own modules: the
 * session (session-context), the dialog's open/close state (auth-dialog-state) and the host
 * that mounts the dialog (AuthDialogHost). Each context changes only with what it holds, so
 * changing page re-renders none of their consumers.
 */
export function AuthProvider({
  children,
  identityClient,
  dialog,
}: {
  children: ReactNode;
  identityClient?: IdentityClient;
  /** The authentication dialog to host (LazyAuthDialog): passed in, so the forms' imports of the session make no circle. */
  dialog: ComponentType<AuthDialogProps>;
}) {
  return (
    <AuthDialogStateProvider>
      <SessionProvider identityClient={identityClient}>
        {children}
        <AuthDialogHost dialog={dialog} />
      </SessionProvider>
    </AuthDialogStateProvider>
  );
}

export type AuthContextValue = SessionValue & Pick<AuthDialogControls, 'openAuthDialog' | 'closeAuthDialog'>;

/**
 * The session and the dialog's opener together, for components that use both. One that needs
 * only one of them can call useSession or useAuthDialog; either way it re-renders only when the
 * session changes, since the dialog's controls never do.
 */
export function useAuth(): AuthContextValue {
  const session = useSession();
  const { openAuthDialog, closeAuthDialog } = useAuthDialog();
  return useMemo(() => ({ ...session, openAuthDialog, closeAuthDialog }), [session, openAuthDialog, closeAuthDialog]);
}
