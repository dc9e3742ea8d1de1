import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityError } from '../../../src-shared/api/identity/types.ts';
import { FakeIdentity } from './fake-identity.ts';
import { renderApp, stubServerApi } from './render-app.tsx';

let identity: FakeIdentity;
beforeEach(() => {
  identity = new FakeIdentity();
  stubServerApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

describe('an invited user’s first sign-in (NEW_PASSWORD_REQUIRED)', { timeout: 20_000 }, () => {
  it('asks for a new password with the sign-up rules, then signs in with it', async () => {
    identity.addUser('invited@example.com', { password: 'Temp-Pass-1!', temporary: true });
    const user = userEvent.setup();
    renderApp(identity);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(/^Email/), 'invited@example.com');
    await user.type(field(/^Password/), 'Temp-Pass-1!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByRole('form', { name: 'Set a new password' });
    expect(screen.getByText(/with a temporary password/)).toBeTruthy();
    await user.type(field(/^New Password/), 'weakpass');
    await user.type(field(/^Confirm New Password/), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByText('Password must contain uppercase, lowercase, number, and special character')).toBeTruthy();
    expect(identity.ops('completeNewPassword')).toEqual([]);

    await user.clear(field(/^New Password/));
    await user.clear(field(/^Confirm New Password/));
    await user.type(field(/^New Password/), 'My-Own-Pass-9!');
    await user.type(field(/^Confirm New Password/), 'My-Own-Pass-9!');
    identity.failNext.set(
      'completeNewPassword',
      new IdentityError('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
    );
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid session for the user, session is expired.'));
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    expect(identity.ops('completeNewPassword')).toEqual([
      ['invited@example.com', 'session-sub-1', 'My-Own-Pass-9!'],
      ['invited@example.com', 'session-sub-1', 'My-Own-Pass-9!'],
    ]);
    expect(identity.users.get('invited@example.com')).toMatchObject({ password: 'My-Own-Pass-9!', temporary: false });
  });

  it('"Back to sign in" returns to the sign-in form', async () => {
    identity.addUser('invited@example.com', { password: 'Temp-Pass-1!', temporary: true });
    const user = userEvent.setup();
    renderApp(identity);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(/^Email/), 'invited@example.com');
    await user.type(field(/^Password/), 'Temp-Pass-1!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect((field(/^Password/) as HTMLInputElement).value).toBe('');
  });
});
