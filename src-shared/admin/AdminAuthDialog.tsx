import { Field, Input, makeStyles } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import type { AdminApi } from '../api/admin/client.ts';
import { AdminLoginRequestSchema } from '../domain/admin.ts';
import { maxLengthOf } from '../domain/schema-limits.ts';
import { ADMIN_TEXT, loginErrorText, type AdminDialogVariant } from './messages.ts';
import { FormDialog } from '../ui/FormDialog.tsx';

const useStyles = makeStyles({
  surface: { maxWidth: '420px' },
  // Fluent's own cap: notices with file paths in them read in fewer, fuller lines.
  withNotices: { maxWidth: '600px' },
});

interface AdminAuthDialogProps {
  open: boolean;
  api: Pick<AdminApi, 'login'>;
  variant: AdminDialogVariant;
  onAuthenticated(): void;
  /** Leaves the admin area (the web app goes to / and broadcasts admin-cancel). */
  onCancel(): void;
  /** The app's notices, below the password field: the dialog covers the page that shows them otherwise. */
  notices?: ReactNode;
}

/**
 * 'Admin Authentication', the operator's password prompt: modal, not closable with Escape or a click outside; the
 * login button stays disabled while the password is empty.
 */
export function AdminAuthDialog({ open, api, variant, onAuthenticated, onCancel, notices }: AdminAuthDialogProps) {
  const styles = useStyles();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
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
    <FormDialog
      open={open}
      modalType="alert"
      title={ADMIN_TEXT.dialogTitle}
      className={notices ? styles.withNotices : styles.surface}
      describedByContent={false}
      error={error}
      busy={busy}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      submitLabel="Login"
      busyLabel="Logging in…"
      submitDisabled={password === ''}
    >
      <Field label="Admin password" required>
        <Input
          type="password"
          value={password}
          autoFocus
          autoComplete="current-password"
          maxLength={maxLengthOf(AdminLoginRequestSchema.properties.password)}
          disabled={busy}
          onChange={(_event, data) => setPassword(data.value)}
        />
      </Field>
      {/* After the field, which the dialog focuses as its first control, and keeps in view. */}
      {notices}
    </FormDialog>
  );
}
