import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityError, type TokenSet } from '../../../src-shared/api/identity/types.ts';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { STORAGE_KEYS } from '../../../src-shared/domain/constants.ts';
import { FORGOT_PASSWORD_LINK } from '../../../src-shared/domain/routes.ts';
import { FakeIdentity } from './fake-identity.ts';
import { renderApp, stubServerApi, type ApiCall } from './render-app.tsx';
import { passSeconds } from '../support/pass-seconds.ts';

let identity: FakeIdentity;
let api: ApiCall[];
beforeEach(() => {
  identity = new FakeIdentity();
  api = stubServerApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
});

const dialog = () => screen.findByRole('dialog');
const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

async function openSignUp() {
  const user = userEvent.setup();
  renderApp(identity);
  await user.click(screen.getByRole('button', { name: 'Get Started' }));
  await dialog();
  await screen.findByRole('heading', { name: 'Create Account' });
  return user;
}

/** Fills the sign-up form as a visitor types it; the password goes in both password fields. */
async function fillSignUp(
  user: ReturnType<typeof userEvent.setup>,
  values: { firstName: string; lastName: string; email: string; phone?: string; password: string },
) {
  await user.type(field(/^First Name/), values.firstName);
  await user.type(field(/^Last Name/), values.lastName);
  await user.type(field(/^Email/), values.email);
  if (values.phone) await user.type(field(/^Phone Number/), values.phone);
  await user.type(field(/^Password/), values.password);
  await user.type(field(/^Confirm Password/), values.password);
}

/** `email`'s account asks for a reset code and fills in the code (123456) and Brand-New-9! twice. */
async function filledResetForm(email: string) {
  identity.addUser(email);
  const user = userEvent.setup();
  renderApp(identity);
  await askForResetCode(user, email);
  await user.type(field(/^Verification Code/), '123456');
  await user.type(field(/^New Password/), 'Brand-New-9!');
  await user.type(field(/^Confirm New Password/), 'Brand-New-9!');
  return user;
}

