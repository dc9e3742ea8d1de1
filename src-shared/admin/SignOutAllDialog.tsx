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
import { useState } from 'react';
import type { AdminApi } from '../api/admin/client.ts';
import { ADMIN_TEXT } from './messages.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

export const SIGN_OUT_ALL_TEXT = {
  action: 'Sign out all admin sessions',
  title: 'Sign out all admin sessions?',
  explanation:
    'Every admin session ends, in every browser and console, this one included: the admin password is asked for again everywhere. Use this when a device was lost or a session may have leaked.',
  confirm: 'Sign out all',
  failed: 'Signing out all admin sessions failed',
} as const;

interface SignOutAllDialogProps {
  api: Pick<AdminApi, 'revokeAllSessions'>;
  /** Every session has ended, this one too: the host signs out here as after Logout. */
  onDone(): void;
  onCancel(): void;
}

/** The confirmation of "Sign out all admin sessions", shared by the web admin panel and the console. */
export function SignOutAllDialog({ api, onDone, onCancel }: SignOutAllDialogProps) {
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    const outcome = await api.revokeAllSessions();
    setBusy(false);
    // A 401 means this session had already ended: nothing is left to sign out of here either.
    if (outcome.ok || outcome.reason === 'unauthorized') {
      onDone();
      return;
    }
    setError(outcome.reason === 'network' ? ADMIN_TEXT.networkError : (outcome.error ?? SIGN_OUT_ALL_TEXT.failed));
  }

  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => !data.open && !busy && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{SIGN_OUT_ALL_TEXT.title}</DialogTitle>
          <DialogContent className={styles.content}>
            {error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
            <p className={styles.text}>{SIGN_OUT_ALL_TEXT.explanation}</p>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button appearance="primary" onClick={() => void confirm()} disabled={busy}>
              {busy ? 'Signing out…' : SIGN_OUT_ALL_TEXT.confirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
