import { Field, Input } from '@fluentui/react-components';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  disabled: boolean;
  /** 'current-password' when asking for the password the user has, so managers fill it in. */
  autoComplete: 'current-password' | 'new-password';
}

/** A required password input with its validation message. */
export function PasswordField({ label, value, onChange, error, disabled, autoComplete }: PasswordFieldProps) {
  return (
    <Field label={label} required validationMessage={error}>
      <Input
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(_e, d) => onChange(d.value)}
        disabled={disabled}
      />
    </Field>
  );
}

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword(value: string): void;
  onConfirmation(value: string): void;
  errors: { password?: string | undefined; confirmation?: string | undefined };
  disabled: boolean;
}

/** A new password with its strength meter, then its confirmation. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors,
  disabled,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="New Password"
        value={password}
        onChange={onPassword}
        error={errors.password}
        disabled={disabled}
        autoComplete="new-password"
      />
      {password !== '' && <PasswordStrengthMeter password={password} />}
      <PasswordField
        label="Confirm New Password"
        value={confirmation}
        onChange={onConfirmation}
        error={errors.confirmation}
        disabled={disabled}
        autoComplete="new-password"
      />
    </>
  );
}
