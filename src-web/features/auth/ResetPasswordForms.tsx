import { Button, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import {
  validateEmail,
  validateNewPassword,
  validatePasswordConfirmation,
  validateVerificationCode,
} from '../../../src-shared/domain/accounts/validation.ts';
import { VERIFICATION } from '../../../src-shared/domain/constants.ts';
import { useSession } from './session-context.tsx';
import { CodeInput } from './CodeInput.tsx';
import { CODE_STEP_WORDS } from './error-message.ts';
import { BackLink, Form, useFormStyles } from './form-parts.tsx';
import { NewPasswordFields } from './password-fields.tsx';
import { ResendCodeButton, useCodeResend } from './resend-code.tsx';
import { useSubmission } from './use-submission.ts';
import { ErrorBar, SuccessBar } from '../../../src-shared/ui/MessageBars.tsx';

/** 'Reset it here', step 1: ForgotPassword sends a code to the address. */
export function ForgotPasswordForm(props: { initialEmail: string; onCodeSent(email: string): void; onBack(): void }) {
  const styles = useFormStyles();
  const { identity } = useSession();
  const [email, setEmail] = useState(props.initialEmail);
  const [emailError, setEmailError] = useState<string>();
  const { busy, error, run } = useSubmission();

  const submit = async () => {
    const invalid = validateEmail(email);
    setEmailError(invalid);
    if (invalid) return;
    const sent = await run(
      () => identity().then((client) => client.forgotPassword(email.trim())),
      ACCOUNT_MESSAGES.resetRequestFailed,
    );
    if (sent) props.onCodeSent(email.trim());
  };

  return (
    <Form label="Reset password" onSubmit={() => void submit()}>
      <p className={styles.intro}>
        Enter your account&apos;s email address and we&apos;ll send you a code to choose a new password.
      </p>
      <ErrorBar message={error} />
      <Field label="Email" required validationMessage={emailError}>
        <Input type="email" autoComplete="email" value={email} onChange={(_e, d) => setEmail(d.value)} disabled={busy} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Code'}
        </Button>
      </div>
      <BackLink onBack={props.onBack}>Back to sign in</BackLink>
    </Form>
  );
}

/** Step 2: the code and a new password (sign-up rules), ConfirmForgotPassword, then sign-in. */
export function ResetPasswordForm({ email, onBack }: { email: string; onBack(): void }) {
  const styles = useFormStyles();
  const { identity, signIn } = useSession();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string; confirmation?: string }>({});
  const { busy, error, setError, run } = useSubmission();
  const resend = useCodeResend(email, async () => (await identity()).forgotPassword(email), setError);
  // A reset code sets the password once: when the sign-in after it fails (network, too many
  // requests), Reset Password again only signs in with the password just set (its fields then locked).
  const [passwordSet, setPasswordSet] = useState(false);

  const submit = async () => {
    const found = {
      code: validateVerificationCode(code),
      password: validateNewPassword(password),
      confirmation: validatePasswordConfirmation(password, confirmation),
    };
    setErrors(found);
    if (found.code || found.password || found.confirmation) return;
    const reset =
      passwordSet ||
      (await run(
        () => identity().then((client) => client.confirmForgotPassword(email, code, password)),
        ACCOUNT_MESSAGES.resetFailed,
        CODE_STEP_WORDS,
      ));
    if (!reset) return;
    setPasswordSet(true);
    await run(() => signIn(email, password), ACCOUNT_MESSAGES.signInFailed);
  };

  return (
    <Form label="Choose a new password" onSubmit={() => void submit()}>
      <p className={styles.intro}>
        If an account exists for <strong>{email}</strong>, a 6-digit code is on its way. Enter it with your new password.
      </p>
      <ErrorBar message={error} />
      <SuccessBar message={resend.notice} />
      <CodeInput value={code} onChange={setCode} error={errors.code} disabled={busy || passwordSet} />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        errors={errors}
        disabled={busy || passwordSet}
      />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy || code.length !== VERIFICATION.codeLength}>
          {busy ? 'Resetting...' : 'Reset Password'}
        </Button>
        <ResendCodeButton resend={resend.resend} remaining={resend.remaining} disabled={busy || passwordSet} />
      </div>
      <BackLink onBack={onBack}>Back to sign in</BackLink>
    </Form>
  );
}
