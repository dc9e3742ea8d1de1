import {
  Badge,
  Body1,
  Button,
  Card,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle1,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useId, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { toE164 } from '../../../src-shared/domain/accounts/phone.ts';
import { validateProfile, type ProfileFields } from '../../../src-shared/domain/accounts/validation.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useGoBack } from '../../components/use-go-back.ts';
import { guarded } from './pages.tsx';
import { auditProfile } from '../auth/accounts-api.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { errorMessage } from '../auth/error-message.ts';
import { afterDialogCloses } from './dialog-close.ts';
import { usePageStyles } from './page-styles.ts';
import { profileChanges } from './profile-model.ts';
import { UnsavedChangesDialog } from './UnsavedChangesDialog.tsx';
import { useProfile } from './use-profile.ts';
import { VerifyEmailDialog } from './VerifyEmailDialog.tsx';
import { busyFocusHolder } from '../../../src-shared/ui/busy-focus.ts';
import { useFirstInvalidFocus } from '../../components/use-first-invalid-focus.ts';
import { ErrorBar, SuccessBar } from '../../../src-shared/ui/MessageBars.tsx';

const useStyles = makeStyles({
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  loading: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXL,
  },
});

const EMPTY: ProfileFields = { firstName: '', lastName: '', email: '', phoneNumber: '' };
const fieldsOf = (profile: ProfileFields): ProfileFields => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: profile.email,
  phoneNumber: profile.phoneNumber,
});
const same = (a: ProfileFields, b: ProfileFields) => Object.keys(profileChanges(a, b)).length === 0;

