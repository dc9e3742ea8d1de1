import { useState } from 'react';
import type { AdminApi } from '../api/admin/client.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ADMIN_TEXT } from './messages.ts';

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
    <ConfirmDialog
      title={SIGN_OUT_ALL_TEXT.title}
      confirmLabel={SIGN_OUT_ALL_TEXT.confirm}
      busyLabel="Signing out…"
      busy={busy}
      error={error}
      modalType="alert"
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <p>{SIGN_OUT_ALL_TEXT.explanation}</p>
    </ConfirmDialog>
  );
}
