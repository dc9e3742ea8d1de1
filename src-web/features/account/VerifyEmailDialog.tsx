import { Button, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { VERIFICATION } from '../../../src-shared/domain/constants.ts';
import { errorMessage } from '../auth/error-message.ts';
import { useCooldown } from '../auth/use-cooldown.ts';
import { FormDialog } from '../../../src-shared/ui/FormDialog.tsx';
import { SuccessBar } from '../../../src-shared/ui/MessageBars.tsx';

/** 'Verify New Email Address' (profile settings): the code mailed to the new address. */
export function VerifyEmailDialog(props: {
  open: boolean;
  email: string;
  onVerify(code: string): Promise<void>;
  onResend(): Promise<void>;
  onCancel(): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Kept across openings: the hold is on resending, whichever opening asked.
  const cooldown = useCooldown(VERIFICATION.resendCooldownSeconds);
  // The dialog stays mounted between openings (see ProfilePage), so each opening starts afresh
  // here: a verification that succeeded leaves it busy with its code, and a second email change
  // in the same visit would open it locked (state adjusted during render, as React advises).
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) {
      setCode('');
      setError(null);
      setNotice(null);
      setBusy(false);
    }
  }

  const verify = async () => {
    if (code.trim() === '') {
      setError(ACCOUNT_MESSAGES.profileCodeRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onVerify(code.trim());
    } catch (failure) {
      setError(errorMessage(failure, ACCOUNT_MESSAGES.verifyFailed));
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    cooldown.start();
    try {
      await props.onResend();
      setNotice(ACCOUNT_MESSAGES.verificationCodeSent);
    } catch (failure) {
      setError(errorMessage(failure, ACCOUNT_MESSAGES.resendVerificationFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={props.open}
      modalType="alert"
      title="Verify New Email Address"
      error={error}
      busy={busy}
      onSubmit={() => void verify()}
      onCancel={props.onCancel}
      submitLabel="Verify Email"
      extraAction={
        <Button type="button" onClick={() => void resend()} disabled={busy || cooldown.remaining > 0}>
          {cooldown.remaining > 0 ? `Resend Code in ${cooldown.remaining}s` : 'Resend Code'}
        </Button>
      }
    >
      <span>
        Enter the code we sent to <strong>{props.email}</strong>.
      </span>
      <SuccessBar message={notice} />
      <Field label="Verification Code" required>
        <Input
          value={code}
          onChange={(_e, d) => setCode(d.value.slice(0, VERIFICATION.codeLength))}
          placeholder="Enter 6-digit code"
          maxLength={VERIFICATION.codeLength}
          inputMode="numeric"
          autoComplete="one-time-code"
          disabled={busy}
        />
      </Field>
    </FormDialog>
  );
}
