import { Suspense, useState } from 'react';
import { LoadFailureBoundary } from '../../components/LoadFailureBoundary.tsx';
import { LoadFailureNotice } from '../../components/LoadFailureNotice.tsx';
import { retryableLazy } from '../../components/retryable-lazy.ts';
import type { AuthDialogProps } from './dialog-view.ts';

const authDialog = retryableLazy(() => import('./AuthDialog.tsx').then((module) => module.AuthDialog));

/**
 * The authentication dialog, loaded when first opened. The app hands it to AuthProvider, so the
 * session module does not import the dialog whose forms import the session (no import circle).
 * Code that does not arrive closes the opening and says so where the dialog would have been,
 * leaving the page as it was; the next opening (a new instance, see AuthDialogHost) loads again.
 */
export function LazyAuthDialog(props: AuthDialogProps) {
  const [failed, setFailed] = useState(false);
  const loadFailed = () => {
    authDialog.reloadNext();
    setFailed(true);
    props.onClose();
  };
  return (
    <>
      <LoadFailureBoundary onFailure={loadFailed} fallback={null}>
        <Suspense>
          <authDialog.Part {...props} />
        </Suspense>
      </LoadFailureBoundary>
      {failed && (
        <LoadFailureNotice
          message="The sign-in form could not be loaded. Check your connection and try again."
          onDismiss={() => setFailed(false)}
        />
      )}
    </>
  );
}
