import {
  Button,
  Dialog,
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

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  warning: { color: tokens.colorPaletteRedForeground1, margin: 0 },
});

interface ConfirmUserActionDialogProps {
  action: UserAction;
  username: string;
  busy: boolean;
  /** The failure of the last try; the dialog stays open to show it (spec §4). */
  error: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/** 'Confirm Enable/Disable/Delete User' (spec §2 Admin users page). */
export function ConfirmUserActionDialog({ action, username, busy, error, onConfirm, onCancel }: ConfirmUserActionDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && !busy && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{ADMIN_TEXT.confirmTitle(action)}</DialogTitle>
          <DialogContent className={styles.content}>
            {error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
            <p>{ADMIN_TEXT.confirmQuestion(action, username)}</p>
            {action === 'delete' && <p className={styles.warning}>{ADMIN_TEXT.deleteWarning}</p>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button appearance="primary" onClick={onConfirm} disabled={busy}>
              {busy ? 'Working…' : action.charAt(0).toUpperCase() + action.slice(1)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
