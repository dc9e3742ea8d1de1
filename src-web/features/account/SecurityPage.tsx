import {
  Badge,
  Body1,
  Button,
  Card,
  Spinner,
  Subtitle1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
} from '@fluentui/react-components';
import { useId, useRef, useState } from 'react';
import type { RecentSignIn } from '../../../src-shared/domain/accounts/api.ts';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { validateNewPassword, validatePasswordConfirmation } from '../../../src-shared/domain/accounts/validation.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useFirstInvalidFocus } from '../../components/use-first-invalid-focus.ts';
import { guarded } from './pages.tsx';
import { getRecentSignIns } from '../auth/accounts-api.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { errorMessage } from '../auth/error-message.ts';
import { NewPasswordFields, PasswordField } from '../auth/password-fields.tsx';
import { usePageStyles } from './page-styles.ts';
import { useAccountRead } from './use-account-read.ts';
import { busyFocusHolder } from '../../../src-shared/ui/busy-focus.ts';
import { ErrorBar, SuccessBar } from '../../../src-shared/ui/MessageBars.tsx';

const METHOD_LABELS: Record<RecentSignIn['method'], string> = { password: 'Password', google: 'Google', microsoft: 'Microsoft' };

function ChangePasswordCard() {
  const page = usePageStyles();
  const { user, freshTokens, identity } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirmation?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFirstInvalidFocus(formRef);
  const title = useId();

  if (user?.socialProvider) {
    return (
      <Card className={page.card}>
        <Subtitle1 as="h2">Password</Subtitle1>
        <Body1>
          You sign in with {user.socialProvider === 'google' ? 'Google' : 'Microsoft'}; your password is managed there.
        </Body1>
      </Card>
    );
  }

  const submit = async () => {
    const found = {
      current: current === '' ? ACCOUNT_MESSAGES.passwordRequired : undefined,
      next: validateNewPassword(next),
      confirmation: validatePasswordConfirmation(next, confirmation),
    };
    setErrors(found);
    setSuccess(null);
    if (found.current || found.next || found.confirmation) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const tokens = await freshTokens();
      if (!tokens) throw new Error(ACCOUNT_MESSAGES.noAccessToken);
      await (await identity()).changePassword(tokens.accessToken, current, next);
      setCurrent('');
      setNext('');
      setConfirmation('');
      // The pool ends no session on a change (Cognito's ChangePassword): say so, and what does.
      setSuccess(
        'Your password has been changed. Devices already signed in stay signed in: to sign them out, use Sign out of all devices below.',
      );
    } catch (failure) {
      setError(errorMessage(failure, 'Password change failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={page.card}>
      <Subtitle1 as="h2" id={title}>
        Change Password
      </Subtitle1>
      {/* Its fields and button disabled while it sends, it keeps their focus, and gives it back (busy-focus.ts). */}
      <form
        ref={formRef}
        noValidate
        aria-labelledby={title}
        tabIndex={-1}
        {...busyFocusHolder('return')}
        className={page.section}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ErrorBar message={error} />
        <SuccessBar message={success} />
        <PasswordField
          label="Current Password"
          value={current}
          onChange={setCurrent}
          error={errors.current}
          disabled={busy}
          autoComplete="current-password"
        />
        <NewPasswordFields
          password={next}
          confirmation={confirmation}
          onPassword={setNext}
          onConfirmation={setConfirmation}
          errors={{ password: errors.next, confirmation: errors.confirmation }}
          disabled={busy}
        />
        <div className={page.actions}>
          <Button type="submit" appearance="primary" disabled={busy}>
            {busy ? 'Changing...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function RecentSignInsCard() {
  const page = usePageStyles();
  const read = useAccountRead(getRecentSignIns, 'Recent sign-ins could not be loaded');
  const signIns = read.data?.signIns;
  return (
    <Card className={page.card}>
      <Subtitle1 as="h2">Recent Sign-ins</Subtitle1>
      <ErrorBar message={read.error} onRetry={read.retry} />
      {!signIns && !read.error && <Spinner size="small" label="Loading…" />}
      {signIns?.length === 0 && <Body1>No sign-ins recorded yet.</Body1>}
      {signIns && signIns.length > 0 && (
        <Table size="small" aria-label="Recent sign-ins">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Time</TableHeaderCell>
              <TableHeaderCell>Method</TableHeaderCell>
              <TableHeaderCell>Device</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {signIns.map((signIn) => (
              <TableRow key={signIn.id}>
                <TableCell>{new Date(signIn.at).toLocaleString()}</TableCell>
                <TableCell>{METHOD_LABELS[signIn.method]}</TableCell>
                <TableCell>{signIn.client}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

function SignOutEverywhereCard() {
  const page = usePageStyles();
  const { freshTokens, identity, signOut } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = useId();
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const tokens = await freshTokens();
      if (!tokens) throw new Error(ACCOUNT_MESSAGES.noAccessToken);
      await (await identity()).globalSignOut(tokens.accessToken);
      await signOut();
    } catch (failure) {
      setError(errorMessage(failure, 'Sign out of all devices failed'));
      setBusy(false);
    }
  };
  return (
    <Card className={page.card} role="group" aria-labelledby={title} tabIndex={-1} {...busyFocusHolder('return')}>
      <Subtitle1 as="h2" id={title}>
        Devices
      </Subtitle1>
      <Body1>Signs you out everywhere, including this browser. You will need to sign in again.</Body1>
      <ErrorBar message={error} />
      <div>
        <Button onClick={() => void run()} disabled={busy}>
          {busy ? 'Signing out...' : 'Sign out of all devices'}
        </Button>
      </div>
    </Card>
  );
}

/** /security: password, devices, email verification and recent sign-ins. */
export function SecurityPage() {
  const page = usePageStyles();
  const { user } = useAuth();
  useDocumentTitle('Security');
  return (
    <div className={`${page.page} ${page.narrow}`}>
      <div className={page.heading}>
        <Title2 as="h1" className={page.title}>
          Security
        </Title2>
        <Body1 className={page.subtitle}>Keep your account safe.</Body1>
      </div>
      <Card className={page.card}>
        <Subtitle1 as="h2">Email Verification</Subtitle1>
        <Text className={page.longText}>
          {user?.email}{' '}
          <Badge appearance="filled" color={user?.emailVerified ? 'success' : 'warning'}>
            {user?.emailVerified ? 'Verified' : 'Unverified'}
          </Badge>
        </Text>
      </Card>
      <ChangePasswordCard />
      <SignOutEverywhereCard />
      <RecentSignInsCard />
    </div>
  );
}

/** The page behind its sign-in guard, as the router mounts it. */
export const SecurityRoute = guarded(SecurityPage);
