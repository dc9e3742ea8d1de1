import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { validateNewPassword, validatePasswordConfirmation } from '../../../src-shared/domain/accounts/validation.ts';
import { useSession } from './session-context.tsx';
import { BackLink, Form, useFormStyles } from './form-parts.tsx';
import { NewPasswordFields } from './password-fields.tsx';
import { useSubmission } from './use-submission.ts';
import { ErrorBar } from '../../../src-shared/ui/MessageBars.tsx';

/**
 * "Set a new password": the first sign-in of a user an operator invited, whose password was
 * temporary. Answers the NEW_PASSWORD_REQUIRED challenge, then the session starts as after
 * any sign-in.
 */
export function NewPasswordForm({ email, session, onBack }: { email: string; session: string; onBack(): void }) {
  const styles = useFormStyles();
  const { identity, startSession } = useSession();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string | undefined; confirmation?: string | undefined }>({});
  const { busy, error, run } = useSubmission();

  const submit = async () => {
    const found = {
      password: validateNewPassword(password),
      confirmation: validatePasswordConfirmation(password, confirmation),
    };
    setErrors(found);
    if (found.password || found.confirmation) return;
    await run(
      async () => startSession(await (await identity()).completeNewPassword(email, session, password), 'password'),
      ACCOUNT_MESSAGES.signInFailed,
    );
  };

  return (
    <Form label="Set a new password" onSubmit={() => void submit()}>
      <p className={styles.intro}>
        Welcome! You signed in as <strong>{email}</strong> with a temporary password. Choose your own password to continue.
      </p>
      <ErrorBar message={error} />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        errors={errors}
        disabled={busy}
      />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {busy ? 'Saving...' : 'Set Password'}
        </Button>
      </div>
      <BackLink onBack={onBack}>Back to sign in</BackLink>
    </Form>
  );
}
