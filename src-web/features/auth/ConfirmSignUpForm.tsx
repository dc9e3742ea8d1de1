import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import type { SignUpSource } from '../../../src-shared/domain/accounts/api.ts';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { validateVerificationCode } from '../../../src-shared/domain/accounts/validation.ts';
import { VERIFICATION } from '../../../src-shared/domain/constants.ts';
import { afterSignUp } from './after-sign-up.ts';
import { loadPublicConfig } from '../../components/public-config.ts';
import { useSession } from './session-context.tsx';
import { CodeInput } from './CodeInput.tsx';
import { CODE_STEP_WORDS } from './error-message.ts';
import { BackLink, Form, useFormStyles } from './form-parts.tsx';
import type { PendingSignUp } from './SignUpForm.tsx';
import { ResendCodeButton, useCodeResend } from './resend-code.tsx';
import { useSubmission } from './use-submission.ts';
import { ErrorBar, SuccessBar } from '../../../src-shared/ui/MessageBars.tsx';

/** 'Verify Email': the code from the mail, then an automatic sign-in with the password. */
export function ConfirmSignUpForm({ pending, source, onBack }: { pending: PendingSignUp; source: SignUpSource; onBack(): void }) {
  const styles = useFormStyles();
  const { identity, startSession } = useSession();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const { busy, error, setError, run } = useSubmission();
  const resend = useCodeResend(pending.email, async () => (await identity()).resendConfirmationCode(pending.email), setError);
  // The pool confirms an account once: when the sign-in after a good code fails (network, too
  // many requests), Verify Email again only signs in, and there is no code left to resend.
  const [confirmed, setConfirmed] = useState(false);

  const submit = async () => {
    const invalid = validateVerificationCode(code);
    setCodeError(invalid);
    if (invalid) return;
    await run(
      async () => {
        const client = await identity();
        if (!confirmed) {
          await client.confirmSignUp(pending.email, code);
          setConfirmed(true);
        }
        const tokens = await client.signIn(pending.email, pending.password);
        const user = startSession(tokens, 'password');
        void afterSignUp(user, tokens.idToken, source, pending.phone, loadPublicConfig);
      },
      ACCOUNT_MESSAGES.confirmationFailed,
      CODE_STEP_WORDS,
    );
  };

  return (
    <Form label="Verify email" onSubmit={() => void submit()}>
      <p className={styles.intro}>
        Thanks{pending.firstName ? `, ${pending.firstName}` : ''}! We sent a 6-digit code to <strong>{pending.email}</strong>.
        Enter it below to activate your account. If you already have an account with this address, the mail says so instead: sign
        in, or reset your password.
      </p>
      <ErrorBar message={error} />
      <SuccessBar message={resend.notice} />
      <CodeInput
        value={code}
        onChange={(value) => {
          setCode(value);
          setCodeError(undefined);
        }}
        error={codeError}
        disabled={busy}
      />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy || code.length !== VERIFICATION.codeLength}>
          {busy ? 'Verifying...' : 'Verify Email'}
        </Button>
        <ResendCodeButton resend={resend.resend} remaining={resend.remaining} disabled={busy || confirmed} />
      </div>
      <BackLink onBack={onBack} question="Wrong address?">
        Back to sign up
      </BackLink>
    </Form>
  );
}
