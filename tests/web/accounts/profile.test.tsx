import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityError } from '../../../src-shared/api/identity/types.ts';
import { profileLoadError } from '../../../src-web/features/account/profile-model.ts';
import { FakeIdentity, type FakeUser } from './fake-identity.ts';
import { button, input, openProfile, signInAs } from './profile-support.ts';
import { renderApp, stubServerApi, type ApiCall } from './render-app.tsx';
import { openedModal } from '../support/modal-dialog.ts';

let identity: FakeIdentity;
let api: ApiCall[];
let stored: FakeUser;

beforeEach(() => {
  identity = new FakeIdentity();
  api = stubServerApi();
  stored = identity.addUser('ada@example.com', { attributes: { phone_number: '+15551234567' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Typing into many fields takes a few seconds on a busy machine.
describe('profile settings', { timeout: 20_000 }, () => {
  it('shows the profile with its Verified chip and disables Reset and Save until something changes', async () => {
    const user = await openProfile(identity, stored);
    expect(input(/^First Name/).value).toBe('Ada');
    expect(input(/^Phone Number/).value).toBe('(555) 123-4567');
    expect(input(/^Phone Number/).placeholder).toBe('(555) 123-4567');
    expect(screen.getAllByText('Verified').length).toBeGreaterThan(0);
    expect(button('Save Changes').disabled).toBe(true);
    expect(button('Reset Changes').disabled).toBe(true);
    await user.type(input(/^First Name/), 'x');
    expect(button('Save Changes').disabled).toBe(false);
    await user.click(button('Reset Changes'));
    expect(input(/^First Name/).value).toBe('Ada');
    expect(button('Save Changes').disabled).toBe(true);
  });

  it('warns when the email is not verified', async () => {
    stored.attributes.email_verified = 'false';
    await openProfile(identity, stored);
    expect(screen.getByText('Your email address is not verified. Some features may be limited.')).toBeTruthy();
    expect(screen.getAllByText('Unverified').length).toBeGreaterThan(0);
  });

  it('checks in their fixed order and shows only the first failure', async () => {
    const user = await openProfile(identity, stored);
    await user.clear(input(/^First Name/));
    await user.clear(input(/^Last Name/));
    await user.click(button('Save Changes'));
    expect(screen.getByRole('alert').textContent).toBe('First name is required');
    await user.type(input(/^First Name/), 'Ada');
    await user.click(button('Save Changes'));
    expect(screen.getByRole('alert').textContent).toBe('Last name is required');
    await user.type(input(/^Last Name/), 'Lovelace');
    await user.clear(input(/^Email Address/));
    await user.click(button('Save Changes'));
    expect(screen.getByRole('alert').textContent).toBe('Email is required');
    await user.type(input(/^Email Address/), 'ada at example.com');
    await user.click(button('Save Changes'));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(identity.ops('updateUserAttributes')).toEqual([]);
  });

  it('regular account, same email: updates given_name, family_name and phone_number, audits the change', async () => {
    const user = await openProfile(identity, stored);
    await user.clear(input(/^First Name/));
    await user.type(input(/^First Name/), 'Augusta');
    await user.clear(input(/^Phone Number/));
    await user.type(input(/^Phone Number/), '5559876543');
    await user.click(button('Save Changes'));
    expect((await screen.findByRole('status')).textContent).toBe('Profile updated successfully!');
    expect(identity.ops('updateUserAttributes')[0]?.[1]).toEqual({
      given_name: 'Augusta',
      family_name: 'Lovelace',
      phone_number: '+15559876543',
    });
    await waitFor(() =>
      expect(api.find((call) => call.path === '/api/audit-profile')?.body).toMatchObject({
        changes: { firstName: { old: 'Ada', new: 'Augusta' }, phoneNumber: { old: '(555) 123-4567', new: '5559876543' } },
      }),
    );
    expect(button('Save Changes').disabled).toBe(true);
  });

  it('keeps the phone number as typed, checks its characters and sends it in E.164 with its own country code', async () => {
    const user = await openProfile(identity, stored);
    await user.clear(input(/^Phone Number/));
    await user.type(input(/^Phone Number/), '+44 20 7946 0958x');
    expect(input(/^Phone Number/).value).toBe('+44 20 7946 0958x');
    await user.click(button('Save Changes'));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid phone number');
    expect(identity.ops('updateUserAttributes')).toEqual([]);
    await user.type(input(/^Phone Number/), '{Backspace}');
    await user.click(button('Save Changes'));
    expect((await screen.findByRole('status')).textContent).toBe('Profile updated successfully!');
    expect(identity.ops('updateUserAttributes')[0]?.[1]).toMatchObject({ phone_number: '+442079460958' });
  });

  it('clearing the phone number removes it from the account, not only from the form', async () => {
    const user = await openProfile(identity, stored);
    await user.clear(input(/^Phone Number/));
    await user.click(button('Save Changes'));
    expect((await screen.findByRole('status')).textContent).toBe('Profile updated successfully!');
    expect(identity.ops('updateUserAttributes')[0]?.[1]).toEqual({
      given_name: 'Ada',
      family_name: 'Lovelace',
      phone_number: '',
    });
    expect(stored.attributes.phone_number).toBeUndefined();
    await waitFor(() =>
      expect(api.find((call) => call.path === '/api/audit-profile')?.body).toMatchObject({
        changes: { phoneNumber: { old: '(555) 123-4567', new: '' } },
      }),
    );
  });

  it('a stored number from abroad survives editing the field', async () => {
    stored.attributes.phone_number = '+447911123456';
    const user = await openProfile(identity, stored);
    expect(input(/^Phone Number/).value).toBe('+447911123456');
    await user.type(input(/^Phone Number/), '{Backspace}');
    expect(input(/^Phone Number/).value).toBe('+44791112345');
    await user.type(input(/^Phone Number/), '7');
    await user.click(button('Save Changes'));
    expect((await screen.findByRole('status')).textContent).toBe('Profile updated successfully!');
    expect(identity.ops('updateUserAttributes')[0]?.[1]).toMatchObject({ phone_number: '+447911123457' });
  });

  it('a failing audit never blocks the save', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"down"}', { status: 500 })),
    );
    const user = await openProfile(identity, stored);
    await user.type(input(/^Last Name/), '-King');
    await user.click(button('Save Changes'));
    expect((await screen.findByRole('status')).textContent).toBe('Profile updated successfully!');
  });

  it('shows the service message or the fallback when the update fails', async () => {
    const user = await openProfile(identity, stored);
    identity.failNext.set('updateUserAttributes', new IdentityError('InvalidParameterException', 'Invalid phone number format.'));
    await user.type(input(/^Last Name/), 'x');
    await user.click(button('Save Changes'));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid phone number format.');
    identity.failNext.set('updateUserAttributes', new IdentityError('X', ''));
    await user.click(button('Save Changes'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to update profile'));
  });

  it('social account: refuses an email change, applies other changes locally', async () => {
    stored.username = 'google_g-ada';
    stored.identities = [{ providerName: 'Google', userId: 'g-ada' }];
    const user = await openProfile(identity, stored);
    await user.clear(input(/^Email Address/));
    await user.type(input(/^Email Address/), 'other@example.com');
    await user.click(button('Save Changes'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Email changes are not supported for social sign-in accounts. Please contact support if you need to change your email.',
    );
    await user.click(button('Reset Changes'));
    await user.clear(input(/^First Name/));
    await user.type(input(/^First Name/), 'Augusta');
    await user.click(button('Save Changes'));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Profile updated locally. Note: Some changes may require re-authentication with your social provider.',
    );
    expect(identity.ops('updateUserAttributes')).toEqual([]);
  });

  it('a password account later linked to Google saves its name in the pool', async () => {
    stored.identities = [{ providerName: 'Google', userId: 'g-ada' }];
    const user = await openProfile(identity, stored);
    await user.clear(input(/^First Name/));
    await user.type(input(/^First Name/), 'Augusta');
    await user.click(button('Save Changes'));
    expect((await screen.findByRole('status')).textContent).toBe('Profile updated successfully!');
    expect(identity.ops('updateUserAttributes')[0]?.[1]).toMatchObject({ given_name: 'Augusta' });
  });

  it("asks before leaving with unsaved changes: 'Stay' keeps them, 'Leave Without Saving' goes back", async () => {
    const user = await openProfile(identity, stored);
    await user.type(input(/^First Name/), 'x');
    await user.click(button('Cancel'));
    const dialog = await openedModal('alertdialog');
    expect(within(dialog).getByText('You have unsaved changes. Are you sure you want to leave without saving?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 15_000 });
    expect(input(/^First Name/).value).toBe('Adax');
    // The page is hidden from the accessibility tree until the closing dialog has unmounted.
    await user.click(await screen.findByRole('button', { name: 'Close' }, { timeout: 15_000 }));
    await user.click(within(await openedModal('alertdialog')).getByRole('button', { name: 'Leave Without Saving' }));
    expect(await screen.findByText('Elsewhere', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('without changes, Cancel goes back one page at once', async () => {
    const user = await openProfile(identity, stored);
    await user.click(button('Cancel'));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });

  it('maps load failures: session words to the session message, others to the plain one', async () => {
    expect(profileLoadError(new Error('Access Token has expired'))).toBe(
      'Your session may have expired. Please try signing out and signing in again.',
    );
    expect(profileLoadError(new Error('Not authorized'))).toBe(
      'Your session may have expired. Please try signing out and signing in again.',
    );
    expect(profileLoadError(new Error('Network down'))).toBe('Failed to load profile');
    expect(profileLoadError(new Error('No access token available'))).toBe('No access token available');
    identity.failNext.set('getUser', new IdentityError('NotAuthorizedException', 'Access Token has been revoked'));
    signInAs(identity, stored);
    renderApp(identity, '/profile');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your session may have expired. Please try signing out and signing in again.',
    );
  });

  it('says so when the profile takes longer than 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    identity.getUser = () => new Promise(() => {});
    signInAs(identity, stored);
    renderApp(identity, '/profile');
    await screen.findByText('Loading your profile…');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByText('Profile loading is taking longer than expected. Please try refreshing the page.')).toBeTruthy();
  });
});
