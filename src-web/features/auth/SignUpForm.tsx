import { Button, Field, Input, Link } from '@fluentui/react-components';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { formatPhoneInput, phoneDigits, toE164 } from '../../../src-shared/domain/accounts/phone.ts';
import { validateSignUp, type FieldErrors, type SignUpFields } from '../../../src-shared/domain/accounts/validation.ts';
import { useSession } from './session-context.tsx';
import { errorMessage } from './error-message.ts';
import { Form, useFormStyles } from './form-parts.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { ErrorBar } from '../../../src-shared/ui/MessageBars.tsx';

/** What the confirm view carries over from sign-up, so the code can be confirmed and the customer signed in. */
export interface PendingSignUp {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Digits only. */
  phone: string;
}

/** The form as typed, without the passwords: given back when the customer returns from Verify Email. */
export type SignUpDraft = Omit<SignUpFields, 'password' | 'confirmPassword'>;

const EMPTY: SignUpFields = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', phone: '' };

export function SignUpForm({
  draft,
  onSignIn,
  onSignedUp,
}: {
  draft?: Partial<SignUpDraft> | undefined;
  onSignIn(): void;
  onSignedUp(pending: PendingSignUp, draft: SignUpDraft): void;
}) {
  const styles = useFormStyles();
  const { identity } = useSession();
  const [fields, setFields] = useState<SignUpFields>({ ...EMPTY, ...draft });
  const [errors, setErrors] = useState<FieldErrors<keyof SignUpFields>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof SignUpFields) => (value: string) => {
    setFields((previous) => ({ ...previous, [field]: field === 'phone' ? formatPhoneInput(value) : value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async () => {
    const found = validateSignUp(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    const pending: PendingSignUp = {
      email: fields.email.trim(),
      password: fields.password,
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      phone: phoneDigits(fields.phone),
    };
    try {
      const client = await identity();
      await client.signUp({
        email: pending.email,
        password: pending.password,
        givenName: pending.firstName,
        familyName: pending.lastName,
        ...(pending.phone ? { phoneNumber: toE164(fields.phone) } : {}),
      });
      onSignedUp(pending, { firstName: fields.firstName, lastName: fields.lastName, email: fields.email, phone: fields.phone });
    } catch (failure) {
      setError(errorMessage(failure, ACCOUNT_MESSAGES.signUpFailed));
      setBusy(false);
    }
  };

  const input = (field: keyof SignUpFields, label: string, props: Partial<Parameters<typeof Input>[0]> = {}, required = true) => (
    <Field label={label} required={required} validationMessage={errors[field]}>
      <Input value={fields[field]} onChange={(_e, d) => set(field)(d.value)} disabled={busy} {...props} />
    </Field>
  );

  return (
    <Form label="Create account" onSubmit={() => void submit()}>
      <ErrorBar message={error} />
      <div className={styles.row}>
        {input('firstName', 'First Name', { autoComplete: 'given-name' })}
        {input('lastName', 'Last Name', { autoComplete: 'family-name' })}
      </div>
      {input('email', 'Email', { type: 'email', autoComplete: 'email' })}
      {input('phone', 'Phone Number', { type: 'tel', autoComplete: 'tel-national', placeholder: '(555) 123-4567' }, false)}
      {input('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
      {fields.password !== '' && <PasswordStrengthMeter password={fields.password} />}
      {input('confirmPassword', 'Confirm Password', { type: 'password', autoComplete: 'new-password' })}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
        <SocialButtons disabled={busy} onError={setError} caption="or sign up with" />
      </div>
      <p className={styles.footer}>
        Already have an account?{' '}
        <Link as="button" type="button" onClick={onSignIn}>
          Sign in
        </Link>
      </p>
    </Form>
  );
}
