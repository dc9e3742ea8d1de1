import { Field, Input } from '@fluentui/react-components';
import { VERIFICATION } from '../../../src-shared/domain/constants.ts';
import { sanitizeVerificationCode } from '../../../src-shared/domain/accounts/validation.ts';

/** A six-digit code field: digits only, at most six, as the mailed codes are. */
export function CodeInput(props: {
  value: string;
  onChange(code: string): void;
  error?: string;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <Field label={props.label ?? 'Verification Code'} required validationMessage={props.error}>
      <Input
        value={props.value}
        onChange={(_e, d) => props.onChange(sanitizeVerificationCode(d.value))}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="Enter 6-digit code"
        maxLength={VERIFICATION.codeLength}
        disabled={props.disabled}
      />
    </Field>
  );
}
