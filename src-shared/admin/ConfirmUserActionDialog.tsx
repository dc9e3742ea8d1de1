import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ADMIN_TEXT, type UserAction } from './messages.ts';
import { ModalDialog } from '../ui/ModalDialog.tsx';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  warning: { color: tokens.colorPaletteRedForeground1, margin: 0 },
  question: { margin: 0 },
  // Fluent has no danger appearance: Delete's button takes the danger palette itself.
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorPaletteDarkRedBackground2, color: tokens.colorNeutralForegroundOnBrand },
  },
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
    <ModalDialog open onDismiss={() => !busy && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{ADMIN_TEXT.confirmTitle(action)}</DialogTitle>
          <DialogContent className={styles.content}>
            {error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
            <p className={styles.question}>{ADMIN_TEXT.confirmQuestion(action, username)}</p>
            {email && <p className={styles.question}>{ADMIN_TEXT.confirmEmail(email)}</p>}
            {action === 'delete' && <p className={styles.warning}>{ADMIN_TEXT.deleteWarning}</p>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button
              appearance="primary"
              className={action === 'delete' ? styles.danger : undefined}
              onClick={onConfirm}
              disabled={busy}
            >
              {busy ? 'Working…' : action.charAt(0).toUpperCase() + action.slice(1)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </ModalDialog>
  );
}