/** An account that was never confirmed signs in: the dialog moves on to Verify Email. */
async function openVerifyEmail() {
  identity.addUser('pending@example.com', { confirmed: false });
  renderApp(identity);
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  await dialog();
  fireEvent.change(field(/^Email/), { target: { value: 'pending@example.com' } });
  fireEvent.change(field(/^Password/), { target: { value: 'Secret123!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Verify Email' });
}

/** From the Login dialog to the reset form's second step for `email`: the code has been sent. */
async function askForResetCode(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Reset it here' }));
  await screen.findByRole('heading', { name: 'Reset Password' });
  await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
  await screen.findByText('Choose a New Password');
}

describe('sign up → verify email → signed in', { timeout: 20_000 }, () => {
  it('shows every validation message before calling the service', async () => {
    const user = await openSignUp();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    await user.type(field(/^Email/), 'ada@example');
    await user.type(field(/^Password/), 'short');
    await user.type(field(/^Confirm Password/), 'other');
    await user.type(field(/^Phone Number/), '12');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    await user.clear(field(/^Password/));
    await user.type(field(/^Password/), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Password must contain uppercase, lowercase, number, and special character')).toBeTruthy();
    expect(identity.ops('signUp')).toEqual([]);
  });

  it('meters the password and formats the phone as typed', async () => {
    const user = await openSignUp();
    await user.type(field(/^Password/), 'abcdefgh');
    expect(screen.getByTestId('password-strength-label').textContent).toBe('Good');
    expect(screen.getAllByRole('listitem').filter((item) => item.dataset.met === 'true')).toHaveLength(2);
    await user.type(field(/^Password/), 'A1!');
    expect(screen.getByTestId('password-strength-label').textContent).toBe('Strong');
    await user.type(field(/^Phone Number/), '5551234567');
    expect((field(/^Phone Number/) as HTMLInputElement).value).toBe('(555) 123-4567');
  });

  it('carries email, password and first name to Verify Email, confirms, signs in and records the sign-up', async () => {
    const user = await openSignUp();
    await fillSignUp(user, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '5551234567',
      password: 'Engine1843!',
    });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await screen.findByRole('heading', { name: 'Verify Email' });
    expect(identity.ops('signUp')).toEqual([
      [
        {
          email: 'ada@example.com',
          password: 'Engine1843!',
          givenName: 'Ada',
          familyName: 'Lovelace',
          phoneNumber: '+15551234567',
        },
      ],
    ]);
    expect(screen.getByText(/Thanks, Ada!/)).toBeTruthy();
    const verify = screen.getByRole('button', { name: 'Verify Email' }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    await user.type(field(/^Verification Code/), '12a34');
    expect((field(/^Verification Code/) as HTMLInputElement).value).toBe('1234');
    expect(verify.disabled).toBe(true);
    await user.type(field(/^Verification Code/), '99');
    await user.click(verify);
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid verification code provided, please try again.');

    await user.clear(field(/^Verification Code/));
    await user.type(field(/^Verification Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('user').textContent).toBe('Ada Lovelace <ada@example.com> verified');
    expect(identity.ops('signIn')).toEqual([['ada@example.com', 'Engine1843!']]);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-sub-1');
    await waitFor(() =>
      expect(api.find((call) => call.path === '/api/signup-leads')?.body).toMatchObject({ source: 'hero_cta' }),
    );
    expect(api.find((call) => call.path === '/api/audit-login')?.body).toMatchObject({ provider: 'password' });
  });

  it("'Wrong address? Back to sign up' gives back what was typed, the passwords blank", async () => {
    const user = await openSignUp();
    await fillSignUp(user, {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann.lee@exmaple.com',
      phone: '5551234567',
      password: 'Correct@Horse9',
    });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Verify Email' });
    await user.click(screen.getByRole('button', { name: 'Back to sign up' }));
    await screen.findByRole('heading', { name: 'Create Account' });
    const value = (name: RegExp) => (field(name) as HTMLInputElement).value;
    expect([/^First Name/, /^Last Name/, /^Email/, /^Phone Number/, /^Password/, /^Confirm Password/].map(value)).toEqual([
      'Ann',
      'Lee',
      'ann.lee@exmaple.com',
      '(555) 123-4567',
      '',
      '',
    ]);
  });

  it('when the sign-in after a good code fails once, Verify Email again only signs in', async () => {
    identity.addUser('pending@example.com', { confirmed: false });
    const user = userEvent.setup();
    renderApp(identity);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(/^Email/), 'pending@example.com');
    await user.type(field(/^Password/), 'Secret123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { name: 'Verify Email' });
    identity.failNext.set('signIn', new IdentityError('TooManyRequestsException', 'Too many requests, try again later.'));
    await user.type(field(/^Verification Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, try again later.');
    // Confirmed already: no code is left to resend.
    expect((screen.getByRole('button', { name: /Resend code/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    expect(identity.ops('confirmSignUp')).toEqual([['pending@example.com', '123456']]);
  });

  it('a code guessed wrong too often: Verify Email says to send a new one, not to wait', async () => {
    await openVerifyEmail();
    identity.failNext.set(
      'confirmSignUp',
      new IdentityError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    );
    fireEvent.change(field(/^Verification Code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code was entered wrong too many times. Use Resend code to get a new one.',
    );
  });

  it('an address that has an account goes on to Verify Email as a new one does (its owner is mailed instead)', async () => {
    identity.addUser('taken@example.com');
    const user = await openSignUp();
    await fillSignUp(user, { firstName: 'Ada', lastName: 'Lovelace', email: 'taken@example.com', password: 'Engine1843!' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Verify Email' });
    expect(screen.queryByRole('alert')).toBeNull();
    // The owner, who forgot the account, gets no code: the step says what their mail holds then.
    expect(screen.getByText(/If you already have an account with this address, the mail says so instead/)).toBeTruthy();
  });

  it('shows the service message, else the fallback', async () => {
    const user = await openSignUp();
    await fillSignUp(user, { firstName: 'Ada', lastName: 'Lovelace', email: 'new@example.com', password: 'Engine1843!' });
    identity.failNext.set('signUp', new IdentityError('TooManyRequestsException', 'Too many requests, try again later.'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, try again later.');
    identity.failNext.set('signUp', new IdentityError('InternalErrorException', ''));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Sign up failed'));
  });
});

describe('resend cooldown', { timeout: 20_000 }, () => {
  it('disables Resend for 60 s after each resend, counting down', async () => {
    await openVerifyEmail();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    const resend = () => screen.getByRole('button', { name: /Resend code/ }) as HTMLButtonElement;
    expect(resend().textContent).toBe('Resend code in 60s');
    expect(resend().disabled).toBe(true);
    await passSeconds(30);
    expect(resend().textContent).toBe('Resend code in 30s');
    await passSeconds(30);
    expect(resend().textContent).toBe('Resend code');
    expect(resend().disabled).toBe(false);
    expect(identity.ops('resendConfirmationCode')).toEqual([['pending@example.com']]);
  });
});

describe('sign in', { timeout: 20_000 }, () => {
  it('validates, then shows the service message, a challenge, or the fallback', async () => {
    identity.addUser('ada@example.com');
    const user = userEvent.setup();
    renderApp(identity);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await user.type(field(/^Email/), 'ada@example.com');
    await user.type(field(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password.');
    identity.failNext.set('signIn', new IdentityError('ChallengeRequired', 'Challenge required: NEW_PASSWORD_REQUIRED'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Challenge required: NEW_PASSWORD_REQUIRED'));
    identity.failNext.set('signIn', new IdentityError('Unknown', ''));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Sign in failed'));
  });

  it('reports a password sign-in as password, even for an account linked to Google', async () => {
    identity.addUser('linda@example.com', { identities: [{ providerName: 'Google', userId: 'g-linda' }] });
    const user = userEvent.setup();
    renderApp(identity);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(/^Email/), 'linda@example.com');
    await user.type(field(/^Password/), 'Secret123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(api.find((call) => call.path === '/api/audit-login')?.body).toMatchObject({ provider: 'password' }),
    );
  });

  it("'Reset it here' sends a code, sets a new password with the sign-up rules and signs in", async () => {
    identity.addUser('ada@example.com');
    const user = userEvent.setup();
    renderApp(identity);
    await askForResetCode(user, 'ada@example.com');
    expect(identity.ops('forgotPassword')).toEqual([['ada@example.com']]);
    await user.type(field(/^Verification Code/), '123456');
    await user.type(field(/^New Password/), 'weakpass');
    await user.type(field(/^Confirm New Password/), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Password must contain uppercase, lowercase, number, and special character')).toBeTruthy();
    await user.clear(field(/^New Password/));
    await user.clear(field(/^Confirm New Password/));
    await user.type(field(/^New Password/), 'Brand-New-9!');
    await user.type(field(/^Confirm New Password/), 'Brand-New-9!');
    identity.failNext.set('confirmForgotPassword', new IdentityError('X', ''));
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Password reset failed'));
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    expect(identity.users.get('ada@example.com')?.password).toBe('Brand-New-9!');
  });

  it('when the sign-in after a reset fails once, Reset Password again only signs in (the code has been used)', async () => {
    const user = await filledResetForm('ada@example.com');
    identity.failNext.set('signIn', new IdentityError('TooManyRequestsException', 'Too many requests, try again later.'));
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, try again later.');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    expect(identity.ops('confirmForgotPassword')).toEqual([['ada@example.com', '123456', 'Brand-New-9!']]);
  });

  it('a code guessed wrong too often: says to send a new one (not to wait), and Resend code sends it, then counts down', async () => {
    const user = await filledResetForm('ada@example.com');
    // Cognito's words for a dead code; waiting never revives it.
    identity.failNext.set(
      'confirmForgotPassword',
      new IdentityError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    );
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code was entered wrong too many times. Use Resend code to get a new one.',
    );
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A new code is on its way to ada@example.com.')).toBeTruthy();
    expect(identity.ops('forgotPassword')).toEqual([['ada@example.com'], ['ada@example.com']]);
    const resend = screen.getByRole('button', { name: /Resend code/ }) as HTMLButtonElement;
    expect(resend.textContent).toBe('Resend code in 60s');
    expect(resend.disabled).toBe(true);
  });

  it('opens on the reset step from the link the pool’s sign-in page gives, and drops the link from the address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(identity, FORGOT_PASSWORD_LINK);
    await screen.findByRole('heading', { name: 'Reset Password' });
    expect(router.state.location.search).toBe('');
    await user.type(field(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await screen.findByText('Choose a New Password');
    expect(identity.ops('forgotPassword')).toEqual([['ada@example.com']]);
  });

  it('uses the reset fallback when the request fails without a message', async () => {
    identity.failNext.set('forgotPassword', new IdentityError('X', ''));
    const user = userEvent.setup();
    renderApp(identity);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: 'Reset it here' }));
    await user.type(field(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password reset request failed');
  });
});

describe('session', () => {
  it('restores the stored session on load and signs out clearing all three tokens and revoking the refresh token', async () => {
    const tokens = identity.tokensFor(identity.addUser('ada@example.com'));
    localStorage.setItem('accessToken', tokens.accessToken);
    localStorage.setItem('idToken', tokens.idToken);
    localStorage.setItem('refreshToken', tokens.refreshToken);
    const user = userEvent.setup();
    renderApp(identity, '/dashboard');
    expect(await screen.findByText('Welcome back, Ada Lovelace')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect([localStorage.getItem('accessToken'), localStorage.getItem('idToken'), localStorage.getItem('refreshToken')]).toEqual([
      null,
      null,
      null,
    ]);
    await waitFor(() => expect(identity.ops('revokeToken')).toEqual([[tokens.refreshToken]]));
  });

  it('signs out a stored session whose access token cannot use the account pages (no aws.cognito.signin.user.admin)', async () => {
    // A social sign-in made before the web app asked for the scope: the pool would refuse its GetUser.
    const tokens = identity.tokensFor(identity.addUser('ada@example.com'), 'openid email profile');
    localStorage.setItem('accessToken', tokens.accessToken);
    localStorage.setItem('idToken', tokens.idToken);
    localStorage.setItem('refreshToken', tokens.refreshToken);
    renderApp(identity, '/profile');
    expect(screen.getByTestId('status').textContent).toBe('signed-out');
    expect(localStorage.getItem('accessToken')).toBeNull();
    // The guarded page asks them to sign in again.
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('removes tokens it cannot parse', async () => {
    localStorage.setItem('accessToken', 'garbage');
    localStorage.setItem('idToken', 'garbage');
    renderApp(identity);
    expect(screen.getByTestId('status').textContent).toBe('signed-out');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('renews tokens about to expire with the refresh token before using them', async () => {
    identity.lifetimeSeconds = 60;
    const tokens = identity.tokensFor(identity.addUser('ada@example.com'));
    identity.lifetimeSeconds = 3600;
    localStorage.setItem('accessToken', tokens.accessToken);
    localStorage.setItem('idToken', tokens.idToken);
    localStorage.setItem('refreshToken', tokens.refreshToken);
    renderApp(identity);
    expect(screen.getByTestId('status').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-in'));
    expect(identity.ops('refresh')).toEqual([[tokens.refreshToken]]);
    expect(localStorage.getItem('accessToken')).not.toBe(tokens.accessToken);
  });

  it('keeps the new refresh token a pool with rotation renews with, for the next renewal', async () => {
    identity.rotateRefreshTokens = true;
    identity.lifetimeSeconds = 60;
    const tokens = identity.tokensFor(identity.addUser('ada@example.com'));
    identity.lifetimeSeconds = 3600;
    localStorage.setItem('accessToken', tokens.accessToken);
    localStorage.setItem('idToken', tokens.idToken);
    localStorage.setItem('refreshToken', tokens.refreshToken);
    renderApp(identity);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-in'));
    expect(identity.ops('refresh')).toEqual([[tokens.refreshToken]]);
    expect(localStorage.getItem('refreshToken')).toBe(`${tokens.refreshToken}~1`);
  });

  it('reads the profile again about 100 ms after the tab becomes visible', async () => {
    const stored = identity.addUser('ada@example.com');
    const tokens = identity.tokensFor(stored);
    localStorage.setItem('accessToken', tokens.accessToken);
    localStorage.setItem('idToken', tokens.idToken);
    renderApp(identity);
    stored.attributes.given_name = 'Augusta';
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(screen.getByTestId('user').textContent).toContain('Augusta Lovelace'));
  });
});

/** Stores `tokens` as the app does (none: signed out) and, unless `quietly`, lets this tab hear of it as another tab's change. */
function otherTabStores(tokens: TokenSet | null, { quietly = false } = {}) {
  for (const key of ['accessToken', 'idToken', 'refreshToken'] as const) {
    const value = tokens?.[key] ?? null;
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    if (!quietly)
      act(() => void window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage })));
  }
}

/** Holds renewals until `release()`; `asked` counts them. */
function holdRenewals() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const refresh = identity.refresh.bind(identity);
  const renewals = { asked: 0, release: () => release() };
  identity.refresh = async (refreshToken) => {
    renewals.asked += 1;
    await held;
    return refresh(refreshToken);
  };
  return renewals;
}

describe('one session for every tab', () => {
  const shown = () => screen.getByTestId('user').textContent;
  const stored = () => localStorage.getItem('idToken');

  it("follows another tab's sign-in as someone else, then its sign-out", async () => {
    const ada = identity.tokensFor(identity.addUser('ada@example.com'));
    otherTabStores(ada, { quietly: true });
    renderApp(identity);
    expect(shown()).toBe('Ada Lovelace <ada@example.com> verified');
    const bob = identity.tokensFor(identity.addUser('bob@example.com', { attributes: { given_name: 'Bob', family_name: 'Li' } }));
    otherTabStores(bob);
    expect(shown()).toBe('Bob Li <bob@example.com> verified');
    otherTabStores(null);
    expect(screen.getByTestId('status').textContent).toBe('signed-out');
    expect(shown()).toBe('nobody');
  });

  it("a failed renewal leaves another tab's newer session in storage, and shows it", async () => {
    identity.lifetimeSeconds = 60;
    const ada = identity.tokensFor(identity.addUser('ada@example.com'));
    identity.lifetimeSeconds = 3600;
    otherTabStores(ada, { quietly: true });
    const renewals = holdRenewals();
    renderApp(identity);
    await waitFor(() => expect(renewals.asked).toBe(1));
    // Meanwhile another tab signs out (revoking Ada's session) and signs Bob in; this tab has not heard yet.
    const bob = identity.tokensFor(identity.addUser('bob@example.com', { attributes: { given_name: 'Bob', family_name: 'Li' } }));
    otherTabStores(bob, { quietly: true });
    identity.failNext.set('refresh', new IdentityError('NotAuthorizedException', 'Refresh Token has been revoked'));
    renewals.release();
    await waitFor(() => expect(shown()).toBe('Bob Li <bob@example.com> verified'));
    expect(stored()).toBe(bob.idToken);
  });

  it('a failed renewal of the session storage still holds ends it', async () => {
    identity.lifetimeSeconds = 60;
    otherTabStores(identity.tokensFor(identity.addUser('ada@example.com')), { quietly: true });
    identity.failNext.set('refresh', new IdentityError('NotAuthorizedException', 'Refresh Token has been revoked'));
    renderApp(identity);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-out'));
    expect(stored()).toBeNull();
  });
});

describe('guarded routes', { timeout: 20_000 }, () => {
  it('sends a signed-out visitor to / with the sign-in dialog, and back after signing in', async () => {
    identity.addUser('ada@example.com');
    const user = userEvent.setup();
    renderApp(identity, '/dashboard');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(screen.getByTestId('where').textContent).toBe('/');
    await user.type(field(/^Email/), 'ada@example.com');
    await user.type(field(/^Password/), 'Secret123!');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back, Ada Lovelace')).toBeTruthy();
    for (const label of [
      'Total Candidates',
      'Active Jobs',
      'Placement Rate',
      'Security Score',
      'Recruitment Performance',
      'Recent Activities',
    ]) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.queryByText(ACCOUNT_MESSAGES.sessionEnded)).toBeNull();
  });

  it('a session that ends on a signed-in page (signed out in another tab) says so in the sign-in dialog, and comes back', async () => {
    otherTabStores(identity.tokensFor(identity.addUser('ada@example.com')), { quietly: true });
    const user = userEvent.setup();
    renderApp(identity, '/dashboard');
    expect(await screen.findByText('Welcome back, Ada Lovelace')).toBeTruthy();
    otherTabStores(null);
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(within(screen.getByRole('dialog')).getByRole('status').textContent).toBe(ACCOUNT_MESSAGES.sessionEnded);
    await user.type(field(/^Email/), 'ada@example.com');
    await user.type(field(/^Password/), 'Secret123!');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back, Ada Lovelace')).toBeTruthy();
  });
});

describe('social sign-in', () => {
  // A return loads its module on demand: more than a second when two cores also run the server tests.
  const RETURN = { timeout: 10_000 };

  it('exchanges the returned code, cleans the address and audits the login as google', async () => {
    const back = await identity.hostedReturnAddress({ code: 'good-code', keep: '1' });
    window.history.replaceState(null, '', back);
    renderApp(identity);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-in'), RETURN);
    expect(window.location.search).toBe('?keep=1');
    const state = new URLSearchParams(back.split('?')[1]).get('state');
    expect(identity.ops('exchangeCode')).toEqual([['good-code', state, window.location.origin]]);
    expect(screen.getByTestId('user').textContent).toContain('verified');
    await waitFor(() => expect(api.find((call) => call.path === '/api/audit-login')?.body).toMatchObject({ provider: 'google' }));
  });

  it("shows 'OAuth sign-in failed. Please try again.' when the hosted sign-in comes back refused", async () => {
    const back = await identity.hostedReturnAddress({ error: 'access_denied', error_description: 'Not verified', keep: '1' });
    window.history.replaceState(null, '', back);
    renderApp(identity);
    expect((await screen.findByRole('alert', undefined, RETURN)).textContent).toBe('OAuth sign-in failed. Please try again.');
    expect(window.location.search).toBe('?keep=1');
    expect(identity.ops('exchangeCode')).toEqual([]);
  });

  it("shows 'OAuth sign-in failed. Please try again.' when the exchange fails", async () => {
    window.history.replaceState(null, '', await identity.hostedReturnAddress({ code: 'bad-code' }));
    renderApp(identity);
    expect((await screen.findByRole('alert', undefined, RETURN)).textContent).toBe('OAuth sign-in failed. Please try again.');
    expect(window.location.search).toBe('');
    expect(screen.getByTestId('status').textContent).toBe('signed-out');
  });

  /** A signed-in customer, with the tab's own hosted sign-in still pending. */
  async function signedInWithPendingSignIn() {
    await identity.hostedReturnAddress({});
    const tokens = identity.tokensFor(identity.addUser('ada@example.com'));
    localStorage.setItem('accessToken', tokens.accessToken);
    localStorage.setItem('idToken', tokens.idToken);
    localStorage.setItem('refreshToken', tokens.refreshToken);
    return tokens;
  }

  it('leaves the session and the address alone for an address with a code of its own (a promo link)', async () => {
    const tokens = await signedInWithPendingSignIn();
    window.history.replaceState(null, '', '/pricing?code=SPRING24');
    renderApp(identity);
    // Signed in from the first render: no loading state.
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBe(tokens.accessToken);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/pricing?code=SPRING24');
    expect(identity.ops('exchangeCode')).toEqual([]);
  });

  it.each([
    ['a code and a state this tab did not send', '/dashboard?code=good-code&state=someone-elses&keep=1', '/dashboard?keep=1'],
    ['an error and a state this tab did not send', '/?error=access_denied&state=someone-elses', '/'],
  ])('keeps a signed-in session and cleans the address for %s', async (_what, here, cleaned) => {
    const tokens = await signedInWithPendingSignIn();
    window.history.replaceState(null, '', here);
    renderApp(identity);
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe(cleaned), RETURN);
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBe(tokens.accessToken);
    expect(identity.ops('exchangeCode')).toEqual([]);
  });

  it("refuses someone else's callback to a signed-out visitor with 'OAuth sign-in failed. Please try again.'", async () => {
    await identity.hostedReturnAddress({});
    window.history.replaceState(null, '', '/?code=good-code&state=someone-elses');
    renderApp(identity);
    expect((await screen.findByRole('alert', undefined, RETURN)).textContent).toBe('OAuth sign-in failed. Please try again.');
    await waitFor(() => expect(window.location.search).toBe(''), RETURN);
    expect(screen.getByTestId('status').textContent).toBe('signed-out');
    expect(identity.ops('exchangeCode')).toEqual([]);
  });
});
