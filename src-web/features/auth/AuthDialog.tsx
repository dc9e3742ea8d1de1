import { DialogBody, DialogContent, DialogSurface, DialogTitle, Button, makeStyles } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { INTERFACE } from '../../../src-shared/domain/constants.ts';
import { ConfirmSignUpForm } from './ConfirmSignUpForm.tsx';
import type { AuthDialogProps } from './dialog-view.ts';
import { ForgotPasswordForm, ResetPasswordForm } from './ResetPasswordForms.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm, type PendingSignUp, type SignUpDraft } from './SignUpForm.tsx';
import { ModalDialog } from '../../../src-shared/ui/ModalDialog.tsx';

const useStyles = makeStyles({
  surface: {
    maxWidth: `${INTERFACE.authModalWidthPx}px`,
    maxHeight: 'calc(100dvh - 24px)',
    overflowY: 'auto',
  },
});

type View =
  | { name: 'signin'; email?: string }
  | { name: 'signup'; draft?: Partial<SignUpDraft> }
  /** `draft`: the sign-up form as typed, for "Back to sign up" (none when the sign-in form led here). */
  | { name: 'confirm'; pending: PendingSignUp; draft?: SignUpDraft }
  | { name: 'forgot'; email: string }
  | { name: 'reset'; email: string };

const TITLES: Record<View['name'], string> = {
  signin: 'Welcome Back',
  signup: 'Create Account',
  confirm: 'Verify Email',
  forgot: 'Reset Password',
  reset: 'Choose a New Password',
};

function firstView(view: AuthDialogProps['initialView']): View {
  if (view === 'forgot') return { name: 'forgot', email: '' };
  return { name: view };
}

/** The authentication modal, 420 px wide: sign in, sign up, verify email, reset password. */
export function AuthDialog(props: AuthDialogProps) {
  const styles = useStyles();
  const [view, setView] = useState<View>(firstView(props.initialView));

  return (
    <ModalDialog open={props.open} onDismiss={props.onClose}>
      <DialogSurface className={styles.surface} aria-label={TITLES[view.name]}>
        <DialogBody>
          <DialogTitle
            action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={props.onClose} />}
          >
            {TITLES[view.name]}
          </DialogTitle>
          <DialogContent>
            {view.name === 'signin' && (
              <SignInForm
                initialError={props.initialError}
                initialNotice={props.initialNotice}
                initialEmail={view.email}
                onSignUp={() => setView({ name: 'signup' })}
                onForgotPassword={(email) => setView({ name: 'forgot', email })}
                onUnconfirmed={(email, password) =>
                  setView({ name: 'confirm', pending: { email, password, firstName: '', lastName: '', phone: '' } })
                }
              />
            )}
            {view.name === 'signup' && (
              <SignUpForm
                draft={view.draft}
                onSignIn={() => setView({ name: 'signin' })}
                onSignedUp={(pending, draft) => setView({ name: 'confirm', pending, draft })}
              />
            )}
            {view.name === 'confirm' && (
              <ConfirmSignUpForm
                pending={view.pending}
                source={props.source}
                onBack={() => setView({ name: 'signup', draft: view.draft ?? { email: view.pending.email } })}
              />
            )}
            {view.name === 'forgot' && (
              <ForgotPasswordForm
                initialEmail={view.email}
                onCodeSent={(email) => setView({ name: 'reset', email })}
                onBack={() => setView({ name: 'signin', email: view.email })}
              />
            )}
            {view.name === 'reset' && (
              <ResetPasswordForm email={view.email} onBack={() => setView({ name: 'signin', email: view.email })} />
            )}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </ModalDialog>
  );
}
