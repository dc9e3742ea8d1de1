import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { VERIFICATION } from '../../../src-shared/domain/constants.ts';
import { errorMessage } from './error-message.ts';
import { useCooldown } from './use-cooldown.ts';

/**
 * "Resend code" for a form whose code goes to `email` (Verify Email, Reset Password): `send`
 * asks the service for a new code, then the button counts down the resend cooldown. The form
 * shows `notice` beside its own error, which a failed resend sets through `setError`.
 */
export function useCodeResend(email: string, send: () => Promise<unknown>, setError: (message: string | null) => void) {
  const [notice, setNotice] = useState<string | null>(null);
  const cooldown = useCooldown(VERIFICATION.resendCooldownSeconds);
  const resend = async () => {
    setError(null);
    setNotice(null);
    cooldown.start();
    try {
      await send();
      setNotice(`A new code is on its way to ${email}.`);
    } catch (failure) {
      setError(errorMessage(failure, ACCOUNT_MESSAGES.resendFailed));
    }
  };
  return { notice, resend, remaining: cooldown.remaining };
}

export function ResendCodeButton({
  resend,
  remaining,
  disabled,
}: {
  resend(): Promise<void>;
  remaining: number;
  disabled: boolean;
}) {
  return (
    <Button type="button" appearance="subtle" disabled={disabled || remaining > 0} onClick={() => void resend()}>
      {remaining > 0 ? `Resend code in ${remaining}s` : 'Resend code'}
    </Button>
  );
}
