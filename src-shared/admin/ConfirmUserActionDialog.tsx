import { makeStyles, tokens } from '@fluentui/react-components';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ADMIN_TEXT, type UserAction } from './messages.ts';

const useStyles = makeStyles({
  warning: { color: tokens.colorPaletteRedForeground1 },
});

interface ConfirmUserActionDialogProps {
  action: UserAction;
  username: string;
  /** Named beside the fixed sentence: the generated username alone says nothing to the operator. */
  email: string;
  busy: boolean;
  /** The failure of the last try; the dialog stays open to show it, so the operator can retry or cancel. */
  error: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/** 'Confirm Enable/Disable/Delete User', asked before each user action on the users screen. */
export function ConfirmUserActionDialog({
  action,
  username,
  email,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmUserActionDialogProps) {
  const styles = useStyles();
  return (
    <ConfirmDialog
      title={ADMIN_TEXT.confirmTitle(action)}
      confirmLabel={action.charAt(0).toUpperCase() + action.slice(1)}
      busyLabel="Working…"
      busy={busy}
      error={error}
      danger={action === 'delete'}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{ADMIN_TEXT.confirmQuestion(action, username)}</p>
      {email && <p>{ADMIN_TEXT.confirmEmail(email)}</p>}
      {action === 'delete' && <p className={styles.warning}>{ADMIN_TEXT.deleteWarning}</p>}
    </ConfirmDialog>
  );
}
