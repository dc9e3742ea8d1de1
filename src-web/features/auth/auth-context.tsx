import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AuthDialogView } from './AuthDialog.tsx';

const AuthDialog = lazy(() => import('./AuthDialog.tsx').then((module) => ({ default: module.AuthDialog })));

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

interface AuthContextValue {
  status: AuthStatus;
  /** The one entry point every 'Login', 'Sign Up' and 'Get Started' button uses. */
  openAuthDialog(view: AuthDialogView): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Holds who is signed in and the authentication dialog. Customer accounts are not
 * available yet, so every visitor is signed out; the dialog says accounts are coming.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [dialogView, setDialogView] = useState<AuthDialogView | null>(null);
  const openAuthDialog = useCallback((view: AuthDialogView) => setDialogView(view), []);
  const value = useMemo<AuthContextValue>(() => ({ status: 'signed-out', openAuthDialog }), [openAuthDialog]);
  return (
    <AuthContext.Provider value={value}>
      {children}
      {dialogView && (
        <Suspense>
          <AuthDialog view={dialogView} onClose={() => setDialogView(null)} />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
