import { LazyPart } from '../../components/LazyPart.tsx';
import { retryableLazy } from '../../components/retryable-lazy.ts';
import { useAuthDialog, useAuthDialogState } from './auth-dialog-state.tsx';
import type { AuthDialogProps } from './dialog-view.ts';

const authDialog = retryableLazy(() => import('./AuthDialog.tsx').then((module) => module.AuthDialog));

/**
 * The authentication dialog, loaded when first opened. The app hands it to AuthProvider, so the
 * session module does not import the dialog whose forms import the session (no import circle).
 * Code that does not arrive closes the opening and says so where the dialog would have been,
 * leaving the page as it was; the next opening (a new instance, see AuthDialogHost), from the
 * notice's Try again or any Login, loads again.
 */
export function LazyAuthDialog(props: AuthDialogProps) {
  const { openAuthDialog } = useAuthDialog();
  const opening = useAuthDialogState();
  return (
    <LazyPart
      part={authDialog}
      props={props}
      failure="The sign-in form could not be loaded. Check your connection and try again."
      onFailure={props.onClose}
      onRetry={() => opening && openAuthDialog(opening.view, opening)}
    />
  );
}
