import type { ComponentType } from 'react';
import { useAuthDialog, useAuthDialogState } from './auth-dialog-state.tsx';
import type { AuthDialogProps } from './dialog-view.ts';
import { useSession } from './session-context.tsx';

/**
 * Mounts the authentication dialog once it is first opened, with a fresh instance for each
 * opening (LazyAuthDialog waits for its code itself, and loads it again after a failure). The dialog component is passed in (LazyAuthDialog) rather than imported: its forms
 * use the session, so importing it here would close an import circle and load it up front.
 */
export function AuthDialogHost({ dialog: AuthDialog }: { dialog: ComponentType<AuthDialogProps> }) {
  const dialog = useAuthDialogState();
  const { closeAuthDialog } = useAuthDialog();
  const { status } = useSession();
  if (!dialog) return null;
  return (
    <AuthDialog
      key={dialog.key}
      open={dialog.open && status !== 'signed-in'}
      initialView={dialog.view}
      source={dialog.source ?? 'auth_dialog'}
      initialError={dialog.error}
      initialNotice={dialog.notice}
      onClose={closeAuthDialog}
    />
  );
}
