import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { AdminApi } from '../api/admin/client.ts';
import { ADMIN_TEXT, loginErrorText, type AdminDialogVariant } from './messages.ts';
import { ModalDialog } from '../ui/ModalDialog.tsx';
import { ErrorBar } from '../ui/MessageBars.tsx';

const useStyles = makeStyles({
  surface: { maxWidth: '420px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface AdminAuthDialogProps {
  open: boolean;
  api: Pick<AdminApi, 'login'>;
  variant: AdminDialogVariant;
  onAuthenticated(): void;
  /** Leaves the admin area (the web app goes to / and broadcasts admin-cancel). */
  onCancel(): void;
}

/**
 * 'Admin Authentication', the operator's password prompt: modal, not closable with Escape or a click outside; the
 * login button stays disabled while the password is empty.
 */
export function AdminAuthDialog({ open, api, variant, onAuthenticated, onCancel }: AdminAuthDialogProps) {
  const styles = useStyles();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password === '' || busy) return;
    setBusy(true);
    setError(null);
    const outcome = await api.login(password);
    setBusy(false);
    if (outcome.ok) {
      setPassword('');
      onAuthenticated();
    } else {
      setError(loginErrorText(outcome, variant));
    }
  }

  return (
    // Kept mounted and closed through `open`, so the dialog restores the page it hid from assistive technology.
    <ModalDialog open={open} modalType="alert">
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        <form onSubmit={submit}>
          <DialogBody>
            <DialogTitle>{ADMIN_TEXT.dialogTitle}</DialogTitle>
            <DialogContent className={styles.content}>
              <ErrorBar message={error} />
              <Field label="Admin password" required>
                <Input
                  type="password"
                  value={password}
                  autoFocus
                  autoComplete="current-password"
                  disabled={busy}
                  onChange={(_event, data) => setPassword(data.value)}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="button" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" appearance="primary" disabled={password === '' || busy}>
                {busy ? 'Logging in…' : 'Login'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </ModalDialog>
  );
}
