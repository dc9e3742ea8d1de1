import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { maxLengthOf } from '../domain/schema-limits.ts';
import { InviteUserRequestSchema } from '../domain/user-invites.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { useAdminServices } from './admin-services.tsx';
import { loadErrorText } from './messages.ts';
import { SuccessBar } from '../ui/MessageBars.tsx';

const useStyles = makeStyles({
  // Side by side where there is room, one above the other on a phone.
  names: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(13rem, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
  },
  trigger: { alignSelf: 'flex-start' },
  hint: { color: tokens.colorNeutralForeground3, margin: 0 },
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_LENGTH = {
  email: maxLengthOf(InviteUserRequestSchema.properties.email),
  givenName: maxLengthOf(InviteUserRequestSchema.properties.givenName),
  familyName: maxLengthOf(InviteUserRequestSchema.properties.familyName),
};
const empty = { email: '', givenName: '', familyName: '' };

/**
 * "Invite user": the operator enters an email (and a name); the customer gets a mail with a
 * temporary password and chooses their own at first sign-in. Its own button and dialog.
 */
export function InviteUserDialog({ onInvited }: { onInvited(): void }) {
  const styles = useStyles();
  const { api, sessionLost } = useAdminServices();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(empty);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof empty) => (value: string) => {
    setFields((previous) => ({ ...previous, [field]: value }));
    if (field === 'email') setEmailError(undefined);
  };

  function reset(nextOpen: boolean) {
    if (busy) return;
    setOpen(nextOpen);
    setFields(empty);
    setEmailError(undefined);
    setError(null);
    setSentTo(null);
  }

  async function invite() {
    const email = fields.email.trim();
    if (!EMAIL.test(email)) {
      setEmailError('Enter a valid email address.');
      return;
    }
    setBusy(true);
    setError(null);
    const givenName = fields.givenName.trim();
    const familyName = fields.familyName.trim();
    const outcome = await api.inviteUser({
      email,
      ...(givenName ? { givenName } : {}),
      ...(familyName ? { familyName } : {}),
    });
    setBusy(false);
    if (outcome.ok) {
      setSentTo(email);
      setFields(empty);
      onInvited();
      return;
    }
    if (outcome.reason === 'unauthorized') sessionLost();
    setError(loadErrorText(outcome, 'Failed to invite user', 'A network error occurred. Please try again.'));
  }

  return (
    <>
      <Button appearance="primary" className={styles.trigger} onClick={() => reset(true)}>
        Invite user
      </Button>
      <FormDialog
        open={open}
        onDismiss={() => reset(false)}
        title="Invite user"
        error={error}
        busy={busy}
        onSubmit={() => void invite()}
        cancelLabel={sentTo ? 'Close' : 'Cancel'}
        onCancel={() => reset(false)}
        submitLabel="Send invitation"
        busyLabel="Sending…"
      >
        <SuccessBar message={sentTo && `Invitation sent to ${sentTo}.`} />
        <p className={styles.hint}>
          They get a mail with a temporary password, and choose their own the first time they sign in.
        </p>
        <Field label="Email" required validationMessage={emailError}>
          <Input
            type="email"
            autoComplete="off"
            value={fields.email}
            maxLength={MAX_LENGTH.email}
            onChange={(_event, data) => set('email')(data.value)}
            disabled={busy}
          />
        </Field>
        <div className={styles.names}>
          <Field label="First name">
            <Input
              value={fields.givenName}
              maxLength={MAX_LENGTH.givenName}
              onChange={(_event, data) => set('givenName')(data.value)}
              disabled={busy}
            />
          </Field>
          <Field label="Last name">
            <Input
              value={fields.familyName}
              maxLength={MAX_LENGTH.familyName}
              onChange={(_event, data) => set('familyName')(data.value)}
              disabled={busy}
            />
          </Field>
        </div>
      </FormDialog>
    </>
  );
}
