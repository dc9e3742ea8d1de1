import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SignUpSource } from '../../../src-shared/domain/accounts/api.ts';
import { AUTH_DIALOG_QUERY, PATHS } from '../../../src-shared/domain/routes.ts';
import type { AuthDialogView } from './dialog-view.ts';

export interface OpenAuthDialogOptions {
  /** Where to go once signed in (a guarded page the visitor asked for). */
  returnTo?: string;
  /** Where a sign-up started, recorded with its lead; derived from the page when absent. */
  source?: SignUpSource;
  /** A message to show at once (a failed social sign-in). */
  error?: string;
  /** Something to know, shown at once (a session that ended on a signed-in page). */
  notice?: string;
}

/** The dialog as last opened; null until it first is, so nothing loads for a visitor who never asks. */
export interface AuthDialogState extends OpenAuthDialogOptions {
  view: AuthDialogView;
  open: boolean;
  /** A fresh dialog (first view, empty fields) for each opening. */
  key: number;
}

export interface AuthDialogControls {
  /** The one entry point every 'Login', 'Sign Up' and 'Get Started' button uses. */
  openAuthDialog(view: AuthDialogView, options?: OpenAuthDialogOptions): void;
  closeAuthDialog(): void;
  /** The `returnTo` of the last opening, handed out once: the session goes there after signing in. */
  takeReturnTo(): string | undefined;
}

// Two contexts: the controls never change, so the many buttons that open the dialog do not
// re-render when it opens, closes or the page changes; only the host reads the state.
const ControlsContext = createContext<AuthDialogControls | null>(null);
const StateContext = createContext<AuthDialogState | null>(null);

/** Whether the authentication dialog is open, on which view, and where to go after signing in. */
export function AuthDialogStateProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<AuthDialogState | null>(null);
  const returnTo = useRef<string | undefined>(undefined);
  // The page is read when the dialog opens, not when it renders: openAuthDialog keeps one identity
  // across navigations, so its consumers do not re-render on every page change. A layout effect,
  // so the new page's own effects (a guard opening the dialog on mount) already see the new path.
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  useLayoutEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  const openAuthDialog = useCallback((view: AuthDialogView, options: OpenAuthDialogOptions = {}) => {
    returnTo.current = options.returnTo;
    setDialog((current) => ({
      view,
      ...options,
      source: options.source ?? signUpSourceFor(currentPath.current, view),
      open: true,
      key: current?.open ? current.key : (current?.key ?? 0) + 1,
    }));
  }, []);
  // Closed, not unmounted: Fluent's modal must close to give the page back to assistive technology.
  const closeAuthDialog = useCallback(() => setDialog((current) => current && { ...current, open: false }), []);
  const takeReturnTo = useCallback(() => {
    const target = returnTo.current;
    returnTo.current = undefined;
    return target;
  }, []);

  useOpenedByLink(openAuthDialog);

  const controls = useMemo(
    () => ({ openAuthDialog, closeAuthDialog, takeReturnTo }),
    [openAuthDialog, closeAuthDialog, takeReturnTo],
  );
  return (
    <ControlsContext.Provider value={controls}>
      <StateContext.Provider value={dialog}>{children}</StateContext.Provider>
    </ControlsContext.Provider>
  );
}

/**
 * Opens the dialog on the password-reset step when the page was reached by FORGOT_PASSWORD_LINK
 * (from the pool's sign-in page), once, and takes the query off the address so a reload or a
 * shared link does not open it again.
 */
function useOpenedByLink(openAuthDialog: AuthDialogControls['openAuthDialog']) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.get(AUTH_DIALOG_QUERY.name) !== AUTH_DIALOG_QUERY.forgotPassword) return;
    params.delete(AUTH_DIALOG_QUERY.name);
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
    openAuthDialog('forgot');
  }, [search, pathname, hash, navigate, openAuthDialog]);
}

/** Where a sign-up started: the home hero, the pricing page, the header's Login, or elsewhere. */
function signUpSourceFor(pathname: string, view: AuthDialogView): SignUpSource {
  if (view === 'signin') return 'header_login';
  if (view === 'forgot') return 'auth_dialog';
  if (pathname === PATHS.home) return 'hero_cta';
  if (pathname === PATHS.pricing) return 'pricing_cta';
  return 'auth_dialog';
}

export function useAuthDialog(): AuthDialogControls {
  const value = useContext(ControlsContext);
  if (!value) throw new Error('useAuthDialog must be used inside <AuthProvider>');
  return value;
}

/** The dialog's current state, for the component that hosts it and the dialog's own parts. */
export function useAuthDialogState(): AuthDialogState | null {
  return useContext(StateContext);
}
