import { Button, Field, Input, Link } from '@fluentui/react-components';
import { useState } from 'react';
import { NewPasswordRequiredError } from '../../../src-shared/api/identity/types.ts';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { validateSignIn, type FieldErrors, type SignInFields } from '../../../src-shared/domain/accounts/validation.ts';
import { useSession } from './session-context.tsx';
import { errorMessage } from './error-message.ts';
import { Form, useFormStyles } from './form-parts.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { PasswordField } from './password-fields.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { ErrorBar, NoticeBar } from '../../../src-shared/ui/MessageBars.tsx';

export function SignInForm(props: {
  initialError?: string;
  /** Shown until the first attempt (why the dialog opened). */
  initialNotice?: string;
  initialEmail?: string;
  onSignUp(): void;
  onForgotPassword(email: string): void;
  /** The account exists but is not confirmed yet: continue with its code. */
  onUnconfirmed(email: string, password: string): void;
}) {
  const styles = useFormStyles();
  const { signIn } = useSession();
  const [fields, setFields] = useState<SignInFields>({ email: props.initialEmail ?? '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof SignInFields>>({});
  const [error, setError] = useState<string | null>(props.initialError ?? null);
  const [notice, setNotice] = useState<string | null>(props.initialNotice ?? null);
  const [busy, setBusy] = useState(false);
  /** An invited user's first sign-in: their temporary password worked, now they choose their own. */
  const [newPasswordSession, setNewPasswordSession] = useState<string | null>(null);

  const set = (field: keyof SignInFields) => (value: string) => {
    setFields((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async () => {
    const found = validateSignIn(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await signIn(fields.email, fields.password);
    } catch (failure) {
      if (failure instanceof Error && failure.name === 'UserNotConfirmedException') {
        props.onUnconfirmed(fields.email.trim(), fields.password);
        return;
      }
      if (failure instanceof NewPasswordRequiredError) {
        setNewPasswordSession(failure.session);
        setBusy(false);
        return;
      }
      setError(errorMessage(failure, ACCOUNT_MESSAGES.signInFailed));
      setBusy(false);
    }
  };

  if (newPasswordSession !== null) {
    const back = () => {
      setNewPasswordSession(null);
      setFields((previous) => ({ ...previous, password: '' }));
    };
    return <NewPasswordForm email={fields.email.trim()} session={newPasswordSession} onBack={back} />;
  }

  return (
    <Form label="Sign in" onSubmit={() => void submit()}>
      <NoticeBar message={notice} />
      <ErrorBar message={error} />
      <Field label="Email" required validationMessage={errors.email}>
        <Input
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={(_e, d) => set('email')(d.value)}
          disabled={busy}
        />
      </Field>
      <PasswordField
        label="Password"
        value={fields.password}
        onChange={set('password')}
        error={errors.password}
        disabled={busy}
        autoComplete="current-password"
      />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
        <SocialButtons disabled={busy} onError={setError} caption="or continue with" />
      </div>
      <p className={styles.footer}>
        Forgot your password?{' '}
        <Link as="button" type="button" onClick={() => props.onForgotPassword(fields.email.trim())}>
          Reset it here
        </Link>
      </p>
      <p className={styles.footer}>
        Don&apos;t have an account?{' '}
        <Link as="button" type="button" onClick={props.onSignUp}>
          Sign up
        </Link>
      </p>
    </Form>
  );
}