/** /profile: the settings form, its save paths and checks (tests/web/accounts/profile.test.tsx). */
export function ProfilePage() {
  const page = usePageStyles();
  const styles = useStyles();
  const { user, freshTokens, identity, updateLocalUser, refreshProfile } = useAuth();
  const { profile, setProfile, loadError, slow, reload } = useProfile();
  const [form, setForm] = useState<ProfileFields>(EMPTY);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The first field a save found wrong: its message shows under it, and it takes the focus. */
  const [invalid, setInvalid] = useState<ReturnType<typeof validateProfile>>();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFirstInvalidFocus(formRef);
  const problem = (field: keyof ProfileFields) => (invalid?.field === field ? invalid.message : undefined);
  const [success, setSuccess] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const title = useId();
  useDocumentTitle('Profile Settings');

  // A (re)loaded profile replaces the form unless the user is editing it (state derived during render).
  const [loaded, setLoaded] = useState<ProfileFields | null>(null);
  const [seenProfile, setSeenProfile] = useState<typeof profile>(null);
  if (profile !== seenProfile) {
    setSeenProfile(profile);
    if (profile) {
      const next = fieldsOf(profile);
      setLoaded(next);
      if (loaded === null || same(form, loaded)) setForm(next);
    }
  }

  const changed = loaded !== null && !same(form, loaded);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changed && !saving && currentLocation.pathname !== nextLocation.pathname,
  );

  // The phone is kept as typed (a number from abroad with its +country code, too): formatting as
  // a US number while typing is the sign-up form's rule, and would rewrite any other number.
  const set = (field: keyof ProfileFields) => (value: string) => {
    setForm((previous) => ({ ...previous, [field]: value }));
    setInvalid((current) => (current?.field === field ? undefined : current));
    setSuccess(null);
  };

  const save = async () => {
    if (!loaded || !profile) return;
    setError(null);
    setSuccess(null);
    const found = validateProfile(form);
    setInvalid(found);
    if (found) {
      focusFirstInvalid();
      return;
    }
    const tokens = await freshTokens();
    if (!tokens) {
      setError(ACCOUNT_MESSAGES.noAccessToken);
      return;
    }
    const changes = profileChanges(loaded, form);
    const emailChanged = changes.email !== undefined;
    setSaving(true);
    try {
      if (user?.socialProvider) {
        // Social accounts: the provider owns the email; other changes stay in this session.
        if (emailChanged) {
          setError(ACCOUNT_MESSAGES.socialEmailChangeRefused);
          return;
        }
        const name = `${form.firstName.trim()} ${form.lastName.trim()}`.trim();
        updateLocalUser({ givenName: form.firstName.trim(), familyName: form.lastName.trim(), name, email: form.email.trim() });
        setLoaded(form);
        setSuccess(ACCOUNT_MESSAGES.socialLocalUpdate);
      } else {
        const attributes: Record<string, string> = { given_name: form.firstName.trim(), family_name: form.lastName.trim() };
        if (form.phoneNumber.trim() !== '') attributes.phone_number = toE164(form.phoneNumber);
        // A cleared field removes the stored number (a blank value deletes it, as in Cognito);
        // leaving it out would keep the number while saying the profile was updated.
        else if (loaded.phoneNumber.trim() !== '') attributes.phone_number = '';
        if (emailChanged) attributes.email = form.email.trim();
        await (await identity()).updateUserAttributes(tokens.accessToken, attributes);
        setLoaded(form);
        if (emailChanged) {
          setPendingEmail(form.email.trim());
          setVerifying(true);
          setSuccess(ACCOUNT_MESSAGES.profileUpdatedVerifyEmail);
        } else {
          setSuccess(ACCOUNT_MESSAGES.profileUpdated);
          void refreshProfile().catch((failure: unknown) => console.warn('Profile refresh failed', failure));
        }
      }
      // The audit never blocks the save: the server already recorded the change.
      auditProfile(tokens.idToken, changes).catch((failure: unknown) => console.warn('Profile audit failed', failure));
    } catch (failure) {
      setError(errorMessage(failure, ACCOUNT_MESSAGES.profileUpdateFailed));
    } finally {
      setSaving(false);
    }
  };

  const verifyEmail = async (code: string) => {
    const tokens = await freshTokens();
    if (!tokens) throw new Error(ACCOUNT_MESSAGES.noAccessToken);
    await (await identity()).verifyUserAttribute(tokens.accessToken, 'email', code);
    setVerifying(false);
    setPendingEmail(null);
    setProfile((previous) => (previous ? { ...previous, emailVerified: true } : previous));
    setSuccess(ACCOUNT_MESSAGES.emailVerified);
    await reload();
    await refreshProfile().catch((failure: unknown) => console.warn('Profile refresh failed', failure));
  };

  const resendCode = async () => {
    const tokens = await freshTokens();
    if (!tokens) throw new Error(ACCOUNT_MESSAGES.noAccessToken);
    await (await identity()).sendUserAttributeCode(tokens.accessToken, 'email');
  };

  const leave = useGoBack(PATHS.dashboard);
  const verified = profile?.emailVerified === true && pendingEmail === null;

  return (
    <div className={`${page.page} ${page.narrow}`}>
      <div className={page.header}>
        <Title2 as="h1" id={title} className={page.title}>
          Profile Settings
        </Title2>
        <Button appearance="subtle" icon={<DismissRegular />} onClick={leave}>
          Close
        </Button>
      </div>
      <ErrorBar message={error} />
      <SuccessBar message={success} />
      {!profile && !loadError && (
        <Card className={styles.loading}>
          <Spinner label="Loading your profile…" />
          {slow && <Body1>{ACCOUNT_MESSAGES.profileSlow}</Body1>}
        </Card>
      )}
      {loadError && !profile && <ErrorBar message={loadError} />}
      {profile && (
        // Its fields and buttons disabled while it saves, it keeps their focus, and gives it back (busy-focus.ts).
        <form
          ref={formRef}
          noValidate
          aria-labelledby={title}
          tabIndex={-1}
          {...busyFocusHolder('return')}
          className={page.section}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Card className={page.card}>
            <Subtitle1 as="h2">Personal Information</Subtitle1>
            <div className={page.grid2}>
              <Field label="First Name" required validationMessage={problem('firstName')}>
                <Input
                  value={form.firstName}
                  onChange={(_e, d) => set('firstName')(d.value)}
                  autoComplete="given-name"
                  disabled={saving}
                />
              </Field>
              <Field label="Last Name" required validationMessage={problem('lastName')}>
                <Input
                  value={form.lastName}
                  onChange={(_e, d) => set('lastName')(d.value)}
                  autoComplete="family-name"
                  disabled={saving}
                />
              </Field>
            </div>
            <Field label="Email Address" required validationMessage={problem('email')}>
              <Input
                type="email"
                value={form.email}
                onChange={(_e, d) => set('email')(d.value)}
                autoComplete="email"
                disabled={saving}
                contentAfter={
                  <Badge appearance="tint" color={verified ? 'success' : 'warning'} size="small">
                    {verified ? 'Verified' : 'Unverified'}
                  </Badge>
                }
              />
            </Field>
            <Field label="Phone Number" validationMessage={problem('phoneNumber')}>
              <Input
                type="tel"
                value={form.phoneNumber}
                onChange={(_e, d) => set('phoneNumber')(d.value)}
                placeholder="(555) 123-4567"
                autoComplete="tel"
                disabled={saving}
              />
            </Field>
          </Card>

          <Card className={page.card}>
            <Subtitle1 as="h2">Account Security</Subtitle1>
            <div className={styles.status}>
              <Text>Email verification:</Text>
              <Badge appearance="filled" color={verified ? 'success' : 'warning'}>
                {verified ? 'Verified' : pendingEmail ? 'Pending verification' : 'Unverified'}
              </Badge>
            </div>
            {!verified && pendingEmail === null && (
              <MessageBar intent="warning">
                <MessageBarBody>{ACCOUNT_MESSAGES.unverifiedWarning}</MessageBarBody>
              </MessageBar>
            )}
            {pendingEmail && !verifying && (
              <Button appearance="secondary" onClick={() => setVerifying(true)}>
                Enter the code sent to {pendingEmail}
              </Button>
            )}
          </Card>

          <div className={page.actions}>
            <Button type="button" onClick={leave} disabled={saving}>
              Cancel
            </Button>
            <Button type="button" onClick={() => loaded && setForm(loaded)} disabled={!changed || saving}>
              Reset Changes
            </Button>
            <Button type="submit" appearance="primary" disabled={!changed || saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      )}
      {/* Always mounted, opened and closed: Fluent's modal hands the page back to assistive technology on close. */}
      <VerifyEmailDialog
        open={verifying && pendingEmail !== null}
        email={pendingEmail ?? ''}
        onVerify={verifyEmail}
        onResend={resendCode}
        onCancel={() => setVerifying(false)}
      />
      <UnsavedChangesDialog
        open={blocker.state === 'blocked' && !leaving}
        onStay={() => blocker.reset?.()}
        onLeave={() => {
          setLeaving(true);
          void afterDialogCloses().then(() => blocker.proceed?.());
        }}
      />
    </div>
  );
}

/** The page behind its sign-in guard, as the router mounts it. */
export const ProfileRoute = guarded(ProfilePage);
