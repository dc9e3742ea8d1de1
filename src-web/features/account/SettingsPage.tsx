import { Body1, Button, Card, Field, Input, Spinner, Subtitle1, Switch, Title2 } from '@fluentui/react-components';
import { useId, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { guarded } from './pages.tsx';
import { forgetAccount, getPreferences, savePreferences } from '../auth/accounts-api.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { errorMessage } from '../auth/error-message.ts';
import { afterModalDialogsGone } from './dialog-close.ts';
import { usePageStyles } from './page-styles.ts';
import { useAccountRead } from './use-account-read.ts';
import { FormDialog } from '../../../src-shared/ui/FormDialog.tsx';
import { busyFocusHolder } from '../../../src-shared/ui/busy-focus.ts';
import { ErrorBar } from '../../../src-shared/ui/MessageBars.tsx';

function PreferencesCard() {
  const page = usePageStyles();
  const { freshTokens } = useAuth();
  const preferences = useAccountRead(getPreferences, 'Preferences could not be loaded');
  const marketingEmails = preferences.data?.marketingEmails ?? null;
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const title = useId();

  const change = async (value: boolean) => {
    setSaving(true);
    setError(null);
    try {
      const tokens = await freshTokens();
      if (!tokens) throw new Error(ACCOUNT_MESSAGES.noAccessToken);
      preferences.setData(await savePreferences(tokens.idToken, { marketingEmails: value }));
    } catch (failure) {
      setError(errorMessage(failure, 'Preferences could not be saved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    // The switch, disabled while it saves, leaves its focus with the card, and gets it back (busy-focus.ts).
    <Card className={page.card} role="group" aria-labelledby={title} tabIndex={-1} {...busyFocusHolder('return')}>
      <Subtitle1 as="h2" id={title}>
        Email Preferences
      </Subtitle1>
      <ErrorBar message={preferences.error} onRetry={preferences.retry} />
      <ErrorBar message={error} />
      {marketingEmails === null && !preferences.error && <Spinner size="small" label="Loading…" />}
      {/* Unknown (it could not be loaded), it shows no switch: an 'off' one would say the customer is not subscribed. */}
      {marketingEmails !== null && (
        <Switch
          checked={marketingEmails}
          disabled={saving}
          onChange={(_e, d) => void change(d.checked)}
          label="Send me product news, hiring tips and offers by email"
        />
      )}
      <Body1 className={page.subtitle}>Account and security emails (codes, password resets) are always sent.</Body1>
    </Card>
  );
}

function DeleteAccountCard() {
  const page = usePageStyles();
  const { user, identity, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The password proves the account holder is here now: a question cancelled keeps none of it for the next opening.
  const cancel = () => {
    setOpen(false);
    setPassword('');
    setError(null);
  };

  const remove = async () => {
    if (!user) return;
    if (password === '') {
      setError(ACCOUNT_MESSAGES.passwordRequired);
      return;
    }
    setBusy(true);
    setError(null);
    // Our server forgets the customer first, then the pool deletes the sign-in: forgotten and
    // not deleted (the pool unreachable, or its answer lost) must be said as it is. Another try
    // finishes it: forgetting again changes nothing, and the sign-in still works to prove it.
    let forgotten = false;
    let deleted = false;
    try {
      const client = await identity();
      // Signing in again proves it is the account holder, not someone at an unlocked screen.
      const tokens = await client.signIn(user.email, password);
      await forgetAccount(tokens.idToken);
      forgotten = true;
      await client.deleteUser(tokens.accessToken);
      deleted = true;
      setOpen(false);
      await afterModalDialogsGone();
      await signOut();
    } catch (failure) {
      setError(forgotten && !deleted ? ACCOUNT_MESSAGES.deletionUnfinished : errorMessage(failure, 'Account deletion failed'));
      setBusy(false);
    }
  };

  return (
    <Card className={page.card}>
      <Subtitle1 as="h2">Delete Account</Subtitle1>
      <Body1>Permanently removes your account and sign-in. This cannot be undone.</Body1>
      <div>
        <Button onClick={() => setOpen(true)} disabled={user?.socialProvider != null}>
          Delete my account
        </Button>
      </div>
      {user?.socialProvider && (
        <Body1 className={page.subtitle}>To delete an account that signs in with Google or Microsoft, contact support.</Body1>
      )}
      <FormDialog
        open={open}
        modalType="alert"
        title="Delete your account?"
        error={error}
        busy={busy}
        onSubmit={() => void remove()}
        onCancel={cancel}
        submitLabel="Delete Account"
        busyLabel="Deleting..."
      >
        <Body1>Enter your password to confirm. Your account and its sign-in are removed for good.</Body1>
        <Field label="Password" required>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(_e, d) => setPassword(d.value)}
            disabled={busy}
          />
        </Field>
      </FormDialog>
    </Card>
  );
}

/** /settings: marketing-email consent (stored server-side) and account deletion. */
export function SettingsPage() {
  const page = usePageStyles();
  useDocumentTitle('Settings');
  return (
    <div className={`${page.page} ${page.narrow}`}>
      <div className={page.heading}>
        <Title2 as="h1" className={page.title}>
          Settings
        </Title2>
        <Body1 className={page.subtitle}>Your account preferences.</Body1>
      </div>
      <PreferencesCard />
      <DeleteAccountCard />
    </div>
  );
}

/** The page behind its sign-in guard, as the router mounts it. */
export const SettingsRoute = guarded(SettingsPage);
